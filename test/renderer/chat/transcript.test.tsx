import { act, cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ToolResultState, TranscriptRecordInput } from '../../../src/shared/chat/transcript-schema'
import { recordFixture } from '../support/fake-chat'
import { readableResult } from '../../../src/renderer/src/chat/tool-call-row'
import { renderOpenConversation } from '../support/render-chat'

afterEach(cleanup)

const states: ToolResultState[] = ['completed', 'failed', 'denied', 'unknown', 'output_limit']

function call(callId: string, exposedName = 'mcp_docs_query', turnId = 't1'): TranscriptRecordInput {
  return {
    type: 'tool_call',
    turnId,
    callId,
    exposedName,
    serverId: 'docs',
    toolName: 'query',
    arguments: { q: callId },
  }
}

function transcript(): HTMLElement {
  return screen.getByTestId('transcript')
}

describe('transcript', () => {
  it('gives every tool result state its own look and words', async () => {
    const records = states.flatMap((state) => [
      recordFixture(call(state)),
      recordFixture({ type: 'tool_result', turnId: 't1', callId: state, state, text: `output of ${state}` }),
    ])
    await renderOpenConversation(records)
    const rows = within(transcript()).getAllByTestId('tool-call')
    expect(rows.map((row) => row.dataset.state)).toEqual(states)
    expect(new Set(rows.map((row) => row.className)).size).toBe(states.length)
    const labels = rows.map((row) => within(row).getByTestId('tool-call-state').textContent)
    expect(new Set(labels).size).toBe(states.length)
    const byState = Object.fromEntries(states.map((state, index) => [state, rows[index]!]))
    expect(byState.unknown!.textContent).toContain('The server may have acted; do not retry automatically.')
    expect(byState.output_limit!.textContent).toContain('truncated at 64 KiB')
    expect(byState.denied!.textContent).toContain('Nothing was sent to the server.')
    expect(byState.failed!.textContent).toContain('The server reported an error.')
    expect(within(byState.completed!).getByLabelText('Result').textContent).toBe('output of completed')
    expect(byState.completed!.classList.contains('selectable')).toBe(true)
  })

  it('says nothing was sent for a failure the host refused before sending', async () => {
    await renderOpenConversation([
      recordFixture(call('c1')),
      recordFixture({
        type: 'tool_result',
        turnId: 't1',
        callId: 'c1',
        state: 'failed',
        sent: false,
        text: 'mcp_docs_query is not loaded, so nothing was sent. Call mcp_tool_search to find it first.',
      }),
    ])
    const row = within(transcript()).getByTestId('tool-call')
    expect(row.dataset.state).toBe('failed')
    expect(row.textContent).toContain('Nothing was sent to the server.')
    expect(row.textContent).not.toContain('The server reported an error.')
  })

  it('lists attachment summaries and keeps server metadata apart from what the model saw', async () => {
    await renderOpenConversation([
      recordFixture(call('c1')),
      recordFixture({
        type: 'tool_result',
        turnId: 't1',
        callId: 'c1',
        state: 'completed',
        text: 'See the chart',
        attachments: [{ kind: 'image', mimeType: 'image/png', bytes: 2048 }],
        metadata: { requestId: 'r-9' },
      }),
    ])
    const row = within(transcript()).getByTestId('tool-call')
    expect(within(row).getByRole('list', { name: 'Attachments' }).textContent).toBe(
      'Image · image/png · 2 KiB',
    )
    expect(row.textContent).toContain('Server metadata (kept here, not sent to the model)')
    expect(row.textContent).toContain('"requestId": "r-9"')
  })

  it('shows user bubbles, notes, stopped and failed turns with their reasons, and load warnings first', async () => {
    await renderOpenConversation(
      [
        recordFixture({ type: 'turn', turnId: 't1', status: 'started' }),
        recordFixture({ type: 'user', turnId: 't1', text: 'line one\nline two' }),
        recordFixture({ type: 'note', turnId: 't1', text: 'turn ended: 16 tool calls' }),
        recordFixture({ type: 'turn', turnId: 't1', status: 'cancelled', reason: 'stopped by the user' }),
        recordFixture({
          type: 'turn',
          turnId: 't2',
          status: 'error',
          reason: 'the provider of mock/m failed (HTTP 500): overloaded',
        }),
      ],
      { warnings: ['line 7 was torn (the app stopped while writing it) and was skipped'] },
    )
    const view = transcript()
    expect(within(view).getByTestId('transcript-warnings').textContent).toContain('line 7 was torn')
    expect(within(view).getByTestId('chat-user').textContent).toBe('line one\nline two')
    expect(within(view).getByTestId('chat-note').textContent).toBe('turn ended: 16 tool calls')
    const ends = within(view).getAllByTestId('chat-turn-end')
    expect(ends.map((end) => [end.dataset.status, end.textContent])).toEqual([
      ['cancelled', 'Turn stopped: stopped by the user'],
      ['error', 'Turn failed: the provider of mock/m failed (HTTP 500): overloaded'],
    ])
  })

  it('streams the current step live and replaces it with the recorded step', async () => {
    const { api, meta, store } = await renderOpenConversation()
    await act(() => store.getState().sendMessage('Hi'))
    expect(within(transcript()).getByTestId('chat-waiting').textContent).toBe('Waiting for the model…')
    act(() => api.chat.stream(meta.id, 'Hello **wor'))
    expect(within(transcript()).getByTestId('chat-live').textContent).toBe('Hello **wor')
    act(() => api.chat.stream(meta.id, 'ld**'))
    expect(within(transcript()).getByTestId('chat-live').querySelector('strong')?.textContent).toBe('world')
    act(() => {
      api.chat.append(meta.id, { type: 'assistant', turnId: 'turn-1', step: 0, text: 'Hello **world**' })
    })
    expect(within(transcript()).queryByTestId('chat-live')).toBeNull()
    expect(within(transcript()).getByTestId('chat-assistant').textContent).toBe('Hello world')
  })
})

