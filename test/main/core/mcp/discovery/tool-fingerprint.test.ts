import { describe, expect, it } from 'vitest'
import {
  canonicalJson,
  diffTools,
  fingerprintTool,
} from '../../../../../src/main/core/mcp/discovery/tool-fingerprint'
import type { ToolChange } from '../../../../../src/shared/mcp/server-state'
import { toolChangeSchema } from '../../../../../src/shared/mcp/server-state'
import { tool } from './support/tool-info'

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
