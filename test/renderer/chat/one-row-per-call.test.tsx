// A tool call waiting for approval appears once, as its card, not also as a "waiting" row above the card
// (issue 21, item 5); once it has a result, its row tells what happened.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TranscriptRecordInput } from '../../../src/shared/chat/transcript-schema'
import { recordFixture, toolCallCardFixture } from '../support/fake-chat'
import { chatApi, renderOpenConversation } from '../support/render-chat'

afterEach(cleanup)

function call(callId: string): TranscriptRecordInput {
  return {
    type: 'tool_call',
    turnId: 'turn-1',
    callId,
    exposedName: 'mcp_docs_query',
    serverId: 'docs',
    toolName: 'query',
    arguments: { q: callId },
  }
}

const transcript = () => screen.getByTestId('transcript')

describe('one appearance per tool call', () => {
  it('shows a waiting call only as its card, then as a row once it has a result', async () => {
    const api = chatApi()
    const { meta, store } = await renderOpenConversation([], { api })
    await act(() => store.getState().sendMessage('Look it up twice'))
    act(() => {
      api.chat.append(meta.id, call('c1'))
      api.chat.append(meta.id, call('c2'))
      // Two calls of the same tool: each card names its own call.
      api.chat.showToolCall(
        toolCallCardFixture({ id: 'card-c1', conversationId: meta.id, turnId: 'turn-1', callId: 'c1' }),
      )
    })
    // c1 waits for the user: only its card. c2 runs (no card): its row says so.
    const rows = within(transcript()).getAllByTestId('tool-call')
    expect(rows).toHaveLength(1)
    expect(rows[0]!.textContent).not.toContain('Waiting for your approval')
    expect(within(transcript()).getAllByTestId('tool-call-card')).toHaveLength(1)

    fireEvent.click(within(transcript()).getByRole('button', { name: 'Approve' }))
    act(() => {
      api.chat.append(meta.id, {
        type: 'tool_result',
        turnId: 'turn-1',
        callId: 'c1',
        state: 'completed',
        text: 'one',
      })
    })
    expect(within(transcript()).getAllByTestId('tool-call')).toHaveLength(2)
    expect(within(transcript()).queryByTestId('tool-call-card')).toBeNull()
  })

  it('says the arguments warning on the first card of a server only', async () => {
    const api = chatApi()
    api.chat.cards = [
      toolCallCardFixture(),
      toolCallCardFixture({ id: 'call-card-2', noteShownBefore: true }),
    ]
    await renderOpenConversation([], { api })
    const cards = () => within(transcript()).getAllByTestId('tool-call-card')
    expect(within(cards()[0]!).getByRole('note').textContent).toContain(
      'Arguments are sent to this MCP server',
    )
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: 'Approve' }))
    await within(transcript()).findByTestId('tool-call-card')
    expect(within(cards()[0]!).queryByText(/Arguments are sent to this MCP server/)).toBeNull()
  })

  it('says that the server crashed under an unknown outcome, and how', async () => {
    await renderOpenConversation([
      recordFixture(call('c1')),
      recordFixture({
        type: 'tool_result',
        turnId: 'turn-1',
        callId: 'c1',
        state: 'unknown',
        text: 'the server crashed: exited with code 1',
        crash: { reason: 'exited with code 1: Error: boom', exitCode: 1, signal: null },
      }),
    ])
    const row = within(transcript()).getByTestId('tool-call')
    expect(within(row).getByTestId('tool-call-explanation').textContent).toBe(
      'The server crashed (exited with code 1: Error: boom). It may or may not have done what was asked.',
    )
  })
})
