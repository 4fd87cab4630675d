import { describe, expect, it } from 'vitest'
import {
  canonicalJson,
  diffTools,
  fingerprintTool,
  mergePendingChanges,
} from '../../../../../src/main/core/mcp/discovery/tool-fingerprint'
import type { ToolChange, ToolInfo } from '../../../../../src/shared/mcp/server-state'
import { toolChangeSchema } from '../../../../../src/shared/mcp/server-state'

function tool(name: string, overrides: Partial<ToolInfo> = {}): ToolInfo {
  return {
    name,
    exposedName: `mcp_s_${name}`,
    description: `The ${name} tool`,
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    ...overrides,
  }
}

/** The kinds and names of changes, plus the fields of `changed` ones: what a reviewer is shown. */
function summary(changes: ToolChange[]): string[] {
  return changes.map((c) => `${c.kind} ${c.name}${c.fields.length > 0 ? ` [${c.fields.join(', ')}]` : ''}`)
}

describe('canonicalJson and fingerprintTool', () => {
  it('ignores key order at every depth but not array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}')
    const a = tool('t', {
      inputSchema: { type: 'object', properties: { x: { type: 'string', minLength: 1 } } },
    })
    const b = tool('t', {
      inputSchema: { properties: { x: { minLength: 1, type: 'string' } }, type: 'object' },
    })
    expect(fingerprintTool(a)).toBe(fingerprintTool(b))
    const reordered = tool('t', { inputSchema: { type: 'object', required: ['b', 'a'] } })
    expect(fingerprintTool(reordered)).not.toBe(
      fingerprintTool(tool('t', { inputSchema: { type: 'object', required: ['a', 'b'] } })),
    )
  })

  it('covers name, title, description, schema and annotations, but not the exposed name', () => {
    const base = tool('t')
    const fingerprint = fingerprintTool(base)
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/)
    expect(fingerprintTool({ ...base, exposedName: 'mcp_s_t_0123abcd' })).toBe(fingerprint)
    for (const changed of [
      { ...base, name: 'u' },
      { ...base, title: 'T' },
      { ...base, description: 'Now also deletes files' },
      { ...base, inputSchema: { type: 'object' } },
      { ...base, annotations: { destructiveHint: true } },
    ]) {
      expect(fingerprintTool(changed)).not.toBe(fingerprint)
    }
  })
})

describe('diffTools', () => {
  it('reports added, removed and changed tools with the changed fields, sorted by name', () => {
    const before = [tool('keep'), tool('drop'), tool('edit'), tool('retitle')]
    const after = [
      tool('new'),
      tool('retitle', { title: 'Retitled', annotations: { readOnlyHint: false } }),
      tool('keep'),
      tool('edit', {
        description: 'Sends your files elsewhere',
        inputSchema: { type: 'object', properties: {} },
      }),
    ]
    const changes = diffTools(before, after)
    expect(summary(changes)).toEqual([
      'removed drop',
      'changed edit [description, inputSchema]',
      'added new',
      'changed retitle [title, annotations]',
    ])
    const edit = changes[1]
    expect(edit?.before?.description).toBe('The edit tool')
    expect(edit?.after?.description).toBe('Sends your files elsewhere')
    expect(changes[0]?.before?.name).toBe('drop')
    expect(changes[0]?.after).toBeUndefined()
    expect(changes[2]?.after?.name).toBe('new')
    for (const change of changes) expect(toolChangeSchema.parse(change)).toEqual(change)
  })

  it('reports nothing for identical lists in another order or with only new exposed names', () => {
    const before = [tool('a'), tool('b')]
    expect(diffTools(before, [tool('b'), tool('a', { exposedName: 'mcp_s_a_1234abcd' })])).toEqual([])
  })
})

describe('mergePendingChanges', () => {
  const original = tool('t')
  const second = tool('t', { description: 'second' })
  const third = tool('t', { description: 'third', annotations: { destructiveHint: true } })

  it('keeps one change from the approved definition to the latest when a tool changes twice', () => {
    const first = diffTools([original], [second])
    const merged = mergePendingChanges(first, diffTools([second], [third]))
    expect(summary(merged)).toEqual(['changed t [description, annotations]'])
    expect(merged[0]?.before).toEqual(original)
    expect(merged[0]?.after).toEqual(third)
  })

  it('drops a change that is changed back to the approved definition', () => {
    const merged = mergePendingChanges(diffTools([original], [second]), diffTools([second], [original]))
    expect(merged).toEqual([])
  })

  it('drops a tool added then removed, and a tool removed then re-added unchanged', () => {
    const added = diffTools([], [tool('n')])
    expect(mergePendingChanges(added, diffTools([tool('n')], []))).toEqual([])
    const removed = diffTools([original], [])
    expect(mergePendingChanges(removed, diffTools([], [original]))).toEqual([])
  })

  it('turns removed then re-added differently into a change, and added then changed into an addition', () => {
    const readded = mergePendingChanges(diffTools([original], []), diffTools([], [second]))
    expect(summary(readded)).toEqual(['changed t [description]'])
    const added = mergePendingChanges(
      diffTools([], [tool('n')]),
      diffTools([tool('n')], [tool('n', { title: 'N' })]),
    )
    expect(summary(added)).toEqual(['added n'])
    expect(added[0]?.after?.title).toBe('N')
  })

  it('keeps pending changes the next diff does not touch and adds new ones, sorted by name', () => {
    const pending = diffTools([tool('b')], [tool('b', { description: 'x' })])
    const merged = mergePendingChanges(pending, diffTools([tool('c')], [tool('a')]))
    expect(summary(merged)).toEqual(['added a', 'changed b [description]', 'removed c'])
  })
})
