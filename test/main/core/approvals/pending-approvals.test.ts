import { beforeEach, describe, expect, it } from 'vitest'
import { ApprovalQueue } from '../../../../src/main/core/approvals/approval-queue'
import { PendingApprovals, type PendingCard } from '../../../../src/main/core/approvals/pending-approvals'
import { PendingToolCalls } from '../../../../src/main/core/chat/pending-tool-calls'
import { PendingElicitations } from '../../../../src/main/core/elicitation/pending-elicitations'
import { cardDraft, elicitationCard, toolCallCard, urlElicitationCard } from './card-fixtures'

let clock: Date
let queue: ApprovalQueue
let toolCalls: PendingToolCalls
let elicitations: PendingElicitations
let approvals: PendingApprovals

beforeEach(() => {
  clock = new Date('2026-03-01T12:00:00.000Z')
  queue = new ApprovalQueue({ now: () => clock })
  toolCalls = new PendingToolCalls()
  elicitations = new PendingElicitations()
  approvals = new PendingApprovals(queue, toolCalls, elicitations)
})

const at = (minutes: number) => new Date(Date.parse('2026-03-01T12:00:00.000Z') + minutes * 60_000)

/** A sampling request made at `minutes` past noon. */
function askSampling(minutes: number, serverName = 'Notes'): string {
  clock = at(minutes)
  return queue.request(cardDraft({ serverName }), { phase: 'approval', timeoutMs: 0 }).id
}

/** A tool call shown at `minutes` past noon, as a chat turn shows it; resolves with the user's answer. */
function askToolCall(id: string, minutes: number, signal?: AbortSignal) {
  return toolCalls.ask(toolCallCard({ id, createdAt: at(minutes).toISOString() }), signal)
}

/** A server's question shown at `minutes` past noon, as the elicitation service shows it. */
function askQuestion(id: string, minutes: number, signal = new AbortController().signal) {
  return elicitations.wait(elicitationCard({ id, createdAt: at(minutes).toISOString() }), {}, signal)
}

const ids = (cards: PendingCard[]) => cards.map((card) => card.id)
const kinds = (cards: PendingCard[]) => cards.map((card) => card.kind)

describe('PendingApprovals', () => {
  it('is empty when neither source has a card', () => {
    expect(approvals.list()).toEqual([])
  })

  it('lists sampling and tool-call cards together, oldest first, whichever source they came from', () => {
    const late = askSampling(5)
    void askToolCall('t-early', 1)
    const early = askSampling(0)
    void askToolCall('t-middle', 3)
    expect(ids(approvals.list())).toEqual([early, 't-early', 't-middle', late])
    expect(kinds(approvals.list())).toEqual(['sampling', 'tool-call', 'tool-call', 'sampling'])
  })

  it('keeps arrival order for cards created in the same instant: sampling first, then tool calls', () => {
    void askToolCall('t1', 0)
    const first = askSampling(0)
    void askToolCall('t2', 0)
    const second = askSampling(0)
    expect(ids(approvals.list())).toEqual([first, second, 't1', 't2'])
  })

  it('tells its listener the whole merged list on every change of either source', async () => {
    const seen: string[][] = []
    approvals.subscribe((cards) => seen.push(ids(cards)))

    const sampling = askSampling(0)
    const answer = askToolCall('t1', 1)
    const other = askSampling(2, 'Files')
    toolCalls.decide('t1', 'approve')
    queue.remove(sampling)

    expect(seen).toEqual([[sampling], [sampling, 't1'], [sampling, 't1', other], [sampling, other], [other]])
    // The merge only watches: the tool call still gets the user's decision.
    await expect(answer).resolves.toBe('approve')
  })

  it('passes on a tool call that went away because its turn stopped', async () => {
    const seen: string[][] = []
    approvals.subscribe((cards) => seen.push(ids(cards)))
    const stop = new AbortController()
    const answer = askToolCall('t1', 0, stop.signal)
    stop.abort()
    expect(seen).toEqual([['t1'], []])
    await expect(answer).resolves.toBe('closed')
  })

  it('follows a sampling card through streaming and review, which the tray decides how to count', () => {
    const seen: string[][] = []
    approvals.subscribe((cards) =>
      seen.push(cards.map((card) => (card.kind === 'sampling' ? card.phase : card.kind))),
    )
    const id = askSampling(0)
    void askToolCall('t1', 1)
    queue.showStreaming(id)
    queue.request(cardDraft(), { phase: 'review', timeoutMs: 0, id })
    expect(seen).toEqual([
      ['approval'],
      ['approval', 'tool-call'],
      ['streaming', 'tool-call'],
      ['review', 'tool-call'],
    ])
  })

  it('stops telling a listener about both sources once it unsubscribes, and keeps telling the others', () => {
    const gone: PendingCard[][] = []
    const staying: PendingCard[][] = []
    const unsubscribe = approvals.subscribe((cards) => gone.push(cards))
    approvals.subscribe((cards) => staying.push(cards))
    unsubscribe()
    askSampling(0)
    void askToolCall('t1', 1)
    expect(gone).toEqual([])
    expect(staying).toHaveLength(2)
  })

  it('lists servers’ questions with the other cards, oldest first, and after them when created at once', () => {
    void askQuestion('q-late', 4)
    void askToolCall('t1', 2)
    const sampling = askSampling(2)
    void askQuestion('q-early', 1)
    expect(ids(approvals.list())).toEqual(['q-early', sampling, 't1', 'q-late'])
    expect(kinds(approvals.list())).toEqual(['elicitation', 'sampling', 'tool-call', 'elicitation'])
  })

  it('passes on every change of the questions, answered or withdrawn, with the other sources’ cards', async () => {
    const seen: string[][] = []
    approvals.subscribe((cards) => seen.push(ids(cards)))
    void askToolCall('t1', 0)
    const answer = askQuestion('q1', 1)
    const withdraw = new AbortController()
    const withdrawn = askQuestion('q2', 2, withdraw.signal)
    elicitations.get('q1')?.respond({ action: 'decline' })
    elicitations.remove('q1')
    withdraw.abort()

    expect(seen).toEqual([['t1'], ['t1', 'q1'], ['t1', 'q1', 'q2'], ['t1', 'q2'], ['t1']])
    await expect(answer).resolves.toEqual({ action: 'decline' })
    await expect(withdrawn).rejects.toThrow()
  })

  it('keeps an opened link in the list, which the tray then no longer counts as waiting', () => {
    const seen: boolean[][] = []
    approvals.subscribe((cards) =>
      seen.push(cards.map((card) => card.kind === 'elicitation' && card.mode === 'url' && card.opened)),
    )
    const card = urlElicitationCard({ id: 'u1', createdAt: at(0).toISOString() })
    void elicitations.wait(card, {}, new AbortController().signal).catch(() => undefined)
    elicitations.get('u1')?.respond({ action: 'accept' })
    elicitations.update('u1', (shown) => (shown.mode === 'url' ? { ...shown, opened: true } : shown))
    expect(seen).toEqual([[false], [true]])
  })

  it('stops telling a listener about the questions once it unsubscribes', () => {
    const seen: PendingCard[][] = []
    approvals.subscribe((cards) => seen.push(cards))()
    void askQuestion('q1', 0)
    expect(seen).toEqual([])
  })
})
