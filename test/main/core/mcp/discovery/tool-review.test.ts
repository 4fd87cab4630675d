import { describe, expect, it } from 'vitest'
import type { ServerApprovals } from '../../../../../src/main/core/mcp/discovery/approved-tools-store'
import { fingerprintTool } from '../../../../../src/main/core/mcp/discovery/tool-fingerprint'
import {
  acceptanceUpdates,
  reviewTools,
  StaleAcceptanceError,
  ToolNotApprovedError,
} from '../../../../../src/main/core/mcp/discovery/tool-review'
import { NotSentError } from '../../../../../src/main/core/tools/tool-call-outcome'
import type { ToolChange, ToolInfo } from '../../../../../src/shared/mcp/server-state'
import { tool } from './support/tool-info'

function approved(...tools: ToolInfo[]): ServerApprovals {
  return { trustOnFirstUse: true, tools: new Map(tools.map((t) => [t.name, t])) }
}

function summary(changes: ToolChange[]): string[] {
  return changes.map((c) => `${c.kind} ${c.name}${c.fields.length > 0 ? ` [${c.fields.join(', ')}]` : ''}`)
}

describe('reviewTools', () => {
  it('trusts the first listing of a server with nothing approved, and records it', () => {
    const review = reviewTools({ trustOnFirstUse: true, tools: undefined }, [tool('a'), tool('b')])
    expect(review.approved.map((t) => t.name)).toEqual(['a', 'b'])
    expect(review.pending).toEqual([])
    expect([...(review.record?.keys() ?? [])]).toEqual(['a', 'b'])
  })

  it('records nothing for an empty first listing, so the first tools a server lists are the trusted ones', () => {
    expect(reviewTools({ trustOnFirstUse: true, tools: undefined }, [])).toEqual({
      approved: [],
      pending: [],
    })
  })

  it('trusts nothing on first use once the store lost its baseline: every tool waits for the user', () => {
    const review = reviewTools({ trustOnFirstUse: false, tools: undefined }, [tool('a')])
    expect(review.approved).toEqual([])
    expect(summary(review.pending)).toEqual(['added a'])
    expect(review.record).toBeUndefined()
  })

  it('hides changed and new tools, keeps unchanged ones, and compares against the approved definition', () => {
    const original = tool('t')
    const listed = [
      tool('t', { description: 'third', annotations: { destructiveHint: true } }),
      tool('n'),
      tool('u'),
    ]
    const review = reviewTools(approved(original, tool('u'), tool('gone')), listed)
    expect(review.approved.map((t) => t.name)).toEqual(['u'])
    expect(summary(review.pending)).toEqual([
      'removed gone',
      'added n',
      'changed t [description, annotations]',
    ])
    const change = review.pending.find((c) => c.name === 't')
    expect(change?.before).toEqual(original)
    expect(change?.afterFingerprint).toBe(fingerprintTool(listed[0]!))
    expect(review.pending.find((c) => c.name === 'gone')?.afterFingerprint).toBeUndefined()
  })

  it('has nothing pending when a tool changes back to the approved definition, or only its exposed name moves', () => {
    const review = reviewTools(approved(tool('t')), [tool('t', { exposedName: 'mcp_s_t_1234abcd' })])
    expect(review.pending).toEqual([])
    expect(review.approved[0]?.exposedName).toBe('mcp_s_t_1234abcd')
  })
})

describe('acceptanceUpdates', () => {
  const pending = reviewTools(approved(tool('t'), tool('gone')), [
    tool('t', { description: 'new' }),
    tool('n'),
  ]).pending
  const shown = (name: string) => pending.find((c) => c.name === name)?.afterFingerprint ?? null

  it('approves the shown definitions and forgets accepted removals', () => {
    const updates = acceptanceUpdates(pending, [
      { name: 't', fingerprint: shown('t') },
      { name: 'gone', fingerprint: null },
    ])
    expect(updates.get('t')?.description).toBe('new')
    expect(updates.get('gone')).toBeNull()
    expect(updates.has('n')).toBe(false)
  })

  it('accepts nothing when a change is not the one shown or not pending', () => {
    const stale = fingerprintTool(tool('t', { description: 'what the user saw before' }))
    expect(() => acceptanceUpdates(pending, [{ name: 't', fingerprint: stale }])).toThrow(
      StaleAcceptanceError,
    )
    expect(() => acceptanceUpdates(pending, [{ name: 'gone', fingerprint: shown('t') }])).toThrow(
      /changed again/,
    )
    expect(() => acceptanceUpdates(pending, [{ name: 'other', fingerprint: null }])).toThrow(
      /no change waiting/,
    )
  })
})

describe('ToolNotApprovedError', () => {
  it('is a refusal before sending, naming the tool and how to accept it', () => {
    const change = reviewTools(approved(tool('t')), [tool('t', { description: 'x' })]).pending[0]!
    const error = new ToolNotApprovedError('Notes', change)
    expect(error).toBeInstanceOf(NotSentError)
    expect(error.message).toContain('"t" of MCP server "Notes" changed its definition')
    expect(error.message).not.toContain('x')
  })
})
