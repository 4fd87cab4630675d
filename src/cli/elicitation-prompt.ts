import type { ElicitationService } from '../main/core/elicitation/elicitation-service'
import {
  isElicitationWaiting,
  SECRET_FIELD_WARNING,
  type ElicitationAnswer,
  type ElicitationCard,
  type ElicitationContent,
  type ElicitationField,
  type ElicitationValue,
  type ElicitationIssue,
  type FormElicitationCard,
  type UrlElicitationCard,
} from '../shared/elicitation/elicitation-card'
import { IpcFailure } from '../shared/ipc/ipc-error'
import { fieldPrompt, fieldQuestionLines, readFieldInput } from './elicitation-field-input'
import { askedInsideLine, revealedFirstLine, revealedTerminalText } from './format/terminal-text'
import type { TerminalPromptIo } from './sampling-prompt'
import { TerminalQuestions } from './terminal-questions'

export const FORM_QUESTION = 'Answer this request? [y=fill in the form/N=decline/c=cancel] '
export const URL_QUESTION = 'Open this link yourself in your browser? [y/N=decline/c=cancel] '

export type ElicitationAnswerer = Pick<ElicitationService, 'list' | 'subscribe' | 'answer'>

/** The user ended input (Ctrl+D) mid-form: the request counts as dismissed. */
const INPUT_ENDED = Symbol('input ended')

/**
 * Answers servers' elicitation requests at the terminal, for `mcp-desk call` on a TTY: who asks and why on
 * stderr (stdout stays the tool's result), then each form field in turn with its default, or the URL with
 * its host. One request at a time, in arrival order; a request the server withdrew meanwhile is skipped.
 * Input ending counts as cancel: the user made no choice.
 */
export class TerminalElicitationPrompter {
  readonly #service: ElicitationAnswerer
  readonly #io: TerminalPromptIo
  /** A form is asked about once; a link once, until the user agreed to open it. */
  readonly #questions: TerminalQuestions<ElicitationCard>

