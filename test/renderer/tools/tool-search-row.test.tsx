import { act, cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { recordFixture } from '../support/fake-chat'
import { renderOpenConversation } from '../support/render-chat'
import { calendarResults, toolSearchCall, toolSearchResult } from '../support/tool-search-records'

afterEach(cleanup)

function searchRow(): HTMLElement {
  return within(screen.getByTestId('transcript')).getByTestId('tool-search')
}

/** Each found tool's name and its mark ('' for none). */
function foundTools(row: HTMLElement): Array<[string, string]> {
  return within(row)
    .getAllByRole('listitem')
    .map((item) => [
      within(item).getByRole('code').textContent,
      item.querySelector('[data-testid="tool-search-mark"]')?.textContent ?? '',
    ])
}

describe('tool search row', () => {
  it('shows the query, the tools found and which were loaded for the next step, with the JSON one click away', async () => {
    const answer = {
      results: calendarResults,
      callableNextStep: ['mcp_calendar_create_event', 'mcp_calendar_list_events'],
      notLoaded: [{ name: 'mcp_mail_send', reason: '32 tools are loaded already this turn' }],
    }
    await renderOpenConversation([
      toolSearchCall('s1', { query: 'create a calendar event', limit: 3 }),
      toolSearchResult('s1', answer, {
        catalogFingerprint: 'fp-1',
        found: calendarResults.map((tool) => tool.name),
        loaded: ['mcp_calendar_create_event', 'mcp_calendar_list_events'],
      }),
    ])
    const row = searchRow()
    expect(row.getAttribute('aria-label')).toBe('Tool search for “create a calendar event”: Completed')
    expect(row.dataset.state).toBe('completed')
    expect(within(row).getByTestId('tool-search-query').textContent).toBe('create a calendar event')
    expect(row.textContent).toContain('up to 3')
    expect(foundTools(within(row).getByRole('list', { name: 'Tools found' }))).toEqual([
      ['mcp_calendar_create_event', 'loaded for the next step'],
      ['mcp_calendar_list_events', 'loaded for the next step'],
      ['mcp_mail_send', 'not loaded: 32 tools are loaded already this turn'],
    ])
    expect(row.textContent).toContain('Lists the events between two dates.')
    expect(within(row).queryByTestId('tool-search-note')).toBeNull()
    // The exact answer the model saw, and the host's metadata, stay available.
    expect(JSON.parse(within(row).getByTestId('tool-search-json').textContent)).toEqual(answer)
    expect(row.textContent).toContain('"catalogFingerprint": "fp-1"')
    // A host tool: it is not a generic MCP row and names no server or destination.
    expect(within(screen.getByTestId('transcript')).queryByTestId('tool-call')).toBeNull()
    expect(row.textContent).not.toMatch(/Server|Destination|@local/)
    expect(row.innerHTML).not.toContain('@local')
    expect(row.classList.contains('selectable')).toBe(true)
  })

  it('marks only the tools the host loaded, per the metadata', async () => {
    await renderOpenConversation([
      toolSearchCall('s1', { query: 'calendar' }),
      toolSearchResult(
        's1',
        { results: calendarResults.slice(0, 2), callableNextStep: ['mcp_calendar_list_events'] },
        { catalogFingerprint: 'fp-1', found: [], loaded: ['mcp_calendar_list_events'] },
      ),
    ])
    expect(foundTools(searchRow())).toEqual([
      ['mcp_calendar_create_event', ''],
      ['mcp_calendar_list_events', 'loaded for the next step'],
    ])
    expect(searchRow().textContent).not.toContain('up to')
  })

  it('says why nothing was loaded when the search saw a catalog that has since changed', async () => {
    const note =
      'Nothing was loaded: the tool catalog changed since this turn began; search again after the next message.'
    await renderOpenConversation([
      toolSearchCall('s1', { query: 'create a calendar event' }),
      toolSearchResult(
        's1',
        { results: calendarResults.slice(0, 1), note },
        { catalogFingerprint: 'changed:3/4', found: ['mcp_calendar_create_event'], loaded: [] },
      ),
    ])
    const row = searchRow()
    expect(within(row).getByTestId('tool-search-note').textContent).toBe(note)
    expect(foundTools(row)).toEqual([['mcp_calendar_create_event', '']])
    expect(row.textContent).not.toContain('loaded for the next step')
  })

  it('passes on the hint when no tool matched', async () => {
    const hint = 'No tool matched; try other words for the action or the object.'
    await renderOpenConversation([
      toolSearchCall('s1', { query: 'teleport the cat' }),
      toolSearchResult('s1', { results: [], callableNextStep: [], hint }, { loaded: [], found: [] }),
    ])
    const row = searchRow()
    expect(within(row).getByTestId('tool-search-empty').textContent).toBe(hint)
    expect(within(row).queryByRole('list', { name: 'Tools found' })).toBeNull()
  })

  it('shows a refused search with its reason in the failed style, and the arguments the model sent', async () => {
    const reason = 'mcp_tool_search takes {"query": string, "limit"?: 1-20}; query: query must not be empty'
    await renderOpenConversation([
      toolSearchCall('s1', { query: '', limit: 50 }),
      recordFixture({ type: 'tool_result', turnId: 't1', callId: 's1', state: 'failed', text: reason }),
    ])
    const row = searchRow()
    expect(row.dataset.state).toBe('failed')
    expect(row.classList.contains('tool-call--failed')).toBe(true)
    expect(within(row).getByTestId('tool-call-state').textContent).toBe('Failed')
    expect(within(row).getByLabelText('Result').textContent).toBe(reason)
    expect(row.textContent).not.toContain('The server reported an error.')
    expect(row.textContent).toContain('"limit": 50')
  })

  it('says it is searching while the turn runs, and keeps ordinary MCP calls as tool-call rows', async () => {
    const { api, meta, store } = await renderOpenConversation()
    await act(() => store.getState().sendMessage('Add lunch on Friday'))
    const turnId = store.getState().conversation!.runningTurnId!
    act(() => {
      api.chat.append(meta.id, {
        type: 'tool_call',
        turnId,
        callId: 'c1',
        exposedName: 'mcp_calendar_create_event',
        serverId: 'calendar',
        toolName: 'create_event',
        arguments: {},
      })
      api.chat.append(meta.id, {
        type: 'tool_result',
        turnId,
        callId: 'c1',
        state: 'failed',
        text: 'mcp_calendar_create_event is not loaded, so nothing was sent. Call mcp_tool_search to find it first; the tools it finds can be called in your next step.',
      })
      api.chat.append(meta.id, {
        type: 'tool_call',
        turnId,
        callId: 's1',
        exposedName: 'mcp_tool_search',
        serverId: '@local',
        toolName: 'mcp_tool_search',
        arguments: { query: 'create event' },
      })
    })
    const row = searchRow()
    expect(within(row).getByTestId('tool-call-state').textContent).toBe('Searching…')
    const mcpRow = within(screen.getByTestId('transcript')).getByTestId('tool-call')
    expect(mcpRow.dataset.state).toBe('failed')
    expect(mcpRow.textContent).toContain('is not loaded, so nothing was sent')
  })
})
