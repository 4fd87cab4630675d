// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { TranscriptRecord } from '../../../src/shared/chat/transcript-schema'
import { isToolSearchCall, toolSearchView } from '../../../src/renderer/src/tools/tool-search-model'
import { recordFixture } from '../support/fake-chat'
import { calendarResults, toolSearchCall, toolSearchResult } from '../support/tool-search-records'

type Call = Extract<TranscriptRecord, { type: 'tool_call' }>
type Result = Extract<TranscriptRecord, { type: 'tool_result' }>

const search = toolSearchCall('s1', { query: 'calendar' }) as Call

describe('tool search model', () => {
  it('recognises only the host’s own search tool, not a server tool that happens to share the name', () => {
    expect(isToolSearchCall(search)).toBe(true)
    expect(isToolSearchCall({ ...search, serverId: 'search' })).toBe(false)
    expect(isToolSearchCall({ ...search, exposedName: 'mcp_other' })).toBe(false)
  })

  it('falls back to what the model was told when a result has no metadata', () => {
    const result = toolSearchResult(
      's1',
      { results: calendarResults.slice(0, 2), callableNextStep: ['mcp_calendar_create_event'] },
      undefined,
    ) as Result
    expect(toolSearchView(search, result).answer?.found.map((tool) => [tool.name, tool.loaded])).toEqual([
      ['mcp_calendar_create_event', true],
      ['mcp_calendar_list_events', false],
    ])
  })

  it('trusts the metadata over the answer text for what was loaded', () => {
    const result = toolSearchResult(
      's1',
      { results: calendarResults.slice(0, 1), callableNextStep: ['mcp_calendar_create_event'] },
      { loaded: [] },
    ) as Result
    expect(toolSearchView(search, result).answer?.found[0]?.loaded).toBe(false)
  })

  it('has no answer for text that is not the search’s JSON, and no query for odd arguments', () => {
    const broken = recordFixture({
      type: 'tool_result',
      turnId: 't1',
      callId: 's1',
      state: 'completed',
      text: 'not json',
    }) as Result
    expect(toolSearchView(search, broken)).toEqual({ query: 'calendar' })
    const odd = toolSearchCall('s2', 'calendar please') as Call
    expect(toolSearchView(odd)).toEqual({})
    const missingDescription = toolSearchResult(
      's1',
      { results: [{ name: 'x' }] },
      { loaded: ['x'] },
    ) as Result
    expect(toolSearchView(search, missingDescription).answer?.found).toEqual([
      { name: 'x', description: '', loaded: true },
    ])
  })
})
