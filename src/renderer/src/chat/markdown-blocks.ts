/**
 * Cuts markdown into blocks that render the same apart as together, so a streamed answer re-renders only
 * its last, growing block per token and a long message renders in pieces. It cuts only at a blank line
 * outside fenced code whose next line starts a new top-level block: not indented (that would continue a
 * list item or be indented code) and not a list item (a loose list stays one list). A text that defines
 * link references or footnotes (`[id]: …`, `[^1]: …`), which may be used in any block, is not cut.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const LIST_ITEM = /^([-*+]|\d{1,9}[.)])(\s|$)/
const DEFINITION = /^ {0,3}\[[^\]]+\]:/m

export function markdownBlocks(text: string): string[] {
  if (DEFINITION.test(text)) return [text]
  const lines = text.split('\n')
  const blocks: string[] = []
  let current: string[] = []
  let fence: string | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const marker = FENCE.exec(line)?.[1]
    if (marker) {
      if (fence === null) fence = marker
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null
    }
    current.push(line)
    if (fence !== null || line.trim() !== '') continue
    const next = lines[i + 1]
    if (next === undefined || next.trim() === '' || /^\s/.test(next) || LIST_ITEM.test(next)) continue
    blocks.push(current.join('\n'))
    current = []
  }
  if (current.length > 0) blocks.push(current.join('\n'))
  return blocks
}
