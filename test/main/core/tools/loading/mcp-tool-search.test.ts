import { describe, expect, it } from 'vitest'
import {
  createToolSearchTool,
  DEFAULT_SEARCH_LIMIT,
  TOOL_SEARCH_NAME,
} from '../../../../../src/main/core/tools/loading/mcp-tool-search'
import { buildCatalog } from '../../../../../src/main/core/tools/loading/tool-catalog'
import { TurnToolScope } from '../../../../../src/main/core/tools/loading/turn-tool-scope'

const catalogTools = [
  { name: 'mcp_a_send', description: 'Send mail', inputSchema: { type: 'object', properties: { to: {} } } },
  { name: 'mcp_a_read', description: 'Read mail', inputSchema: { type: 'object' } },
]

function setup(fingerprintNow?: string) {
  const catalog = buildCatalog(catalogTools, { usableWindow: 100_000, contextTokens: 0 })
  const scope = new TurnToolScope({
    alwaysActive: [TOOL_SEARCH_NAME],
    searchable: ['mcp_a_send', 'mcp_a_read'],
    fingerprint: catalog.fingerprint,
    searchToolName: TOOL_SEARCH_NAME,
  })
  const asked: Array<{ query: string; limit: number }> = []
  const tool = createToolSearchTool({
    catalog,
    scope,
    searchable: new Set(['mcp_a_send', 'mcp_a_read']),
    search: (query, limit) => {
      asked.push({ query, limit })
      const hits = [{ key: 'mcp_a_send', description: `Send mail ${'x'.repeat(2000)}`, score: 1.23456 }]
      return Promise.resolve({ hits, ranking: 'fused' as const })
    },
    currentFingerprint: () => fingerprintNow ?? catalog.fingerprint,
  })
  return { tool, scope, asked, catalog }
}

const signal = new AbortController().signal

describe('mcp_tool_search', () => {
  it('carries the catalog in its description and takes query and limit', () => {
    const { tool, catalog } = setup()
    expect(tool.name).toBe(TOOL_SEARCH_NAME)
    expect(tool.description.endsWith(catalog.text)).toBe(true)
    expect(tool.inputSchema).toMatchObject({ required: ['query'], properties: { limit: { maximum: 20 } } })
  })

  it('searches with the default limit, loads the hits and answers without any schema', async () => {
    const { tool, scope, asked } = setup()
    const outcome = await tool.run({ query: '  send mail  ' }, signal)
    expect(asked).toEqual([{ query: 'send mail', limit: DEFAULT_SEARCH_LIMIT }])
    expect(outcome.state).toBe('completed')
    const answer = JSON.parse(outcome.text) as {
      results: Array<Record<string, unknown>>
      callableNextStep: string[]
    }
    expect(answer.callableNextStep).toEqual(['mcp_a_send'])
    expect(Object.keys(answer.results[0]!)).toEqual(['name', 'description', 'score'])
    expect(answer.results[0]).toMatchObject({ name: 'mcp_a_send', score: 1.235 })
    expect(String(answer.results[0]!['description']).length).toBeLessThanOrEqual(1000)
    expect(outcome.text).not.toContain('properties')
    expect(scope.loaded).toEqual(['mcp_a_send'])
  })

  it('rejects bad arguments with a message naming the field, and searches nothing', async () => {
    const { tool, asked } = setup()
    const empty = await tool.run({ query: '   ' }, signal)
    expect(empty).toMatchObject({
      state: 'failed',
      text: expect.stringContaining('query: query must not be empty'),
    })
    const big = await tool.run({ query: 'x', limit: 21 }, signal)
    expect(big.text).toContain('limit:')
    const extra = await tool.run({ query: 'x', schema: true }, signal)
    expect(extra.state).toBe('failed')
    expect(asked).toEqual([])
  })

  it('loads nothing when the catalog changed since the turn began, and says so', async () => {
    const { tool, scope } = setup('other-fingerprint')
    const outcome = await tool.run({ query: 'send' }, signal)
    expect(JSON.parse(outcome.text)).toMatchObject({ note: expect.stringContaining('catalog changed') })
    expect(scope.loaded).toEqual([])
  })
})
