/** The model's streamed answer: markdown cut into token-sized pieces, one piece per SSE chunk. */

/** The answer's last words: the page has rendered the whole stream once its last message shows them. */
export const STREAM_END_MARKER = 'End of the streamed answer.'

const BLOCKS = [
  'Here is what I found after reading the **transcript format** and the `TranscriptStore` code.',
  '1. Every record is one JSON line.\n2. Appends are fsynced before the call returns.\n3. A torn last line is skipped with a warning.',
  '```ts\nconst store = new TranscriptStore(dir)\nstore.append(id, { type: "user", text: "hello" })\nconst { records } = store.load(id)\n```',
  '| step | cost | note |\n|---|---|---|\n| append | 0.4 ms | one write and one fsync |\n| load | 12 ms | parses every line |',
  'So the format is safe against crashes, and loading a long conversation costs one pass over the file. See [the docs](https://modelcontextprotocol.io) for how tools are described.',
  '- Keep records small.\n- Never rewrite a line.\n- Let the reader skip what it cannot parse.',
]

/** Words (up to six letters, with their leading space), numbers and single marks: about four characters each. */
const TOKEN = /\s*[A-Za-z]{1,6}|\s*\d{1,3}|\s*[^\sA-Za-z\d]|\s+/g

function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? []
}

/** `count` tokens of markdown whose last tokens spell STREAM_END_MARKER; joined they are the answer's text. */
export function streamedAnswerTokens(count: number): string[] {
  const end = tokenize(`\n\n${STREAM_END_MARKER}`)
  if (count <= end.length) throw new Error(`a streamed answer needs more than ${end.length} tokens`)
  const body: string[] = []
  for (let i = 0; body.length < count - end.length; i++) {
    body.push(...tokenize(`${i === 0 ? '' : '\n\n'}${BLOCKS[i % BLOCKS.length]!}`))
  }
  const kept = body.slice(0, count - end.length)
  return [...balanceFences(kept), ...end]
}

/** Closes a code fence the cut left open (its closing ``` costs three tokens, taken from the end). */
function balanceFences(tokens: string[]): string[] {
  const fences = tokens.join('').split('```').length - 1
  if (fences % 2 === 0) return tokens
  return [...tokens.slice(0, tokens.length - 4), '\n', '`', '`', '`']
}
