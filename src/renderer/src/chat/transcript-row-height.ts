import type { TranscriptItem } from './chat-model'

/**
 * A transcript row's height before it has been on screen, from its text alone. Only spacers and the
 * scrollbar use it (a mounted row is measured), so it needs to be near, not right: with the theme's 13 px
 * type at line height 1.45 in the 46em column, a line holds about 90 characters and is 19 px tall; code and
 * tool output are 12 px monospace.
 */

const LINE = 19
const CODE_LINE = 17.4
const CHARS_PER_LINE = 90
/** A user's bubble is at most 85% of the column wide. */
const BUBBLE_CHARS_PER_LINE = 75
/** A tool result shows at most 16em of 12 px output before it scrolls. */
const RESULT_MAX = 192

function wrappedLines(text: string, perLine: number): number {
  return text.split('\n').reduce((lines, line) => lines + Math.max(1, Math.ceil(line.length / perLine)), 0)
}

/** Markdown: prose wraps, code blocks do not (they scroll sideways) and carry padding, blocks have margins. */
function markdownHeight(text: string): number {
  let height = 0
  let inCode = false
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) {
      height += inCode ? 10 : 12
      inCode = !inCode
    } else if (inCode) height += CODE_LINE
    else if (line.trim() === '') height += 8
    else if (line.startsWith('|')) height += line.startsWith('|---') ? 0 : 23
    else height += Math.ceil(line.length / CHARS_PER_LINE) * LINE
  }
  return Math.max(LINE, height)
}

export function estimateRowHeight(item: TranscriptItem): number {
  switch (item.kind) {
    case 'user':
      return 14 + wrappedLines(item.text, BUBBLE_CHARS_PER_LINE) * LINE + (item.resources ? 40 : 0)
    case 'prompt':
      return 40 + item.record.messages.reduce((sum, message) => sum + markdownHeight(message.text) + 12, 0)
    case 'assistant':
      return markdownHeight(item.text)
    case 'tool': {
      const output = item.result?.text ?? ''
      const lines = output ? Math.min(output.split('\n').length * 15 + 14, RESULT_MAX + 14) : 0
      return 66 + lines
    }
    case 'note':
      return 27
    case 'turn-end':
      return 29
  }
}
