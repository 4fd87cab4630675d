import { describe, expect, it } from 'vitest'
import {
  decideToolSearch,
  usableInputWindow,
} from '../../../../../src/main/core/tools/loading/tool-search-mode'
import { estimateDefinitionTokens } from '../../../../../src/main/core/tools/loading/token-estimate'

const small = (i: number) => ({ name: `mcp_s_t${i}`, description: 'Short', inputSchema: { type: 'object' } })
const window = { contextWindow: 100_000, maxOutputTokens: 4_000 }

describe('decideToolSearch', () => {
  it('follows off and always whatever the tools', () => {
    const many = Array.from({ length: 100 }, (_, i) => small(i))
    expect(decideToolSearch('off', many, window).on).toBe(false)
    expect(decideToolSearch('always', [small(1)], window).on).toBe(true)
    expect(decideToolSearch('always', [], window)).toMatchObject({
      on: false,
      reason: 'no MCP tools are connected',
    })
  })

  it('auto: on past 40 MCP tools, off at 40', () => {
    const forty = Array.from({ length: 40 }, (_, i) => small(i))
    expect(decideToolSearch('auto', forty, window).on).toBe(false)
    expect(decideToolSearch('auto', [...forty, small(40)], window)).toMatchObject({ on: true })
  })

  it('auto: on when the definitions pass 10% of the usable input window', () => {
    const usable = usableInputWindow(window)
    expect(usable).toBe(96_000)
    const big = (description: string) => ({ name: 'mcp_s_big', description, inputSchema: { type: 'object' } })
    // Grow one definition until it crosses 9 600 tokens.
    let size = 1000
    while (estimateDefinitionTokens(big('d'.repeat(size + 4))) <= 9_600) size += 4
    expect(decideToolSearch('auto', [big('d'.repeat(size))], window).on).toBe(false)
    const over = decideToolSearch('auto', [big('d'.repeat(size + 4))], window)
    expect(over.on).toBe(true)
    expect(over.reason).toContain("of the model's input window")
  })

  it('auto with an unknown context window: no made-up window decides, only the tool count', () => {
    expect(usableInputWindow({})).toBeUndefined()
    // An unknown max output keeps half the window for the answer, the most it ever keeps.
    expect(usableInputWindow({ contextWindow: 100_000 })).toBe(50_000)
    const huge = { name: 'mcp_s_big', description: 'd'.repeat(400_000), inputSchema: { type: 'object' } }
    expect(decideToolSearch('auto', [huge], {})).toMatchObject({
      on: false,
      reason: "the MCP tools fit the tool limit (the model's context window is unknown)",
    })
    const many = Array.from({ length: 41 }, (_, i) => small(i))
    expect(decideToolSearch('auto', many, {}).on).toBe(true)
  })
})
