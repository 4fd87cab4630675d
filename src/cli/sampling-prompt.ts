import type { ApprovalQueue } from '../main/core/approvals/approval-queue'
import type { ApprovalDecision, SamplingCard } from '../shared/sampling/sampling-card'
import { completionLines, formatUsd, samplingCardLines } from './format/sampling-card'
import { firstLine } from './format/terminal-text'
import { TerminalQuestions } from './terminal-questions'

export const APPROVAL_QUESTION = 'Allow this sampling request? [y/N/m=choose model] '
export const REVIEW_QUESTION = 'Return this completion to the server? [y/N] '

export interface TerminalPromptIo {
  stderr: (s: string) => void
  /** One line of the user's answer; null when input ended (counts as No). */
  readLine: () => Promise<string | null>
}

/**
 * Answers the sampling engine's approval cards at the terminal, for `mcp-desk call` on a TTY: the same
 * cards the desktop shows, as a summary on stderr (stdout stays the tool's result) and a question. Cards
 * are asked about one at a time, in arrival order, because there is only one keyboard; a card that ended
 * while it waited (the server cancelled, the approval timed out) is skipped.
 */
export class TerminalSamplingApprover {
  readonly #queue: ApprovalQueue
  readonly #io: TerminalPromptIo
  /** A card is asked about once per phase (approval, then review); streaming needs no answer. */
  readonly #questions: TerminalQuestions<SamplingCard>

  constructor(queue: ApprovalQueue, io: TerminalPromptIo) {
    this.#queue = queue
    this.#io = io
    this.#questions = new TerminalQuestions(
      queue,
      (card) => (card.phase === 'streaming' ? undefined : `${card.id}/${card.phase}`),
      (card) => this.#ask(card.id, card.phase),
    )
  }

  start(): void {
    this.#questions.start()
  }

  /** No further questions; an answer still being typed is dropped (the engine ends its card itself). */
  stop(): void {
    this.#questions.stop()
  }

  /** Resolves once every question asked so far has been answered or skipped. */
  settled(): Promise<void> {
    return this.#questions.settled()
  }

  get #stopped(): boolean {
    return this.#questions.stopped
  }

  async #ask(id: string, phase: SamplingCard['phase']): Promise<void> {
    const card = this.#waiting(id, phase)
    if (!card || this.#stopped) return
    try {
      const decision = phase === 'review' ? await this.#askReview(card) : await this.#askApproval(card)
      if (decision === undefined || this.#stopped) return
      if (!this.#waiting(id, phase)) {
        this.#say('That sampling request already ended; your answer was not used.')
        return
      }
      this.#queue.decide(id, decision)
      this.#say(decisionText(card, decision))
    } catch (error) {
      // One failed question must not stop the next ones from being asked.
      this.#say(`Could not answer the sampling request: ${firstLine((error as Error).message)}`)
    }
  }

  async #askApproval(card: SamplingCard): Promise<ApprovalDecision | undefined> {
    this.#io.stderr('\n')
    for (const line of samplingCardLines(card)) this.#say(line)
    this.#io.stderr(APPROVAL_QUESTION)
    const answer = await this.#io.readLine()
    if (answer === null)
      return this.#stopped ? undefined : { kind: 'deny', reason: 'no answer (input ended)' }
    const normalized = answer.trim().toLowerCase()
    if (normalized === 'y' || normalized === 'yes') return { kind: 'approve' }
    if (normalized === 'm') return this.#askModel(card)
    return { kind: 'deny' }
  }

  /** Lists the eligible models, numbered; the one picked is approved. */
  async #askModel(card: SamplingCard): Promise<ApprovalDecision | undefined> {
    const eligible = card.model.eligible
    this.#say('Eligible models:')
    eligible.forEach((choice, index) => {
      const name = choice.displayName !== choice.ref ? `  ${firstLine(choice.displayName)}` : ''
      const cost = choice.estimatedInputCost !== undefined ? `  ~${formatUsd(choice.estimatedInputCost)}` : ''
      const chosen = choice.ref === card.model.chosen ? '  (chosen)' : ''
      // What nobody stated the model can do, so a pick that may fail is made knowingly.
      const unknown = choice.unknowns?.length ? `  (${choice.unknowns.map(firstLine).join('; ')})` : ''
      this.#say(`  ${index + 1}. ${firstLine(choice.ref)}${name}${cost}${chosen}${unknown}`)
    })
    for (;;) {
      this.#io.stderr(`Model number [1-${eligible.length}]: `)
      const answer = await this.#io.readLine()
      if (answer === null)
        return this.#stopped ? undefined : { kind: 'deny', reason: 'no answer (input ended)' }
      const picked = /^\d+$/.test(answer.trim()) ? eligible[Number(answer.trim()) - 1] : undefined
      if (picked) return { kind: 'approve', modelRef: picked.ref }
      this.#say(`"${firstLine(answer)}" is not one of the numbers 1 to ${eligible.length}.`)
    }
  }

  async #askReview(card: SamplingCard): Promise<ApprovalDecision | undefined> {
    this.#io.stderr('\n')
    for (const line of completionLines(card)) this.#say(line)
    this.#io.stderr(REVIEW_QUESTION)
    const answer = await this.#io.readLine()
    if (answer === null)
      return this.#stopped ? undefined : { kind: 'deny', reason: 'no answer (input ended)' }
    const normalized = answer.trim().toLowerCase()
    return normalized === 'y' || normalized === 'yes' ? { kind: 'approve' } : { kind: 'deny' }
  }

  /** The card, if it is still waiting in this phase. */
  #waiting(id: string, phase: SamplingCard['phase']): SamplingCard | undefined {
    return this.#queue.list().find((card) => card.id === id && card.phase === phase)
  }

  #say(line: string): void {
    this.#io.stderr(`${line}\n`)
  }
}

function decisionText(card: SamplingCard, decision: ApprovalDecision): string {
  if (decision.kind === 'deny') {
    // Inside a 2026-07-28 result (MRTR) there is no error to answer with: the host's own call ends instead.
    const after = card.askedInside
      ? `the ${card.askedInside.kind} call ends with the refusal`
      : 'the server gets an error (-1)'
    return card.phase === 'review'
      ? `Completion refused: ${after} instead.`
      : `Sampling request denied: nothing was sent to a model; ${after}.`
  }
  if (card.phase === 'review') return 'Completion returned to the server.'
  return `Generating with ${firstLine(decision.modelRef ?? card.model.chosen)}…`
}