describe('tool rows as people read them', () => {
  it('names the tool and its server, keeps the model’s name in the tooltip, and indents a JSON result', async () => {
    await renderOpenConversation([
      recordFixture(call('c1')),
      recordFixture({
        type: 'tool_result',
        turnId: 't1',
        callId: 'c1',
        state: 'completed',
        text: '{"title":"Release","day":"Friday","tags":["a","b"]}',
      }),
    ])
    const row = within(transcript()).getByTestId('tool-call')
    const name = within(row).getByTestId('tool-call-name')
    expect(name.textContent).toBe('query · docs')
    expect(name.getAttribute('title')).toBe('mcp_docs_query: query on server docs')
    expect(within(row).getByLabelText('Result').textContent).toBe(
      '{\n  "title": "Release",\n  "day": "Friday",\n  "tags": [\n    "a",\n    "b"\n  ]\n}',
    )
  })

  it('keeps text that is not one line of JSON as the server wrote it', () => {
    expect(readableResult('line one\nline two')).toBe('line one\nline two')
    expect(readableResult('{not json')).toBe('{not json')
    expect(readableResult('{"a":1}\n{"b":2}')).toBe('{"a":1}\n{"b":2}')
  })
})

describe('cut-off answers', () => {
  it('marks an answer the model stopped at its output limit as incomplete, and only that one', async () => {
    await renderOpenConversation([
      recordFixture({ type: 'assistant', turnId: 't1', step: 0, text: 'The first half', cutOff: true }),
      recordFixture({ type: 'assistant', turnId: 't2', step: 0, text: 'A whole answer' }),
    ])
    const [cut, whole] = within(transcript()).getAllByTestId('chat-assistant')
    expect(within(cut!).getByTestId('chat-cut-off').textContent).toBe(
      'Cut off: the model reached its output limit, so this answer is incomplete.',
    )
    expect(within(whole!).queryByTestId('chat-cut-off')).toBeNull()
  })
})