  constructor(service: ElicitationAnswerer, io: TerminalPromptIo) {
    this.#service = service
    this.#io = io
    this.#questions = new TerminalQuestions(
      service,
      (card) => (isElicitationWaiting(card) ? card.id : undefined),
      (card) => this.#ask(card.id),
    )
  }

  start(): void {
    this.#questions.start()
  }

  /** No further questions; an answer still being typed is dropped (the service ends its requests). */
  stop(): void {
    this.#questions.stop()
  }

  /** Resolves once every request asked about so far has been answered or skipped. */
  settled(): Promise<void> {
    return this.#questions.settled()
  }

  get #stopped(): boolean {
    return this.#questions.stopped
  }

  async #ask(id: string): Promise<void> {
    const card = this.#waiting(id)
    if (!card || this.#stopped) return
    try {
      if (card.mode === 'form') await this.#askForm(card)
      else await this.#askUrl(card)
    } catch (error) {
      // One failed question must not stop the next ones from being asked.
      this.#say(`Could not answer the request: ${revealedFirstLine((error as Error).message)}`)
    }
  }

  async #askForm(card: FormElicitationCard): Promise<void> {
    this.#io.stderr('\n')
    for (const line of cardLines(card)) this.#say(line)
    const choice = await this.#choose(FORM_QUESTION)
    if (choice === undefined) return
    if (choice !== 'accept') {
      this.#send(card, { id: card.id, action: choice })
      return
    }

    const content: ElicitationContent = {}
    let fields = card.fields
    for (;;) {
      for (const field of fields) {
        const value = await this.#askField(card, field)
        if (value === INPUT_ENDED) {
          if (!this.#stopped) this.#send(card, { id: card.id, action: 'cancel' })
          return
        }
        if (value === undefined) delete content[field.name]
        else content[field.name] = value
      }
      const issues = this.#send(card, { id: card.id, action: 'accept', content })
      if (issues === undefined) return
      // The form as a whole failed the schema (rare: each field was checked as it was typed); ask those again.
      for (const issue of issues) this.#say(issue.message)
      fields = card.fields.filter((field) => issues.some((issue) => issue.field === field.name))
      if (fields.length === 0) return
    }
  }

  /** One field, asked until the answer fits it; undefined = left out (its default applies). */
  async #askField(
    card: FormElicitationCard,
    field: ElicitationField,
  ): Promise<ElicitationValue | undefined | typeof INPUT_ENDED> {
    const position = card.fields.indexOf(field) + 1
    for (const line of fieldQuestionLines(field, position, card.fields.length)) this.#say(line)
    for (;;) {
      this.#io.stderr(fieldPrompt(field))
      const typed = await this.#io.readLine()
      if (typed === null || this.#stopped) return INPUT_ENDED
      const input = readFieldInput(field, typed)
      if (input.kind === 'value') return input.value
      if (input.kind === 'skip') return undefined
      this.#say(`  ${input.message}`)
    }
  }

  async #askUrl(card: UrlElicitationCard): Promise<void> {
    this.#io.stderr('\n')
    for (const line of cardLines(card)) this.#say(line)
    const choice = await this.#choose(URL_QUESTION)
    if (choice === undefined) return
    this.#send(card, { id: card.id, action: choice })
  }

  /** The first question: y accepts, c cancels, anything else declines; input ending cancels. */
  async #choose(question: string): Promise<ElicitationAnswer['action'] | undefined> {
    this.#io.stderr(question)
    const typed = await this.#io.readLine()
    if (this.#stopped) return undefined
    if (typed === null) return 'cancel'
    const answer = typed.trim().toLowerCase()
    if (answer === 'y' || answer === 'yes') return 'accept'
    if (answer === 'c' || answer === 'cancel') return 'cancel'
    return 'decline'
  }

  /** Sends the answer; returns the schema's complaints when an accepted form did not pass. */
  #send(card: ElicitationCard, answer: ElicitationAnswer): ElicitationIssue[] | undefined {
    if (!this.#waiting(card.id)) {
      this.#say('That request already ended; your answer was not used.')
      return undefined
    }
    try {
      this.#service.answer(answer)
    } catch (error) {
      if (error instanceof IpcFailure && error.code === 'validation_failed') {
        const issues = (error.data as { issues?: ElicitationIssue[] } | undefined)?.issues
        if (issues && issues.length > 0) return issues
      }
      throw error
    }
    this.#say(outcomeText(card, answer.action))
    return undefined
  }

  #waiting(id: string): ElicitationCard | undefined {
    return this.#service.list().find((card) => card.id === id && isElicitationWaiting(card))
  }

  #say(line: string): void {
    this.#io.stderr(`${line}\n`)
  }
}

/** Who asks (server and transport) and why, as the desktop card shows it, in terminal lines. */
export function cardLines(card: ElicitationCard): string[] {
  const who = `${revealedFirstLine(card.serverName)} (${revealedFirstLine(card.transportLabel)})`
  const lines = [
    card.mode === 'form' ? `${who} asks you for information:` : `${who} asks you to open a link:`,
  ]
  if (card.askedInside) lines.push(askedInsideLine(card.askedInside))
  lines.push(
    ...revealedTerminalText(card.message)
      .split('\n')
      .map((line) => `  ${line}`),
  )
  if (card.mode === 'url') {
    lines.push(`  Link: ${revealedFirstLine(card.url)}`)
    lines.push(`  It goes to: ${revealedFirstLine(card.host)}`)
    return lines
  }
  const count = card.fields.length
  const required = card.fields.filter((field) => field.required).length
  lines.push(`  ${count} ${count === 1 ? 'field' : 'fields'}, ${required} required`)
  const secret = card.fields
    .filter((field) => field.looksSecret)
    .map((field) => `"${revealedFirstLine(field.title)}"`)
  if (secret.length > 0)
    lines.push(`  Warning: ${secret.join(', ')} looks like a secret. ${SECRET_FIELD_WARNING}`)
  return lines
}

function outcomeText(card: ElicitationCard, action: ElicitationAnswer['action']): string {
  if (action === 'decline') return 'Declined: the server was told you will not provide this.'
  if (action === 'cancel') return 'Cancelled: the server was told you dismissed the request.'
  if (card.mode === 'url') {
    return `Open this link in your browser: ${revealedFirstLine(card.url)}\nThe server was told you agreed to open it.`
  }
  return 'Sent to the server.'
}
