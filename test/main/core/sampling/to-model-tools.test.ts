// The server's tools as `ai` SDK tools: definitions without execute, the server's order, toolChoice, names.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { asSchema } from 'ai'
import { describe, expect, it } from 'vitest'
import { toModelTools } from '../../../../src/main/core/sampling/to-model-tools'
import { modelToolName } from '../../../../src/main/core/sampling/tool-names'

const lookupSchema = {
  type: 'object' as const,
  properties: { word: { type: 'string' } },
  required: ['word'],
}
const tools = [
  { name: 'lookup', description: 'Look a word up', inputSchema: lookupSchema },
  { name: 'notes.search', inputSchema: { type: 'object' as const } },
  { name: 'Alpha', inputSchema: { type: 'object' as const } },
]

describe('toModelTools', () => {
  it('defines every tool with its description and JSON schema, and none can be executed by the host', async () => {
    const offered = toModelTools({ tools })
    expect(offered).toBeDefined()
    const definitions = Object.entries(offered!.tools)
    expect(definitions.map(([name]) => name)).toEqual(['lookup', modelToolName('notes.search'), 'Alpha'])
    for (const [, definition] of definitions) {
      expect(definition).not.toHaveProperty('execute')
      expect(definition.execute).toBeUndefined()
    }
    const lookup = offered!.tools['lookup']!
    expect(lookup.description).toBe('Look a word up')
    expect(await asSchema(lookup.inputSchema).jsonSchema).toEqual(lookupSchema)
    expect(offered!.tools[modelToolName('notes.search')]).not.toHaveProperty('description')
  })

  it("keeps the server's order (the SDK would sort by name) and maps names back", () => {
    const offered = toModelTools({ tools })!
    expect(offered.toolOrder).toEqual(['lookup', modelToolName('notes.search'), 'Alpha'])
    expect(offered.names.toServer(modelToolName('notes.search'))).toBe('notes.search')
  })

  it('maps each toolChoice mode one to one, and leaves it out when the server did not say', () => {
    for (const mode of ['auto', 'required', 'none'] as const) {
      expect(toModelTools({ tools, toolChoice: { mode } })?.toolChoice).toBe(mode)
    }
    expect(toModelTools({ tools, toolChoice: {} })).not.toHaveProperty('toolChoice')
    expect(toModelTools({ tools })).not.toHaveProperty('toolChoice')
  })

  it('offers nothing without tools, and refuses "required" with nothing to call', () => {
    expect(toModelTools({})).toBeUndefined()
    expect(toModelTools({ tools: [], toolChoice: { mode: 'none' } })).toBeUndefined()
    let caught: unknown
    try {
      toModelTools({ tools: [], toolChoice: { mode: 'required' } })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ProtocolError)
    expect((caught as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams)
    expect((caught as ProtocolError).message).toContain('"required" but no tools are offered')
  })

  it('keeps a tool named __proto__ as a tool', () => {
    const offered = toModelTools({ tools: [{ name: '__proto__', inputSchema: { type: 'object' } }] })!
    expect(Object.keys(offered.tools)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(offered.tools)).toBe(Object.prototype)
  })
})
