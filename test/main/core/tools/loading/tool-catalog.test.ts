import { describe, expect, it } from 'vitest'
import {
  buildCatalog,
  catalogBudget,
  catalogFingerprint,
  CATALOG_UNTRUSTED_LINE,
  type CatalogTool,
} from '../../../../../src/main/core/tools/loading/tool-catalog'
import { estimateTokens } from '../../../../../src/main/core/tools/loading/token-estimate'

function tools(count: number, description = 'Does one precise thing with a record'): CatalogTool[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `mcp_srv_tool_${String(i).padStart(4, '0')}`,
    description,
    inputSchema: { type: 'object' },
  }))
}

describe('catalogBudget', () => {
  it('is 10% of the usable window, at most 20 000 tokens, and 20 000 when the window is unknown', () => {
    expect(catalogBudget(100_000)).toBe(10_000)
    expect(catalogBudget(1_000_000)).toBe(20_000)
    expect(catalogBudget(undefined)).toBe(20_000)
  })
})

describe('buildCatalog', () => {
  const usableWindow = 100_000 // budget 10 000 tokens

  it('opens with the untrusted-metadata line and lists names with descriptions when they fit', () => {
    const catalog = buildCatalog(tools(3), { usableWindow, contextTokens: 0 })
    const lines = catalog.text.split('\n')
    expect(lines[0]).toBe(CATALOG_UNTRUSTED_LINE)
    expect(lines.slice(1)).toEqual([
      '- mcp_srv_tool_0000: Does one precise thing with a record',
      '- mcp_srv_tool_0001: Does one precise thing with a record',
      '- mcp_srv_tool_0002: Does one precise thing with a record',
    ])
    expect(catalog).toMatchObject({ format: 'descriptions', listed: 3, omitted: 0, budgetTokens: 10_000 })
  })

  it('switches to names only at 70% of the usable window in use, not below', () => {
    expect(buildCatalog(tools(3), { usableWindow, contextTokens: 69_999 }).format).toBe('descriptions')
    const pressed = buildCatalog(tools(3), { usableWindow, contextTokens: 70_000 })
    expect(pressed.format).toBe('names')
    expect(pressed.text.split('\n').slice(1)).toEqual([
      '- mcp_srv_tool_0000',
      '- mcp_srv_tool_0001',
      '- mcp_srv_tool_0002',
    ])
  })

  it('lists names only when descriptions would pass the budget, right at the edge', () => {
    const description = 'x'.repeat(200)
    // Find the largest count whose descriptions still fit the 10 000 token budget.
    let fitting = 1
    while (
      buildCatalog(tools(fitting + 1, description), { usableWindow, contextTokens: 0 }).format ===
      'descriptions'
    ) {
      fitting += 1
    }
    const atEdge = buildCatalog(tools(fitting, description), { usableWindow, contextTokens: 0 })
    expect(atEdge.format).toBe('descriptions')
    expect(estimateTokens(atEdge.text)).toBeLessThanOrEqual(10_000)
    expect(buildCatalog(tools(fitting + 1, description), { usableWindow, contextTokens: 0 }).format).toBe(
      'names',
    )
  })

  it('cuts the names when even they do not fit, saying how many were omitted, within the budget', () => {
    const catalog = buildCatalog(tools(3000), { usableWindow: 20_000, contextTokens: 0 }) // budget 2 000
    expect(catalog.format).toBe('names')
    expect(catalog.omitted).toBe(3000 - catalog.listed)
    expect(catalog.listed).toBeGreaterThan(0)
    expect(catalog.text.split('\n').at(-1)).toBe(
      `… ${catalog.omitted} more tools are not listed here; search finds them too.`,
    )
    expect(estimateTokens(catalog.text)).toBeLessThanOrEqual(2_000)
  })

  it('shows a description by its first line, whitespace collapsed and cut', () => {
    const [tool] = tools(1, `\n  First   line here\nSecond line ${'y'.repeat(10)}`)
    expect(buildCatalog([tool!], { usableWindow, contextTokens: 0 }).text.split('\n')[1]).toBe(
      '- mcp_srv_tool_0000: First line here',
    )
    const [long] = tools(1, 'z'.repeat(500))
    const line = buildCatalog([long!], { usableWindow, contextTokens: 0 }).text.split('\n')[1]!
    expect(line.endsWith('…')).toBe(true)
    expect(line.length).toBeLessThan(200)
  })
})

describe('catalogFingerprint', () => {
  it('ignores order and changes with any name, description or schema', () => {
    const base = tools(3)
    expect(catalogFingerprint([...base].reverse())).toBe(catalogFingerprint(base))
    const changed = base.map((tool, i) => (i === 1 ? { ...tool, description: 'Now it deletes' } : tool))
    expect(catalogFingerprint(changed)).not.toBe(catalogFingerprint(base))
    const schema = base.map((tool, i) =>
      i === 2 ? { ...tool, inputSchema: { type: 'object', required: ['x'] } } : tool,
    )
    expect(catalogFingerprint(schema)).not.toBe(catalogFingerprint(base))
  })
})
