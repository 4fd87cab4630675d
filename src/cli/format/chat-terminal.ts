import type { TranscriptRecord } from '../../shared/chat/transcript-schema'
import { crashedOutcomeExplanation } from '../../shared/chat/tool-result-wording'
import { firstLine, terminalText, truncate } from './terminal-text'

type ToolResultRecord = Extract<TranscriptRecord, { type: 'tool_result' }>

/** How much of a tool's output the result line previews; the model gets all of it, the transcript too. */
export const RESULT_PREVIEW_CHARS = 300

export interface ChatTerminalIo {
  stdout: (s: string) => void
  stderr: (s: string) => void
}

/**
 * One line per tool result: its state first, so `completed`, `denied` or `unknown` is what the eye meets.
 * Host-written explanations (denied, unknown) are shown whole, since they say whether the server may have
 * acted; tool output is previewed and made terminal-safe.
 */
export function toolResultLine(record: ToolResultRecord, exposedName: string): string {
  const head = `[${record.state}] ${firstLine(exposedName)}`
  if (record.crash) return `${head}: ${firstLine(crashedOutcomeExplanation(record.crash))}`
  if (record.state === 'denied' || record.state === 'unknown') return `${head}: ${firstLine(record.text)}`
  const lines = record.text.split(/\r?\n/).filter((line) => line.trim() !== '')
  const preview = lines.length === 0 ? '(no text)' : truncate(firstLine(record.text), RESULT_PREVIEW_CHARS)
  const extra: string[] = []
  if (lines.length > 1) extra.push(`${lines.length - 1} more line${lines.length === 2 ? '' : 's'}`)
  if (record.attachments.length > 0) {
    extra.push(`${record.attachments.length} attachment${record.attachments.length === 1 ? '' : 's'}`)
  }
  if (record.state === 'output_limit') extra.push('over 64 KiB: the model got the first part')
  return `${head}: ${preview}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}`
}

/**
 * The terminal side of one chat turn: the model's answer streams to stdout as it arrives, and everything
 * about tool calls goes to stderr, each line starting on a line of its own so it never runs into the
 * answer. Text from the model is made terminal-safe piece by piece; a carriage return at the end of one
 * piece waits for the next, because a CR LF split across pieces is still a line break.
 */
export class ChatTerminal {
  readonly #io: ChatTerminalIo
  /** exposedName per call id, so a result line names the tool its call record announced. */
  readonly #names = new Map<string, string>()
  #atLineStart = true
  #heldCarriageReturn = false

  constructor(io: ChatTerminalIo) {
    this.#io = io
  }

  text(delta: string): void {
    let piece = (this.#heldCarriageReturn ? '\r' : '') + delta
    this.#heldCarriageReturn = piece.endsWith('\r')
    if (this.#heldCarriageReturn) piece = piece.slice(0, -1)
    this.#write(terminalText(piece))
  }

  /** A line on stderr (a card, a question's outcome, a warning). */
  say(line: string): void {
    this.endLine()
    this.#io.stderr(`${line}\n`)
  }

  /** A prompt on stderr, left open for the answer. */
  ask(question: string): void {
    this.endLine()
    this.#io.stderr(question)
  }

  record(record: TranscriptRecord): void {
    switch (record.type) {
      case 'tool_call':
        this.#names.set(record.callId, record.exposedName)
        this.say(`Tool call: ${firstLine(record.exposedName)}`)
        break
      case 'tool_result':
        this.say(toolResultLine(record, this.#names.get(record.callId) ?? record.callId))
        break
      case 'note':
        this.say(`Note: ${terminalText(record.text)}`)
        break
      default:
        // The answer streams through text(); turn and meta records need no line of their own.
        break
    }
  }

  /** Ends the answer's current line, if it has one open. */
  endLine(): void {
    if (this.#heldCarriageReturn) {
      this.#heldCarriageReturn = false
      this.#write(terminalText('\r'))
    }
    if (!this.#atLineStart) this.#write('\n')
  }

  #write(text: string): void {
    if (text === '') return
    this.#io.stdout(text)
    this.#atLineStart = text.endsWith('\n')
  }
}
