/**
 * Text from MCP servers (tool output, descriptions, failure reasons with their stderr) is untrusted, and a
 * terminal obeys escape sequences: one could recolour the screen, move the cursor to fake an approval
 * summary, or set the window title. Control characters and bidi overrides are shown as visible escapes.
 */
// C0 controls except tab and line feed, DEL, C1 controls, and the bidi embedding/override/isolate marks.
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu

function escapeCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`
}

/** Multi-line text with only line breaks and tabs kept as they are. */
export function terminalText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(UNSAFE, escapeCharacter)
}

/** The first non-empty line, made safe; for table cells and one-line summaries. */
export function firstLine(text: string): string {
  const line = text.split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? ''
  return terminalText(line.replace(/\t/g, ' ').trim())
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
