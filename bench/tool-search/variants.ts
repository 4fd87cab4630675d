import type { ToolSearchIndexOptions } from '../../src/main/core/tools/search/tool-search-index'

/**
 * The measured ladder: each step adds one technique to the one before, so the table shows what each
 * one is worth; the last step is the index's defaults. `wordnet: null` runs without the lexicon.
 */
export interface Variant {
  label: string
  options: ToolSearchIndexOptions
}

const NO_EXPANSION = { weights: { verb: 0, software: 0, synonym: 0, derivation: 0, hypernym: 0, hyponym: 0 } }
const SEPARATE_NAME_DESCRIPTION = {
  combineFields: false,
  fieldWeights: { name: 1, title: 0, description: 1, params: 0, paramText: 0, server: 0 },
}
const ORAMA_BM25 = { k: 1.2, b: 0.75, d: 0.5 }
const NO_FEEDBACK = { weight: 0 }

export const VARIANTS: readonly Variant[] = [
  {
    label: 'identifier splitting (snake, kebab, camel)',
    options: {
      ...SEPARATE_NAME_DESCRIPTION,
      analyzer: { stem: false, stopWords: false },
      bm25: ORAMA_BM25,
      coordination: 0,
      expansion: NO_EXPANSION,
      wordnet: null,
      feedback: NO_FEEDBACK,
    },
  },
  {
    label: '+ stop words, stemming',
    options: {
      ...SEPARATE_NAME_DESCRIPTION,
      bm25: ORAMA_BM25,
      coordination: 0,
      expansion: NO_EXPANSION,
      wordnet: null,
      feedback: NO_FEEDBACK,
    },
  },
  {
    label: '+ schema properties, title, server (fields)',
    options: {
      combineFields: false,
      fieldWeights: { name: 2, title: 1, description: 1, params: 0.5, paramText: 0.3, server: 1 },
      bm25: ORAMA_BM25,
      coordination: 0,
      expansion: NO_EXPANSION,
      wordnet: null,
      feedback: NO_FEEDBACK,
    },
  },
  {
    label: '+ one weighted text per tool (BM25F-like)',
    options: {
      bm25: ORAMA_BM25,
      coordination: 0,
      expansion: NO_EXPANSION,
      wordnet: null,
      feedback: NO_FEEDBACK,
    },
  },
  {
    label: '+ BM25 b 0, d 0.25',
    options: { coordination: 0, expansion: NO_EXPANSION, wordnet: null, feedback: NO_FEEDBACK },
  },
  {
    label: '+ coordination (share of query words matched)',
    options: { expansion: NO_EXPANSION, wordnet: null, feedback: NO_FEEDBACK },
  },
  {
    label: '+ action-verb synonyms',
    options: {
      expansion: { weights: { ...NO_EXPANSION.weights, verb: 0.5 } },
      wordnet: null,
      feedback: NO_FEEDBACK,
    },
  },
  {
    label: '+ software-vocabulary synonyms',
    options: {
      expansion: { weights: { ...NO_EXPANSION.weights, verb: 0.5, software: 0.6 } },
      wordnet: null,
      feedback: NO_FEEDBACK,
    },
  },
  {
    label: '+ WordNet for words no tool uses (synonyms, derivations, collocations)',
    options: { feedback: NO_FEEDBACK },
  },
  { label: '+ pseudo-relevance feedback (RM3-like, terms shared by 2 of the top 8) = ours', options: {} },
]

/** Single changes to the final configuration that the ladder does not show, kept for the record. */
export const SIDE_VARIANTS: readonly Variant[] = [
  { label: 'ours, WordNet for every query word', options: { expansion: { wordnetFor: 'all' } } },
  { label: 'ours + WordNet hypernyms 0.2', options: { expansion: { weights: { hypernym: 0.2 } } } },
  { label: 'ours + WordNet hyponyms 0.2', options: { expansion: { weights: { hyponym: 0.2 } } } },
  { label: 'ours, exact terms only (no prefix)', options: { prefixMinLength: 1000 } },
  { label: 'ours, no coordination', options: { coordination: 0 } },
  { label: 'ours, Orama BM25 defaults (b 0.75, d 0.5)', options: { bm25: ORAMA_BM25 } },
  { label: 'ours, separate fields with boosts', options: { combineFields: false } },
  { label: 'ours, feedback terms from a single tool too', options: { feedback: { minDocs: 1 } } },
  { label: 'ours, feedback weight 0.15', options: { feedback: { weight: 0.15 } } },
]
