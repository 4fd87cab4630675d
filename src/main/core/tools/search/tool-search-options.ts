import { DEFAULT_ANALYZER_OPTIONS, type AnalyzerOptions } from './text-analyzer'
import { DEFAULT_EXPANSION_OPTIONS, type ExpansionOptions } from './query-expansion'
import { DEFAULT_FEEDBACK_OPTIONS, type FeedbackOptions } from './pseudo-feedback'

/** Searchable parts of a tool; the schema's property names and its texts are kept apart. */
export const INDEXED_FIELDS = ['name', 'title', 'description', 'params', 'paramText', 'server'] as const
export type IndexedField = (typeof INDEXED_FIELDS)[number]

export interface Bm25Parameters {
  /** Term-frequency saturation (k1). */
  k: number
  /** Length normalisation. */
  b: number
  /** BM25+ lower bound added to every matching term (Orama's default is 0.5). */
  d: number
}

/** Tuning knobs of ToolSearchIndex; every default was chosen by `npm run bench -- tool-search`. */
export interface ToolSearchOptions {
  analyzer: AnalyzerOptions
  expansion: ExpansionOptions
  /**
   * Weight of each part of a tool; 0 leaves it out. Combined, a weight is how many times the part is
   * repeated in the one indexed text (so whole numbers); separate, it is the Orama boost of its field.
   */
  fieldWeights: Record<IndexedField, number>
  /**
   * One text per tool (BM25F-like: a word's occurrences add up before saturation, so a common word met in
   * the name, the description and a parameter does not outscore a rare word met once) or one Orama field
   * per part (Orama sums per-field BM25 scores).
   */
  combineFields: boolean
  bm25: Bm25Parameters
  /** Query terms at least this long also match index terms they are a prefix of (`senat` → `senator`). */
  prefixMinLength: number
  /** Scores are multiplied by (matched query words / query words) to this power; 0 turns it off. */
  coordination: number
  /** Related words used by more than this share of the tools are not searched. */
  relatedMaxShare: number
  /** Pseudo-relevance feedback: a second pass with words of the first pass's best tools. */
  feedback: FeedbackOptions
}

export const DEFAULT_TOOL_SEARCH_OPTIONS: ToolSearchOptions = {
  analyzer: DEFAULT_ANALYZER_OPTIONS,
  expansion: DEFAULT_EXPANSION_OPTIONS,
  fieldWeights: { name: 2, title: 1, description: 1, params: 1, paramText: 1, server: 1 },
  combineFields: true,
  bm25: { k: 1.2, b: 0, d: 0.25 },
  prefixMinLength: 4,
  coordination: 1,
  relatedMaxShare: 0.05,
  feedback: DEFAULT_FEEDBACK_OPTIONS,
}

/** `base` with `overrides` applied key by key, nested objects merged rather than replaced. */
export function withToolSearchOverrides(
  base: ToolSearchOptions,
  overrides: ToolSearchOverrides = {},
): ToolSearchOptions {
  return {
    ...base,
    ...overrides,
    analyzer: { ...base.analyzer, ...overrides.analyzer },
    expansion: {
      ...base.expansion,
      ...overrides.expansion,
      weights: { ...base.expansion.weights, ...overrides.expansion?.weights },
    },
    fieldWeights: { ...base.fieldWeights, ...overrides.fieldWeights },
    bm25: { ...base.bm25, ...overrides.bm25 },
    feedback: { ...base.feedback, ...overrides.feedback },
  }
}

export interface ToolSearchOverrides {
  analyzer?: Partial<AnalyzerOptions>
  expansion?: Partial<Omit<ExpansionOptions, 'weights'>> & { weights?: Partial<ExpansionOptions['weights']> }
  fieldWeights?: Partial<Record<IndexedField, number>>
  combineFields?: boolean
  bm25?: Partial<Bm25Parameters>
  prefixMinLength?: number
  coordination?: number
  relatedMaxShare?: number
  feedback?: Partial<FeedbackOptions>
}
