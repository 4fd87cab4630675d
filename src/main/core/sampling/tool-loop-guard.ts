import { createHash } from 'node:crypto'

/**
 * Sampling with tools lets a server run an agent loop on the user's model: it asks, the model calls a tool,
 * the server runs it and asks again with the result appended. A loop is recognised by its messages: each
 * round repeats the previous round's messages and adds to them. The guard counts rounds per server and
 * refuses past the cap, so a runaway server cannot spend the user's tokens forever.
 */
export class ToolLoopGuard {
  readonly #loops = new Map<string, { messages: string[]; rounds: number }>()

  /** Counts this request as a round; returns the round number it is (1 for a new loop). */
  enter(serverId: string, messages: readonly unknown[]): number {
    const serialised = messages.map((message) => JSON.stringify(message))
    const previous = this.#loops.get(serverId)
    const continues =
      previous !== undefined &&
      serialised.length > previous.messages.length &&
      previous.messages.every((message, index) => serialised[index] === message)
    const rounds = continues ? previous.rounds + 1 : 1
    this.#loops.set(serverId, { messages: serialised, rounds })
    return rounds
  }

  forget(serverId: string): void {
    this.#loops.delete(serverId)
  }
}

/**
 * Identifies the tools a request offers, so "approve for this session" covers later rounds of the same
 * loop but a changed tool set (a tool added, or its definition changed) asks again.
 */
export function toolSetKey(
  tools: ReadonlyArray<{ name: string; [key: string]: unknown }> | undefined,
): string {
  if (!tools || tools.length === 0) return ''
  const canonical = [...tools]
    .map((tool) => JSON.stringify(sortKeys(tool)))
    .sort()
    .join('\n')
  return createHash('sha256').update(canonical).digest('hex')
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  )
}
