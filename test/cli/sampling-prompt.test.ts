import { describe, expect, it } from 'vitest'
import { ApprovalQueue, type CardDraft } from '../../src/main/core/approvals/approval-queue'
import { APPROVAL_QUESTION, REVIEW_QUESTION, TerminalSamplingApprover } from '../../src/cli/sampling-prompt'
import { sampleCard } from './support/sample-card'

/** A terminal whose user answers when the test says so; each question is an event the test awaits. */
class ScriptedTerminal {
  output = ''
  readonly #questions: Array<(answer: string | null) => void> = []
  readonly #waiters: Array<() => void> = []

  readonly io = {
    stderr: (s: string) => {
      this.output += s
    },
    readLine: () =>
      new Promise<string | null>((resolve) => {
        this.#questions.push(resolve)
        this.#waiters.shift()?.()
      }),
  }

  /** Resolves with what the user had seen once the next question is waiting. */
  async question(): Promise<string> {
    if (this.#questions.length === 0) await new Promise<void>((resolve) => this.#waiters.push(resolve))
    return this.output
  }

  get waiting(): number {
    return this.#questions.length
  }

  answer(line: string | null): void {
    const resolve = this.#questions.shift()
    if (!resolve) throw new Error('no question is waiting for an answer')
    resolve(line)
  }
}

function draft(serverName: string): CardDraft {
  const { id: _id, createdAt: _createdAt, phase: _phase, ...rest } = sampleCard({ serverName })
  return rest
}

function setup(): { queue: ApprovalQueue; terminal: ScriptedTerminal; approver: TerminalSamplingApprover } {
  const queue = new ApprovalQueue()
  const terminal = new ScriptedTerminal()
  const approver = new TerminalSamplingApprover(queue, terminal.io)
  approver.start()
  return { queue, terminal, approver }
}

describe('TerminalSamplingApprover', () => {
  it('asks about one card at a time, in arrival order, and passes each answer to its card', async () => {
    const { queue, terminal, approver } = setup()
    const first = queue.request(draft('First'), { phase: 'approval', timeoutMs: 0 })
    const second = queue.request(draft('Second'), { phase: 'approval', timeoutMs: 0 })

    const seenFirst = await terminal.question()
    expect(seenFirst).toContain('First (stdio: notes-mcp) wants to run a model')
    expect(seenFirst).not.toContain('Second')
    expect(seenFirst.endsWith(APPROVAL_QUESTION)).toBe(true)
    terminal.answer('Y')
    expect(await first.outcome).toEqual({ by: 'user', decision: { kind: 'approve' } })

    const seenSecond = await terminal.question()
    expect(seenSecond).toContain('Generating with openai/gpt-4o…')
    expect(seenSecond.slice(seenFirst.length)).toContain('Second (stdio: notes-mcp) wants to run a model')
    terminal.answer('')
    expect(await second.outcome).toEqual({ by: 'user', decision: { kind: 'deny' } })
    await approver.settled()
    expect(terminal.output).toContain('Sampling request denied: nothing was sent to a model')
    expect(terminal.waiting).toBe(0)
  })

  it('"m" picks a model by number, asking again after an answer that is not one', async () => {
    const { queue, terminal } = setup()
    const pending = queue.request(draft('Notes'), { phase: 'approval', timeoutMs: 0 })
    await terminal.question()
    terminal.answer('m')
    const listed = await terminal.question()
    expect(listed).toContain(
      'Eligible models:\n  1. openai/gpt-4o  GPT-4o  ~$0.00125  (chosen)\n  2. local/llama  Llama  (image support unknown)\n',
    )
    expect(listed.endsWith('Model number [1-2]: ')).toBe(true)
    terminal.answer('0')
    expect(await terminal.question()).toMatch(
      /"0" is not one of the numbers 1 to 2\.\nModel number \[1-2\]: $/,
    )
    terminal.answer(' 2 ')
    expect(await pending.outcome).toEqual({
      by: 'user',
      decision: { kind: 'approve', modelRef: 'local/llama' },
    })
  })

  it('denies when input ends before an answer', async () => {
    const { queue, terminal } = setup()
    const pending = queue.request(draft('Notes'), { phase: 'approval', timeoutMs: 0 })
    await terminal.question()
    terminal.answer(null)
    expect(await pending.outcome).toEqual({
      by: 'user',
      decision: { kind: 'deny', reason: 'no answer (input ended)' },
    })
  })

  it('skips a card that ended while it waited its turn, and drops an answer to one that ended meanwhile', async () => {
    const { queue, terminal, approver } = setup()
    const first = queue.request(draft('First'), { phase: 'approval', timeoutMs: 0 })
    const second = queue.request(draft('Second'), { phase: 'approval', timeoutMs: 0 })
    await terminal.question()
    // The server cancels both: the open question's answer is not used, the other is never asked.
    queue.remove(second.id)
    queue.remove(first.id)
    terminal.answer('y')
    await approver.settled()
    expect(await first.outcome).toEqual({ by: 'closed', reason: 'the request ended' })
    expect(terminal.output).toContain('That sampling request already ended; your answer was not used.')
    expect(terminal.output).not.toContain('Second (stdio')
    expect(terminal.waiting).toBe(0)
  })

  it('asks to return the completion in the review phase', async () => {
    const { queue, terminal, approver } = setup()
    const approval = queue.request(draft('Notes'), { phase: 'approval', timeoutMs: 0 })
    await terminal.question()
    terminal.answer('y')
    await approval.outcome
    queue.showStreaming(approval.id)

    const review = queue.request(
      { ...draft('Notes'), completion: 'The notes say hi.' },
      { phase: 'review', timeoutMs: 0, id: approval.id },
    )
    const seen = await terminal.question()
    expect(seen).toContain(
      'Notes (stdio: notes-mcp): openai/gpt-4o answered (17 chars):\n    The notes say hi.\n',
    )
    expect(seen.endsWith(REVIEW_QUESTION)).toBe(true)
    terminal.answer('n')
    expect(await review.outcome).toEqual({ by: 'user', decision: { kind: 'deny' } })
    await approver.settled()
    expect(terminal.output).toContain('Completion refused: the server gets an error (-1) instead.')
  })

  it('asks nothing more once stopped', async () => {
    const { queue, terminal, approver } = setup()
    approver.stop()
    queue.request(draft('Late'), { phase: 'approval', timeoutMs: 0 })
    await approver.settled()
    expect(terminal.output).toBe('')
    expect(terminal.waiting).toBe(0)
  })
})
