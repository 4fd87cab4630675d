import { stemmer as englishStemmer } from '@orama/stemmers/english'
import { stopwords as englishStopwords } from '@orama/stopwords/english'
import { words } from './identifier-words'

/**
 * Turns text into index terms the same way for tools and for queries: words (identifiers split),
 * stop words dropped, then stemmed so `listings`, `listing` and `listed` meet.
 */

export interface AnalyzerOptions {
  splitCamel: boolean
  stem: boolean
  stopWords: boolean
}

export const DEFAULT_ANALYZER_OPTIONS: AnalyzerOptions = { splitCamel: true, stem: true, stopWords: true }

/**
 * Orama's English list, plus words that in a request to find a tool carry no meaning of their own
 * (politeness and "I want to…" framing). Apostrophes are dropped the way `words` drops them.
 */
const STOP_WORDS = new Set([
  ...englishStopwords.map((word) => word.replace(/['\u2019]/g, '')),
  // Orama's list has "an" but not "a".
  'a',
  'please',
  'want',
  'wanna',
  'need',
  'like',
  'just',
  'also',
  'us',
  'im',
  'ive',
])

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word)
}

export class TextAnalyzer {
  private readonly stemCache = new Map<string, string>()

  constructor(readonly options: AnalyzerOptions = DEFAULT_ANALYZER_OPTIONS) {}

  /** Stem of one lower-cased word (or the word itself when stemming is off). */
  stem(word: string): string {
    if (!this.options.stem) return word
    let stemmed = this.stemCache.get(word)
    if (stemmed === undefined) {
      stemmed = englishStemmer(word)
      if (this.stemCache.size > 50_000) this.stemCache.clear()
      this.stemCache.set(word, stemmed)
    }
    return stemmed
  }

  /** Words of `text`, stop words dropped when enabled, not stemmed. */
  words(text: string): string[] {
    const all = words(text, { splitCamel: this.options.splitCamel })
    return this.options.stopWords ? all.filter((word) => !STOP_WORDS.has(word)) : all
  }

  /** Index terms of `text`: words, then stems; duplicates kept. */
  terms(text: string): string[] {
    return this.words(text).map((word) => this.stem(word))
  }
}
