import { describeInputOrigin, type InputOrigin } from '../../shared/mcp/input-origin'

/**
 * Text from MCP servers (tool output, descriptions, failure reasons with their stderr) is untrusted, and a
 * terminal obeys escape sequences: one could recolour the screen, move the cursor to fake an approval
 * summary, or set the window title. Control characters and bidi overrides are shown as visible escapes.
 */
import { revealInvisible } from '../../shared/format/reveal-invisible'

// C0 controls except tab and line feed, DEL, C1 controls, and the bidi embedding/override/isolate marks.
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu

function escapeCodePoint(code: number): string {
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`
  return `\\u{${code.toString(16)}}`
}

function escapeCharacter(character: string): string {
  return escapeCodePoint(character.codePointAt(0) ?? 0)
}

/** Multi-line text with only line breaks and tabs kept as they are. */
export function terminalText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(UNSAFE, escapeCharacter)
}

/** The first non-empty line, made safe; for table cells and one-line summaries. */
export function firstLine(text: string): string {
  return terminalText(firstRawLine(text))
}

function firstRawLine(text: string): string {
  const line = text.split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? ''
  return line.replace(/\t/g, ' ').trim()
}

/**
 * For what the user approves at the terminal (sampling and tool-call cards, elicitation questions):
 * terminalText, and every character that renders as nothing — zero-width characters, tag characters
 * ("ASCII smuggling"), other format characters — also shown as an escape, by the same rule the window
 * uses (shared/format/reveal-invisible.ts), so hidden instructions cannot ride along unseen.
 */
export function revealedTerminalText(text: string): string {
  return revealInvisible(terminalText(text))
    .segments.map((segment) => (segment.kind === 'text' ? segment.text : escapeCodePoint(segment.codePoint)))
    .join('')
}

/** firstLine for approvals: revealed like revealedTerminalText. */
export function revealedFirstLine(text: string): string {
  return revealedTerminalText(firstRawLine(text))
}

/** Cuts to at most `width` characters, ending with … when something was cut. */
export function truncate(text: string, width: number): string {
  const characters = [...text]
  if (characters.length <= width) return text
  return width <= 0 ? '' : `${characters.slice(0, width - 1).join('')}…`
}

export function displayWidth(text: string): number {
  return [...text].length
}

/** "  Asked inside tool “summarize”, round 1" for a request a 2026-07-28 server made inside a result. */
export function askedInsideLine(origin: InputOrigin): string {
  return `  Asked ${revealedFirstLine(describeInputOrigin(origin))}`
}
