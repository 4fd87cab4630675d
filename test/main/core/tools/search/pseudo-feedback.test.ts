// Pseudo-relevance feedback: which terms the best first-pass tools contribute and with what weight, and
// that the index's second pass finds a tool described in the words of the best match though it shares no
// word with the query, without leaving the permitted tools.
import { describe, expect, it } from 'vitest'
import { feedbackTerms } from '../../../../../src/main/core/tools/search/pseudo-feedback'
import {
  ToolSearchIndex,
  type SearchableTool,
} from '../../../../../src/main/core/tools/search/tool-search-index'

const options = { docs: 5, terms: 10, minDocs: 1, weight: 0.3 }

describe('feedbackTerms', () => {
  it('weights each term by its share of a tool’s text times that tool’s share of the top scores', () => {
    const terms = feedbackTerms(
      [
        {
          score: 3,
          counts: new Map([
            ['storag', 2],
            ['cold', 2],
          ]),
        },
        {
          score: 1,
          counts: new Map([
            ['storag', 1],
            ['report', 3],
          ]),
        },
      ],
      () => true,
      options,
    )
    // storag: 3/4·2/4 + 1/4·1/4 = 0.4375; cold: 3/4·2/4 = 0.375; report: 1/4·3/4 = 0.1875 (sum 1).
    expect([...terms.keys()]).toEqual(['storag', 'cold', 'report'])
    expect(terms.get('storag')).toBeCloseTo(0.4375)
    expect(terms.get('report')).toBeCloseTo(0.1875)
  })

  it('keeps only usable terms, at most `terms` of them, and nothing when no tool scored', () => {
    const top = [
      {
        score: 1,
        counts: new Map([
          ['a', 3],
          ['b', 2],
          ['c', 1],
        ]),
      },
    ]
    const terms = feedbackTerms(top, (term) => term !== 'a', { ...options, terms: 1 })
    expect([...terms]).toEqual([['b', 1]])
    expect(feedbackTerms([{ score: 0, counts: new Map([['a', 1]]) }], () => true, options).size).toBe(0)
  })

  it('with minDocs 2 keeps only terms that two of the top tools share, so no tool reinforces itself', () => {
    const top = [
      {
        score: 2,
        counts: new Map([
          ['cold', 1],
          ['attende', 4],
        ]),
      },
      {
        score: 1,
        counts: new Map([
          ['cold', 1],
          ['report', 1],
        ]),
      },
    ]
    expect([...feedbackTerms(top, () => true, { ...options, minDocs: 2 }).keys()]).toEqual(['cold'])
  })
})

function tool(name: string, description: string): SearchableTool {
  return { key: `mcp_mail_${name}`, serverId: 'mail', serverName: 'mail', name, description, inputSchema: {} }
}

const tools = [
  tool('archive_mailbox', 'Archive a mailbox: moves old correspondence into cold storage'),
  tool('mailbox_archive_status', 'Whether a mailbox archive still holds correspondence in cold storage'),
  tool('cold_storage_report', 'Report on correspondence held in cold storage'),
  tool('create_event', 'Create a calendar event with attendees'),
  tool('list_events', 'List upcoming calendar events'),
  // Orama counts a term's occurrences, not its tools, in the idf: a handful of tools would score nothing.
  ...Array.from({ length: 30 }, (_, i) => tool(`filler_${i}`, `Placeholder ${i}`)),
]

function keys(query: string, weight: number, only?: ReadonlySet<string>): string[] {
  // 35 tools: let words three of them use still count as distinctive.
  const index = new ToolSearchIndex({ wordnet: null, relatedMaxShare: 0.1, feedback: { weight } })
  index.setServerTools('mail', tools)
  return index.search(query, 8, only).map((hit) => hit.key)
}

describe('ToolSearchIndex with pseudo-relevance feedback', () => {
  it('adds, after the direct matches, a tool sharing the words the direct matches have in common', () => {
    const direct = ['mcp_mail_archive_mailbox', 'mcp_mail_mailbox_archive_status']
    expect(keys('archive mailbox', 0)).toEqual(direct)
    expect(keys('archive mailbox', 0.3)).toEqual([...direct, 'mcp_mail_cold_storage_report'])
  })

  it('keeps the best direct match first', () => {
    expect(keys('upcoming events', 0.5)[0]).toBe('mcp_mail_list_events')
  })

  it('never returns a tool outside `only`', () => {
    const only = new Set(['mcp_mail_archive_mailbox', 'mcp_mail_mailbox_archive_status'])
    expect(keys('archive mailbox', 0.3, only)).toEqual([...only])
  })
})
