// The fused ranking of issue 23: today's lexical ranking and the query's cosines with the tools' vectors,
// one list. Tools whose vectors do not exist yet must still rank, by their lexical score alone.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_FUSION_OPTIONS,
  fuseRankings,
} from '../../../../../src/main/core/tools/semantic/fuse-rankings'

const keys = (ranked: ReadonlyArray<readonly [string, number]>): string[] => ranked.map(([key]) => key)

describe('fuseRankings', () => {
  it('adds the weighted cosine, min-max scaled over the tools with vectors, to the lexical score over its top', () => {
    const fused = fuseRankings(
      [
        ['a', 4],
        ['b', 2],
      ],
      new Map([
        ['a', 0.1],
        ['b', 0.5],
        ['c', 0.3],
      ]),
      { semanticWeight: 1 },
    )
    expect(keys(fused)).toEqual(['b', 'a', 'c'])
    const scores = new Map(fused)
    expect(scores.get('b')).toBeCloseTo(0.5 + 1)
    expect(scores.get('a')).toBeCloseTo(1 + 0)
    expect(scores.get('c')).toBeCloseTo(0 + 0.5)
  })

  it('lets a semantic match that no query word reaches outrank a weak lexical one', () => {
    const fused = fuseRankings(
      [
        ['exact', 10],
        ['weak', 1],
      ],
      new Map([
        ['exact', 0.6],
        ['weak', 0.1],
        ['meaning', 0.7],
      ]),
    )
    expect(keys(fused)).toEqual(['exact', 'meaning', 'weak'])
  })

  it('ranks a tool without a vector by its lexical score alone, as if its semantic part agreed with it', () => {
    const weight = DEFAULT_FUSION_OPTIONS.semanticWeight
    const fused = new Map(
      fuseRankings(
        [
          ['embedded', 2],
          ['pending', 1],
        ],
        new Map([
          ['embedded', 0.2],
          ['other', 0.9],
        ]),
      ),
    )
    expect(fused.get('pending')).toBeCloseTo(0.5 * (1 + weight))
    expect(fused.get('embedded')).toBeCloseTo(1 + 0)
    expect(fused.get('other')).toBeCloseTo(0 + weight)
  })

  it('is the lexical ranking when no tool has a vector yet', () => {
    const lexical: Array<[string, number]> = [
      ['x', 3],
      ['y', 2],
      ['z', 1],
    ]
    expect(keys(fuseRankings(lexical, new Map()))).toEqual(['x', 'y', 'z'])
  })

  it('is the semantic ranking when no tool matches a query word', () => {
    const cosines = new Map([
      ['x', 0.2],
      ['y', 0.9],
      ['z', 0.5],
    ])
    expect(keys(fuseRankings([], cosines))).toEqual(['y', 'z', 'x'])
  })

  it('is empty when there is nothing to rank', () => {
    expect(fuseRankings([], new Map())).toEqual([])
  })

  it('breaks ties by key, so the same inputs always give the same order', () => {
    const cosines = new Map([
      ['b', 0.5],
      ['a', 0.5],
      ['c', 0.5],
    ])
    // Equal cosines carry no information (no spread): every tool gets 0 from them.
    expect(fuseRankings([], cosines)).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 0],
    ])
    const lexical: Array<[string, number]> = [
      ['d', 1],
      ['c', 1],
    ]
    expect(keys(fuseRankings(lexical, new Map()))).toEqual(['c', 'd'])
  })

  it('gives lexical scores of zero no weight when the top lexical score is zero', () => {
    const fused = fuseRankings(
      [['a', 0]],
      new Map([
        ['a', 0],
        ['b', 1],
      ]),
      { semanticWeight: 2 },
    )
    expect(fused).toEqual([
      ['b', 2],
      ['a', 0],
    ])
  })
})
