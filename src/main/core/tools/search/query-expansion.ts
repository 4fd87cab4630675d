import { ACTION_VERB_SYNONYMS, SOFTWARE_SYNONYMS } from './synonym-groups'
import { isStopWord } from './text-analyzer'
import { PARTS_OF_SPEECH, type PartOfSpeech, type WordNet } from './wordnet'

/**
 * Related words for each word (or collocation) of a query, each with a weight below 1 (the query's own
 * words weigh 1). Two general sources: the action-verb groups, and WordNet — synonyms, derivations
 * (`senator` → `senate`, `expired` → `expiry`), pertainyms, optionally hypernyms — over the most frequent
 * senses only, since rare senses mostly add noise ("get" has 30 senses).
 */

export interface ExpansionWeights {
  /** Action-verb group mates. */
  verb: number
  /** Software-vocabulary group mates. */
  software: number
  /** Other lemmas of the same synset. */
  synonym: number
  /** Derivationally related forms and pertainyms. */
  derivation: number
  /** Lemmas of the direct hypernym synsets. */
  hypernym: number
  /** Lemmas of the direct hyponym synsets. */
  hyponym: number
}

export interface ExpansionOptions {
  weights: ExpansionWeights
  /** Senses followed per part of speech, most frequent first (never more than the corpus-attested ones + 1). */
  maxSenses: number
  /** Each later sense weighs this much of the one before. */
  senseDecay: number
  /** Look up adjacent word pairs as WordNet collocations (`back out`, `fill out`, `sign in`). */
  phrases: boolean
  /**
   * Which query words WordNet expands: all, or only those no indexed tool uses (a word the tools use is
   * matched as it is; one they do not is worth replacing by its relatives).
   */
  wordnetFor: 'all' | 'unknown'
  /** Words shorter than this are not expanded (abbreviations like `id`, `ip` mean something else in WordNet). */
  minWordLength: number
}

export const DEFAULT_EXPANSION_OPTIONS: ExpansionOptions = {
  weights: { verb: 0.5, software: 0.6, synonym: 0.4, derivation: 0.4, hypernym: 0, hyponym: 0 },
  maxSenses: 3,
  senseDecay: 0.8,
  phrases: true,
  wordnetFor: 'unknown',
  minWordLength: 3,
}

/** Lexical relations that keep the meaning and change the part of speech: derivation, pertainym. */
const DERIVATION_SYMBOLS = new Set(['+', '\\'])

/** One word or collocation of a query and the words related to it. */
export interface ExpandedUnit {
  /** The query word, or two adjacent words joined by `_`. */
  unit: string
  related: Map<string, number>
}

type Put = (word: string, weight: number) => void

export class QueryExpander {
  private readonly cache = new Map<string, Map<string, number>>()

  constructor(
    private readonly wordnet: WordNet | undefined,
    readonly options: ExpansionOptions = DEFAULT_EXPANSION_OPTIONS,
  ) {}

  /**
   * Related words of each content word of `queryWords` (lower-case, stop words kept so collocations like
   * "back out" are seen); the query's own words are never among them.
   */
  expand(queryWords: readonly string[], isKnown: (word: string) => boolean = () => false): ExpandedUnit[] {
    const units = queryWords.filter((word) => !isStopWord(word))
    if (this.options.phrases && this.wordnet) {
      for (let i = 0; i + 1 < queryWords.length; i += 1) units.push(`${queryWords[i]}_${queryWords[i + 1]}`)
    }
    const own = new Set(queryWords)
    const expanded: ExpandedUnit[] = []
    for (const unit of new Set(units)) {
      const lexicon = this.options.wordnetFor === 'all' || unit.includes('_') || !isKnown(unit)
      const related = new Map([...this.relatedTo(unit, lexicon)].filter(([word]) => !own.has(word)))
      if (related.size > 0) expanded.push({ unit, related })
    }
    return expanded
  }

  private relatedTo(unit: string, lexicon: boolean): Map<string, number> {
    const cacheKey = `${lexicon ? 'w' : 't'}:${unit}`
    const cached = this.cache.get(cacheKey)
    if (cached) return cached
    const related = new Map<string, number>()
    const put: Put = (word, weight) => {
      // Multi-word lemmas (`pull_out`) would add their parts' unrelated meanings; stop words carry none.
      if (word === unit || weight <= 0 || word.includes('_') || word.includes('-') || isStopWord(word)) return
      if ((related.get(word) ?? 0) < weight) related.set(word, weight)
    }
    if (!unit.includes('_')) {
      for (const verb of ACTION_VERB_SYNONYMS.get(unit) ?? this.verbMates(unit))
        put(verb, this.options.weights.verb)
      for (const mate of SOFTWARE_SYNONYMS.get(unit) ?? this.nounMates(unit))
        put(mate, this.options.weights.software)
    }
    if (lexicon && this.wordnet && unit.replace('_', '').length >= this.options.minWordLength) {
      this.addWordNet(this.wordnet, unit, put)
    }
    if (this.cache.size > 20_000) this.cache.clear()
    this.cache.set(cacheKey, related)
    return related
  }

  /** Action-verb mates of an inflected verb (`removing` → `remove` and its mates). */
  private verbMates(word: string): readonly string[] {
    for (const base of this.wordnet?.baseForms(word, 'verb') ?? []) {
      const mates = ACTION_VERB_SYNONYMS.get(base)
      if (mates) return [base, ...mates]
    }
    return []
  }

  /** Software-vocabulary mates of a plural (`folders` → `folder` and its mates). */
  private nounMates(word: string): readonly string[] {
    for (const base of this.wordnet?.baseForms(word, 'noun') ?? []) {
      const mates = SOFTWARE_SYNONYMS.get(base)
      if (mates) return [base, ...mates]
    }
    return []
  }

  private addWordNet(wordnet: WordNet, unit: string, put: Put): void {
    const { maxSenses, senseDecay } = this.options
    for (const pos of PARTS_OF_SPEECH) {
      for (const lemma of wordnet.baseForms(unit, pos)) {
        const { offsets, tagged } = wordnet.senses(lemma, pos)
        const followed = offsets.slice(0, Math.min(maxSenses, tagged + 1))
        followed.forEach((offset, rank) => {
          const scale = senseDecay ** rank
          this.addSynset(wordnet, pos, offset, lemma, (word, weight) => put(word, weight * scale))
        })
      }
    }
  }

  private addSynset(wordnet: WordNet, pos: PartOfSpeech, offset: number, lemma: string, put: Put): void {
    const synset = wordnet.synset(pos, offset)
    if (!synset) return
    const { weights } = this.options
    const own = synset.words.indexOf(lemma) + 1
    for (const word of synset.words) put(word, weights.synonym)
    for (const pointer of synset.pointers) {
      const lexical = pointer.source !== 0
      let weight = 0
      if (DERIVATION_SYMBOLS.has(pointer.symbol)) {
        // A lexical pointer relates one word of the synset; follow only those of the query's word.
        if (lexical && pointer.source !== own) continue
        weight = weights.derivation
      } else if (pointer.symbol === '@' || pointer.symbol === '@i') weight = weights.hypernym
      else if (pointer.symbol === '~' || pointer.symbol === '~i') weight = weights.hyponym
      if (weight <= 0) continue
      const target = wordnet.synset(pointer.pos, pointer.offset)
      if (!target) continue
      if (lexical) put(target.words[pointer.target - 1] ?? '', weight)
      else for (const word of target.words) put(word, weight)
    }
  }
}
