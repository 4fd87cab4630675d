// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  applyDelta,
  applyRecord,
  applyTurn,
  emptyPending,
  mergeOpened,
  prependRecords,
  openedConversation,
  resultStateLabels,
  sortConversations,
  transcriptItems,
  waitingByConversation,
} from '../../../src/renderer/src/chat/chat-model'
import type { ConversationView } from '../../../src/shared/chat/chat-view'
import {
  conversationId,
  conversationMetaFixture,
  recordFixture,
  toolCallCardFixture,
} from '../support/fake-chat'

function view(overrides: Partial<ConversationView> = {}): ConversationView {
  return {
    meta: conversationMetaFixture(),
    records: [],
    firstIndex: 0,
    warnings: [],
    awaitingConfirmation: false,
    ...overrides,
  }
}

const started = recordFixture({ type: 'turn', turnId: 't1', status: 'started' }, '2026-01-01T00:00:01.000Z')
const user = recordFixture({ type: 'user', turnId: 't1', text: 'Hi' }, '2026-01-01T00:00:02.000Z')
const answer = recordFixture(
  { type: 'assistant', turnId: 't1', step: 0, text: 'Hello' },
  '2026-01-01T00:00:03.000Z',
)
const ended = recordFixture({ type: 'turn', turnId: 't1', status: 'completed' }, '2026-01-01T00:00:04.000Z')
const call = recordFixture({
  type: 'tool_call',
  turnId: 't1',
  callId: 'c1',
  exposedName: 'mcp_docs_query',
  serverId: 'docs',
  toolName: 'query',
  arguments: { q: 'x' },
})
const result = recordFixture({
  type: 'tool_result',
  turnId: 't1',
  callId: 'c1',
  state: 'completed',
  text: 'ok',
})

describe('the open conversation as events build it', () => {
  it('streams text until the step is recorded, and follows the turn from its start to its end', () => {
    let open = openedConversation(view())
    open = applyRecord(open, started)
    expect(open.runningTurnId).toBe('t1')
    open = applyDelta(applyDelta(applyRecord(open, user), 'Hel'), 'lo')
    expect(open.live).toBe('Hello')
    open = applyRecord(open, answer)
    expect(open.live).toBe('')
    open = applyRecord(open, ended)
    expect(open.runningTurnId).toBeUndefined()
    expect(open.records).toEqual([started, user, answer, ended])
  })

  it('a tool call also ends the streamed text, and a turn that left an unknown outcome asks for confirmation', () => {
    let open = applyDelta(applyRecord(openedConversation(view()), started), 'Let me check')
    open = applyRecord(open, call)
    expect(open.live).toBe('')
    open = applyTurn(open, {
      conversationId: open.id,
      turnId: 't1',
      state: 'cancelled',
      unknownOutcome: true,
    })
    expect(open.runningTurnId).toBeUndefined()
    expect(open.awaitingConfirmation).toBe(true)
  })

  it('adds only the records the snapshot lacks when events arrived while it loaded', () => {
    // The snapshot was read after `user` was written; `user` and `answer` arrived as events meanwhile.
    const snapshot = view({ records: [started, user], runningTurnId: 't1' })
    const pending = { ...emptyPending(), records: [user, answer] }
    expect(mergeOpened(snapshot, pending).records).toEqual([started, user, answer])
    // A snapshot that already holds every pending record adds nothing.
    expect(mergeOpened(view({ records: [started, user, answer] }), pending).records).toEqual([
      started,
      user,
      answer,
    ])
    // A snapshot read before any of them gets them all.
    expect(mergeOpened(view({ records: [started] }), pending).records).toEqual([started, user, answer])
  })

  it('keeps streamed text and the latest turn event that arrived while loading', () => {
    const snapshot = view({ records: [started, user], runningTurnId: 't1' })
    const merged = mergeOpened(snapshot, { records: [], live: 'Hel' })
    expect(merged.live).toBe('Hel')
    const over = mergeOpened(snapshot, {
      records: [ended],
      live: '',
      turn: { conversationId: snapshot.meta.id, turnId: 't1', state: 'completed', unknownOutcome: false },
    })
    expect(over.runningTurnId).toBeUndefined()
    expect(over.live).toBe('')
  })
})

describe('what the transcript shows', () => {
  it('pairs each tool call with its result, and shows only stopped or failed turn ends', () => {
    const failedTurn = recordFixture({ type: 'turn', turnId: 't1', status: 'error', reason: 'model down' })
    const meta = recordFixture({ type: 'meta', title: 'Renamed' })
    const items = transcriptItems([meta, started, user, call, result, answer, ended, failedTurn])
    expect(items.map((item) => item.kind)).toEqual(['user', 'tool', 'assistant', 'turn-end'])
    expect(items[1]).toMatchObject({ kind: 'tool', call, result })
    expect(items[3]).toMatchObject({ status: 'error', reason: 'model down' })
  })

  it('keys rows by their place in the whole transcript, so joining older records in front keeps them', () => {
    // Opened at the result: its call is in the page not loaded yet, so the row waits for it.
    const opened = openedConversation(view({ records: [result, answer, ended], firstIndex: 3 }))
    expect(transcriptItems(opened.records, opened.firstIndex).map((item) => item.key)).toEqual(['4'])

    const joined = prependRecords(opened, { records: [started, user, call], firstIndex: 0 })
    expect(joined.firstIndex).toBe(0)
    const items = transcriptItems(joined.records, joined.firstIndex)
    expect(items.map((item) => [item.kind, item.key])).toEqual([
      ['user', '1'],
      ['tool', '2'],
      ['assistant', '4'],
    ])
    expect(items[1]).toMatchObject({ call, result })
    // A page that does not end where the records start is not joined.
    expect(prependRecords(opened, { records: [user], firstIndex: 0 })).toBe(opened)
  })

  it('orders conversations by latest activity and counts waiting calls per conversation', () => {
    const older = conversationMetaFixture({ id: conversationId(1), updatedAt: '2026-01-01T00:00:00.000Z' })
    const newer = conversationMetaFixture({ id: conversationId(2), updatedAt: '2026-01-03T00:00:00.000Z' })
    expect(sortConversations([older, newer]).map((meta) => meta.id)).toEqual([newer.id, older.id])
    expect(
      waitingByConversation([
        toolCallCardFixture({ id: 'a', conversationId: older.id }),
        toolCallCardFixture({ id: 'b', conversationId: older.id }),
        toolCallCardFixture({ id: 'c', conversationId: newer.id }),
      ]),
    ).toEqual({ [older.id]: 2, [newer.id]: 1 })
  })

  it('names every result state differently, with the unknown and truncation explanations', () => {
    const labels = Object.values(resultStateLabels).map((entry) => entry.label)
    expect(new Set(labels).size).toBe(labels.length)
    expect(resultStateLabels.unknown.explanation).toBe(
      'The server may have acted; do not retry automatically.',
    )
    expect(resultStateLabels.output_limit.explanation).toContain('truncated at 64 KiB')
  })
})
