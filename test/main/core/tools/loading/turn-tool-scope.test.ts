import { describe, expect, it } from 'vitest'
import {
  MAX_LOADED_TOOLS,
  notLoadedMessage,
  TurnToolScope,
} from '../../../../../src/main/core/tools/loading/turn-tool-scope'

const searchable = Array.from({ length: 40 }, (_, i) => `mcp_s_t${String(i).padStart(2, '0')}`)
const all = ['mcp_tool_search', 'mcp_pinned_a', ...searchable]

function scope(): TurnToolScope {
  return new TurnToolScope({
    alwaysActive: ['mcp_tool_search', 'mcp_pinned_a'],
    searchable,
    fingerprint: 'fp-1',
    searchToolName: 'mcp_tool_search',
  })
}

describe('TurnToolScope', () => {
  it('offers the search tool and always-loaded tools until a search loads more, in the stable order', () => {
    const s = scope()
    expect(s.activeNames(all)).toEqual(['mcp_tool_search', 'mcp_pinned_a'])
    expect(s.load(['mcp_s_t07', 'mcp_s_t02'], 'fp-1')).toEqual({
      loaded: ['mcp_s_t07', 'mcp_s_t02'],
      skipped: [],
    })
    // Loaded in the order found, offered in the turn's order.
    expect(s.activeNames(all)).toEqual(['mcp_tool_search', 'mcp_pinned_a', 'mcp_s_t02', 'mcp_s_t07'])
  })

  it('loads at most 32 tools a turn and says which were left out', () => {
    const s = scope()
    const result = s.load(searchable.slice(0, 35), 'fp-1')
    expect(result.loaded).toHaveLength(MAX_LOADED_TOOLS)
    expect(result.skipped.map((skip) => skip.name)).toEqual(searchable.slice(32, 35))
    expect(result.skipped[0]?.reason).toBe('32 tools are loaded already this turn')
    // Found again: already loaded ones stay loaded and are reported as such.
    expect(s.load([searchable[0]!], 'fp-1').loaded).toEqual([searchable[0]])
  })

  it('ignores a search result from a catalog whose fingerprint changed', () => {
    const s = scope()
    const result = s.load(['mcp_s_t01'], 'fp-2')
    expect(result.loaded).toEqual([])
    expect(result.ignored).toContain('catalog changed')
    expect(s.activeNames(all)).toEqual(['mcp_tool_search', 'mcp_pinned_a'])
  })

  it('refuses calls to MCP tools that are not loaded, and not to loaded or always-loaded ones', () => {
    const s = scope()
    expect(s.refusal('mcp_s_t03')).toBe(notLoadedMessage('mcp_s_t03', 'mcp_tool_search'))
    expect(s.refusal('mcp_s_t03')).toContain('Call mcp_tool_search to find it first')
    expect(s.refusal('mcp_pinned_a')).toBeUndefined()
    expect(s.refusal('mcp_tool_search')).toBeUndefined()
    s.load(['mcp_s_t03'], 'fp-1')
    expect(s.refusal('mcp_s_t03')).toBeUndefined()
  })

  it('does not load names outside the catalog', () => {
    expect(scope().load(['mcp_other_x'], 'fp-1').skipped).toEqual([
      { name: 'mcp_other_x', reason: 'not a tool of this conversation' },
    ])
  })

  it('starts empty for every turn: a new user message hides what the last turn loaded', () => {
    const first = scope()
    first.load(['mcp_s_t01'], 'fp-1')
    expect(scope().activeNames(all)).toEqual(['mcp_tool_search', 'mcp_pinned_a'])
  })
})