describe('input rounds (MRTR)', () => {
  it("shows a running call's round and what its server asked, then how many rounds the answer took", async () => {
    const { api, meta, store } = await renderOpenConversation()
    await act(() => store.getState().sendMessage('Summarize'))
    act(() => {
      api.chat.append(meta.id, call('c1', 'mcp_docs_query', 'turn-1'))
      api.chat.round(meta.id, 'c1', 1, 'sampling')
    })
    const row = () => within(transcript()).getByTestId('tool-call')
    expect(within(row()).getByTestId('tool-call-round').textContent).toBe(
      'Round 1: the server asked for a completion',
    )
    act(() => {
      api.chat.round(meta.id, 'c1', 2, 'sampling')
      api.chat.round(meta.id, 'c1', 2, 'elicitation')
      api.chat.round(meta.id, 'c1', 2, 'elicitation')
    })
    expect(within(row()).getByTestId('tool-call-round').textContent).toBe(
      'Round 2: the server asked for a completion and your input',
    )
    act(() => {
      api.chat.append(meta.id, {
        type: 'tool_result',
        turnId: 'turn-1',
        callId: 'c1',
        state: 'completed',
        text: 'summary',
        inputRounds: 2,
      })
    })
    expect(within(row()).queryByTestId('tool-call-round')).toBeNull()
    expect(within(row()).getByTestId('tool-call-rounds').textContent).toBe(
      'The server asked for input in 2 rounds before answering.',
    )
  })

  it('ignores rounds of a turn that is not running', async () => {
    const { api, meta } = await renderOpenConversation([recordFixture(call('c1'))])
    act(() => api.chat.round(meta.id, 'c1', 1, 'roots'))
    expect(within(transcript()).queryByTestId('tool-call-round')).toBeNull()
  })
})

describe('assistant markdown', () => {
  async function renderAnswer(text: string): Promise<HTMLElement> {
    await renderOpenConversation([recordFixture({ type: 'assistant', turnId: 't1', step: 0, text })])
    return within(transcript()).getByTestId('chat-assistant')
  }

  it('highlights fenced code and renders GitHub tables', async () => {
    const answer = await renderAnswer(
      '```ts\nconst answer: number = 42 // the answer\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    )
    const code = answer.querySelector('pre code')!
    expect(code.classList.contains('hljs')).toBe(true)
    expect(code.classList.contains('language-ts')).toBe(true)
    expect(code.querySelector('.hljs-keyword')?.textContent).toBe('const')
    expect(code.querySelector('.hljs-number')?.textContent).toBe('42')
    expect(code.querySelector('.hljs-comment')?.textContent).toBe('// the answer')
    expect(answer.querySelector('table td')?.textContent).toBe('1')
  })

  it('shows raw HTML as text instead of rendering it', async () => {
    const answer = await renderAnswer(
      'Hi <b>bold</b> <img src="https://evil.example/x.png" onerror="alert(1)">',
    )
    expect(answer.querySelector('b')).toBeNull()
    expect(answer.querySelector('img')).toBeNull()
    expect(answer.textContent).toContain('<b>bold</b>')
  })

  it('opens links outside the window, keeps script links as text, and never loads markdown images', async () => {
    const answer = await renderAnswer(
      '[docs](https://example.com/docs) [bad](javascript:alert(1)) ![chart](https://tracker.example/p.png)',
    )
    const links = answer.querySelectorAll('a')
    expect(links).toHaveLength(1)
    expect(links[0]!.getAttribute('href')).toBe('https://example.com/docs')
    expect(links[0]!.getAttribute('target')).toBe('_blank')
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer')
    expect(answer.textContent).toContain('bad')
    expect(answer.querySelector('img')).toBeNull()
    expect(answer.textContent).toContain('[image: chart · https://tracker.example/p.png]')
  })
})
