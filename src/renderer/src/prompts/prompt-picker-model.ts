import type { PromptArgumentValues, PromptInfo } from '../../../shared/mcp/prompts'

/**
 * What the composer's `/` picker filters by: the text after a leading `/`, while it is one word. Null when
 * the text is not a prompt command (no leading slash, or a space or line break already typed), so a message
 * that merely starts with a path like `/etc/hosts is …` is left alone once the user goes on typing.
 */
export function pickerQuery(text: string): string | null {
  const match = /^\/(\S*)$/.exec(text)
  return match ? match[1]! : null
}

function matchRank(prompt: PromptInfo, query: string): number | null {
  if (query === '') return 0
  const name = prompt.name.toLowerCase()
  const key = prompt.key.toLowerCase()
  const title = prompt.title?.toLowerCase() ?? ''
  if (name.startsWith(query) || key.startsWith(query)) return 0
  if (name.includes(query) || key.includes(query) || title.includes(query)) return 1
  return null
}

/**
 * The prompts whose `server:prompt`, name or title contains the query (case-insensitive); those whose name
 * or key starts with it come first, the rest keep the host's order.
 */
export function filterPrompts(prompts: readonly PromptInfo[], query: string): PromptInfo[] {
  const needle = query.toLowerCase()
  const ranked: Array<{ prompt: PromptInfo; rank: number; index: number }> = []
  prompts.forEach((prompt, index) => {
    const rank = matchRank(prompt, needle)
    if (rank !== null) ranked.push({ prompt, rank, index })
  })
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.prompt)
}

/** The next highlighted option for an arrow key; wraps at both ends like a native list. */
export function moveActive(index: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return 0
  return key === 'ArrowDown' ? (index + 1) % count : (index - 1 + count) % count
}

/** The required arguments still empty, in the prompt's order. */
export function missingArguments(prompt: PromptInfo, values: PromptArgumentValues): string[] {
  return prompt.arguments
    .filter((argument) => argument.required && (values[argument.name] ?? '').trim() === '')
    .map((argument) => argument.name)
}

/**
 * The values to send: empty optional arguments are left out, so the server applies its own default instead
 * of receiving an empty string it may reject.
 */
export function argumentsToSend(values: PromptArgumentValues): PromptArgumentValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''))
}

export function messageCountLabel(count: number): string {
  return count === 1 ? '1 message' : `${count} messages`
}
