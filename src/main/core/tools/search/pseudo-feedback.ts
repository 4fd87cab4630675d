/**
 * Pseudo-relevance feedback (RM3-like): the best tools of a first pass are assumed relevant, and the words
 * they share stand in for words the query did not use. A term's weight is its share of each top tool's
 * text, weighted by that tool's share of the top scores.
 */

export interface FeedbackOptions {
  /** Top tools of the first pass read for feedback terms. */
  docs: number
  /** Feedback terms kept. */
  terms: number
  /** A feedback term must occur in at least this many of those tools (1 lets one tool reinforce itself). */
  minDocs: number
  /** Weight of the feedback score against the first pass (both scaled to a maximum of 1); 0 turns it off. */
  weight: number
}

/** Chosen on the project's queries by `npm run bench -- tool-search` (dev only checked). */
export const DEFAULT_FEEDBACK_OPTIONS: FeedbackOptions = { docs: 8, terms: 10, minDocs: 2, weight: 0.3 }

export interface FeedbackDocument {
  score: number
  /** Term → occurrences in the tool's indexed text. */
  counts: ReadonlyMap<string, number>
}

/** Feedback terms and their weights (summing to 1), `usable` deciding which terms may be used at all. */
export function feedbackTerms(
  top: readonly FeedbackDocument[],
  usable: (term: string) => boolean,
  options: FeedbackOptions,
): Map<string, number> {
  const total = top.reduce((sum, doc) => sum + doc.score, 0)
  if (total <= 0) return new Map()
  const weights = new Map<string, number>()
  const seen = new Map<string, number>()
  for (const doc of top) {
    let length = 0
    for (const n of doc.counts.values()) length += n
    for (const [term, n] of doc.counts) {
      if (!usable(term)) continue
      weights.set(term, (weights.get(term) ?? 0) + (doc.score / total) * (n / length))
      seen.set(term, (seen.get(term) ?? 0) + 1)
    }
  }
  const kept = [...weights]
    .filter(([term]) => (seen.get(term) ?? 0) >= options.minDocs)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, options.terms)
  const sum = kept.reduce((s, [, w]) => s + w, 0)
  return new Map(kept.map(([term, w]) => [term, w / sum]))
}
