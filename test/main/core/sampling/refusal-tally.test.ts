// Issue 19, item 6: refusals are summed in the audit log instead of written one line each.
import { describe, expect, it } from 'vitest'
import { isTalliedRefusal, RefusalTally } from '../../../../src/main/core/sampling/refusal-tally'
import type { AuditEntry } from '../../../../src/shared/sampling/sampling-card'

function refusal(id: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    time: `2026-03-01T12:00:0${id.length}.000Z`,
    serverId: 'notes',
    serverName: 'Notes',
    decision: 'allowed',
    outcome: 'rate-limited',
    errorCode: -1,
    message: `rate limited: retry in ${id} s`,
    durationMs: 0,
    ...overrides,
  }
}

describe('RefusalTally', () => {
  it('writes the first refusal at once and the rest of the window as one line with a count', () => {
    const written: AuditEntry[] = []
    // A window far longer than the test: only flush() closes it.
    const tally = new RefusalTally((entry) => written.push(entry), 3_600_000)
    tally.add(refusal('1'))
    for (let i = 2; i <= 1000; i++) tally.add(refusal(String(i)))
    expect(written.map((entry) => entry.id)).toEqual(['1'])
    tally.flush()
    expect(written).toHaveLength(2)
    expect(written[1]).toMatchObject({ id: '2', count: 999, message: 'rate limited: retry in 1000 s' })
    tally.flush()
    expect(written).toHaveLength(2)
  })

  it('keeps servers and kinds of refusal apart', () => {
    const written: AuditEntry[] = []
    const tally = new RefusalTally((entry) => written.push(entry), 3_600_000)
    for (const serverId of ['notes', 'github']) {
      tally.add(refusal('a', { serverId }))
      tally.add(refusal('b', { serverId }))
      tally.add(refusal('c', { serverId, outcome: 'budget-exceeded' }))
    }
    tally.flush()
    expect(written.map((entry) => [entry.serverId, entry.outcome, entry.count ?? 1])).toEqual([
      ['notes', 'rate-limited', 1],
      ['notes', 'budget-exceeded', 1],
      ['github', 'rate-limited', 1],
      ['github', 'budget-exceeded', 1],
      ['notes', 'rate-limited', 1],
      ['github', 'rate-limited', 1],
    ])
  })

  it('sums only refusals made before anyone was asked', () => {
    expect(isTalliedRefusal(refusal('1'))).toBe(true)
    expect(isTalliedRefusal(refusal('1', { outcome: 'budget-exceeded' }))).toBe(true)
    expect(isTalliedRefusal(refusal('1', { outcome: 'denied', decision: 'denied' }))).toBe(true)
    expect(isTalliedRefusal(refusal('1', { outcome: 'denied', decision: 'refused' }))).toBe(false)
    expect(isTalliedRefusal(refusal('1', { outcome: 'completed' }))).toBe(false)
    expect(isTalliedRefusal(refusal('1', { outcome: 'invalid' }))).toBe(false)
  })
})
