/**
 * Word associations learned from the indexed tools themselves: terms that appear in the same tools as a
 * query word (`webhook` with `event`, `subscription`) are related to it in this catalog, whatever the
 * domain. Association = share of the word's tools that also use the term × the term's normalised idf.
 */
export interface AssociationOptions {
  /** Weight of an associated term relative to the query word itself; 0 turns associations off. */
  weight: number
  /** Associated terms kept per query word. */
  terms: number
  /** A term must share at least this many tools with the word. */
  minShared: number
}

export const NO_ASSOCIATIONS: AssociationOptions = { weight: 0, terms: 5, minShared: 2 }

export class TermAssociations {
  private readonly toolsOf = new Map<string, string[]>()
  private readonly cache = new Map<string, Map<string, number>>()
  private readonly toolCount: number

  constructor(
    private readonly termsOf: ReadonlyMap<string, ReadonlySet<string>>,
    private readonly options: AssociationOptions,
  ) {
    for (const [key, terms] of termsOf) {
      for (const term of terms) this.toolsOf.set(term, [...(this.toolsOf.get(term) ?? []), key])
    }
    this.toolCount = Math.max(2, termsOf.size)
  }

  /** Terms associated with `term`, with weights in (0, 1], best first; `usable` filters candidates. */
  related(term: string, usable: (candidate: string) => boolean): Map<string, number> {
    const cached = this.cache.get(term)
    if (cached) return cached
    const tools = this.toolsOf.get(term) ?? []
    const shared = new Map<string, number>()
    for (const key of tools) {
      for (const other of this.termsOf.get(key) ?? []) {
        if (other !== term) shared.set(other, (shared.get(other) ?? 0) + 1)
      }
    }
    const scored: Array<[string, number]> = []
    for (const [other, n] of shared) {
      if (n < this.options.minShared || !usable(other)) continue
      const df = this.toolsOf.get(other)?.length ?? 1
      scored.push([other, (n / tools.length) * (Math.log(this.toolCount / df) / Math.log(this.toolCount))])
    }
    scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    const top = scored.slice(0, this.options.terms)
    const max = top[0]?.[1] ?? 1
    const result = new Map(top.map(([other, score]) => [other, score / max]))
    this.cache.set(term, result)
    return result
  }
}
