// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  LONG_SCHEMA_BYTES,
  removedToolNames,
  schemaJson,
  toolChoiceMode,
  toolOfferProblem,
  utf8Bytes,
} from '../../../src/renderer/src/sampling/offered-tools'
import { samplingCardFixture } from '../support/sampling-fixtures'

const tools = [
  { name: 'search', inputSchema: { type: 'object' } },
  { name: 'read', inputSchema: { type: 'object' } },
]

describe('sampling tools', () => {
  it('reads a missing mode as auto, as the SEP’s default', () => {
    expect(toolChoiceMode(samplingCardFixture({ tools }))).toBe('auto')
    expect(toolChoiceMode(samplingCardFixture({ tools, toolChoice: 'none' }))).toBe('none')
  })

  it('names the removed tools in the card’s order and drops names the card no longer has', () => {
    const card = samplingCardFixture({ tools })
    expect(removedToolNames(card, new Set(['read', 'gone', 'search']))).toEqual(['search', 'read'])
    expect(removedToolNames(card, new Set())).toEqual([])
  })

  it('finds a problem only when a required tool call is left with no tool offered', () => {
    const all = new Set(['search', 'read'])
    const required = samplingCardFixture({ tools, toolChoice: 'required' })
    expect(toolOfferProblem(required, new Set(['search']))).toBeUndefined()
    expect(toolOfferProblem(required, all)).toMatch(/with none offered, and the host will refuse the request/)
    expect(toolOfferProblem(samplingCardFixture({ tools, toolChoice: 'auto' }), all)).toBeUndefined()
    expect(toolOfferProblem(samplingCardFixture({ tools, toolChoice: 'none' }), all)).toBeUndefined()
    // No tools at all is an ordinary sampling request, not an empty offer.
    expect(toolOfferProblem(samplingCardFixture({ tools: [], toolChoice: 'required' }), all)).toBeUndefined()
  })

  it('pretty-prints a schema and measures it in UTF-8 bytes against the 2 KiB threshold', () => {
    expect(schemaJson({ type: 'object' })).toBe('{\n  "type": "object"\n}')
    expect(utf8Bytes('é€')).toBe(5)
    expect(LONG_SCHEMA_BYTES).toBe(2048)
  })
})
