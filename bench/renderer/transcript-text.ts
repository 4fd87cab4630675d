/**
 * The words of the benchmark transcript: user questions, markdown answers (paragraphs with inline marks and
 * links, lists, fenced code the page highlights, GFM tables, quotes) and tool arguments and results, in the
 * sizes a working conversation has (answers of a few hundred to a couple of thousand characters).
 */

export type Random = () => number

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!

const TOPICS = [
  'the release checklist',
  'the stdio transport',
  'retry behaviour on timeouts',
  'the settings migration',
  'the OAuth refresh flow',
  'tool search ranking',
  'sampling approvals',
  'the transcript format',
  'the web mode token',
  'server restarts',
]

const QUESTIONS = [
  'Can you summarise what changed in {topic} since last week?',
  'Why does {topic} fail on the CI machine but not locally?',
  'Write a short plan for {topic}, with the risky steps first.',
  'What would break if we removed {topic}?',
  'Compare the two options for {topic} and pick one.',
  'Look up the open issues about {topic}.',
]

export function userQuestion(random: Random, turn: number): string {
  const question = pick(random, QUESTIONS).replace('{topic}', pick(random, TOPICS))
  return random() < 0.2 ? `${question}\n\nContext: this is for turn ${turn}, keep it brief.` : question
}

const SENTENCES = [
  'The **first** thing to check is whether the server answered at all before the deadline.',
  'A call that timed out is recorded as `unknown`, because the server may still have acted.',
  'See the [specification](https://modelcontextprotocol.io/specification) for the exact wording.',
  'Nothing here is retried automatically; the user decides what happens next.',
  'The numbers below come from the last three runs on the build machine.',
  'In short, the change is small but it touches the ~~old~~ new code path in two places.',
  'Each record is one JSON line, appended and fsynced, so a crash loses at most the torn last line.',
  'The window only ever sees what the host decided to send it, never the raw server output.',
]

function paragraph(random: Random): string {
  const count = 2 + Math.floor(random() * 3)
  return Array.from({ length: count }, () => pick(random, SENTENCES)).join(' ')
}

function list(random: Random): string {
  const ordered = random() < 0.5
  const count = 3 + Math.floor(random() * 4)
  return Array.from(
    { length: count },
    (_, index) => `${ordered ? `${index + 1}.` : '-'} ${pick(random, SENTENCES)}`,
  ).join('\n')
}

const CODE = [
  '```ts\nexport async function retry<T>(run: () => Promise<T>, times = 3): Promise<T> {\n  let last: unknown\n  for (let i = 0; i < times; i++) {\n    try {\n      return await run()\n    } catch (error) {\n      last = error\n    }\n  }\n  throw last\n}\n```',
  '```json\n{\n  "servers": [{ "id": "docs", "transport": "stdio", "command": "node" }],\n  "tools": { "search": "auto" }\n}\n```',
  '```bash\nnpm run bench -- renderer\nmcp-desk --home /tmp/profile web\n```',
  '```python\ndef handler(request):\n    if request.method != "POST":\n        return 405\n    return {"ok": True, "items": [1, 2, 3]}\n```',
]

function table(random: Random): string {
  const rows = 3 + Math.floor(random() * 3)
  const body = Array.from(
    { length: rows },
    (_, index) =>
      `| ${pick(random, TOPICS)} | ${(random() * 100).toFixed(1)} ms | ${random() < 0.7 ? 'pass' : 'miss'} | run ${index + 1} |`,
  )
  return ['| area | median | target | note |', '|---|---|---|---|', ...body].join('\n')
}

/** One answer: a paragraph, then two to four more blocks, sometimes under a heading. */
export function markdownAnswer(random: Random, turn: number): string {
  const blocks = [paragraph(random)]
  const more = 2 + Math.floor(random() * 3)
  for (let i = 0; i < more; i++) {
    const roll = random()
    if (roll < 0.25) blocks.push(list(random))
    else if (roll < 0.45) blocks.push(pick(random, CODE))
    else if (roll < 0.55) blocks.push(table(random))
    else if (roll < 0.62) blocks.push(`> ${pick(random, SENTENCES)}`)
    else if (roll < 0.7) blocks.push(`### Step ${i + 1} of turn ${turn}`)
    else blocks.push(paragraph(random))
  }
  return blocks.join('\n\n')
}

export function toolArguments(random: Random, tool: string): Record<string, string | number> {
  switch (tool) {
    case 'read_file':
      return { path: `/home/user/project/src/${pick(random, ['main', 'renderer', 'shared'])}/index.ts` }
    case 'search':
      return { query: pick(random, TOPICS), state: 'open', limit: 10 }
    default:
      return { q: pick(random, TOPICS) }
  }
}

export function toolResultText(random: Random, tool: string, state: 'completed' | 'failed'): string {
  if (state === 'failed') return `Error: ${tool} failed: connection reset by the server`
  const count = 3 + Math.floor(random() * 8)
  const hits = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    title: `${pick(random, TOPICS)} (${Math.floor(random() * 1000)})`,
    snippet: pick(random, SENTENCES).replace(/[*`~[\]]/g, ''),
  }))
  return JSON.stringify({ tool, hits }, null, 2)
}
