import type { ModelCandidate } from '../models/select-model'

export const NOT_ALLOWED_REASON = "not in this server's allowed models"

export interface RestrictedCandidates {
  allowed: ModelCandidate[]
  /** Every candidate left out, with the reason, so "no eligible model" can name it like any other. */
  excluded: Array<{ ref: string; reasons: [string] }>
}

/**
 * Narrows the configured models to the ones a server may use (its `samplingModels`, e.g. "only local
 * models"). Entries are `provider/model` refs, matched exactly (model ids are case-sensitive at most
 * providers), or prefixes ending in `/*`: `ollama/*` allows every model of the provider `ollama`, and since
 * model ids may contain slashes, `openrouter/meta-llama/*` allows that family only. Surrounding whitespace
 * in an entry is ignored; an entry that names no configured model simply allows nothing.
 *
 * `undefined` means the user set no list: every model is allowed. An empty list allows none.
 * Order is kept, so selection still sees the candidates as the provider service listed them.
 */
export function restrictCandidates(
  candidates: ModelCandidate[],
  allowed: string[] | undefined,
): RestrictedCandidates {
  if (allowed === undefined) return { allowed: [...candidates], excluded: [] }
  const matchers = allowed
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map(toMatcher)
  const result: RestrictedCandidates = { allowed: [], excluded: [] }
  for (const candidate of candidates) {
    if (matchers.some((matches) => matches(candidate.ref))) result.allowed.push(candidate)
    else result.excluded.push({ ref: candidate.ref, reasons: [NOT_ALLOWED_REASON] })
  }
  return result
}

function toMatcher(entry: string): (ref: string) => boolean {
  if (entry.endsWith('/*')) {
    // Keep the slash: `open/*` must not allow the provider `openai`.
    const prefix = entry.slice(0, -1)
    return (ref) => ref.startsWith(prefix) && ref.length > prefix.length
  }
  return (ref) => ref === entry
}
