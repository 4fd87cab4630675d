import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  chmodSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { localDate, SamplingAuditLog } from '../../../../src/main/core/sampling/audit-log'
import type { AuditEntry } from '../../../../src/shared/sampling/sampling-card'

let home: string
let auditDir: string
beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'mcp-desk-audit-'))
  auditDir = path.join(home, 'audit')
})
afterEach(() => rmSync(home, { recursive: true, force: true }))

/** A clock the test moves; dates are built in local time so the day boundary is the machine's midnight. */
function clock(start: Date) {
  let now = start
  return { now: () => now, set: (next: Date) => (now = next) }
}

let counter = 0
function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  counter++
  return {
    id: `req-${counter}`,
    time: new Date(2026, 0, 15, 12, 0, counter % 60).toISOString(),
    serverId: 'srv-notes',
    serverName: 'notes',
    model: 'openai/gpt-4o',
    decision: 'allowed',
    outcome: 'completed',
    inputTokens: 100,
    outputTokens: 20,
    durationMs: 1500,
    ...overrides,
  }
}

const fileOf = (date: string) => path.join(auditDir, `sampling-${date}.jsonl`)

describe('SamplingAuditLog', () => {
  it('writes one JSON line per entry into the file of the local day', () => {
    const time = clock(new Date(2026, 0, 15, 9, 30))
    const log = new SamplingAuditLog(auditDir, { now: time.now })
    const first = entry()
    log.append(first)
    log.append(
      entry({ outcome: 'denied', decision: 'denied', inputTokens: undefined, outputTokens: undefined }),
    )
    expect(readdirSync(auditDir)).toEqual(['sampling-2026-01-15.jsonl'])
    const lines = readFileSync(fileOf('2026-01-15'), 'utf8').split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[2]).toBe('')
    expect(JSON.parse(lines[0]!)).toEqual(first)
  })

  it.skipIf(process.platform === 'win32')(
    'creates the directory 0700 and files 0600, and tightens an existing directory',
    () => {
      const log = new SamplingAuditLog(auditDir, { now: () => new Date(2026, 0, 15, 9) })
      log.append(entry())
      expect(statSync(auditDir).mode & 0o777).toBe(0o700)
      expect(statSync(fileOf('2026-01-15')).mode & 0o777).toBe(0o600)

      const loose = path.join(home, 'loose')
      mkdirSync(loose, { mode: 0o755 })
      chmodSync(loose, 0o755)
      new SamplingAuditLog(loose, { now: () => new Date(2026, 0, 15, 9) }).append(entry())
      expect(statSync(loose).mode & 0o777).toBe(0o700)
    },
  )

  it('recent returns the newest first, across day files, up to the limit', () => {
    const time = clock(new Date(2026, 0, 14, 23, 0))
    const log = new SamplingAuditLog(auditDir, { now: time.now })
    log.append(entry({ id: 'a' }))
    log.append(entry({ id: 'b' }))
    time.set(new Date(2026, 0, 15, 0, 5))
    log.append(entry({ id: 'c' }))
    time.set(new Date(2026, 1, 2, 8, 0))
    log.append(entry({ id: 'd' }))
    expect(readdirSync(auditDir).sort()).toEqual([
      'sampling-2026-01-14.jsonl',
      'sampling-2026-01-15.jsonl',
      'sampling-2026-02-02.jsonl',
    ])
    expect(log.recent(10).map((e) => e.id)).toEqual(['d', 'c', 'b', 'a'])
    expect(log.recent(3).map((e) => e.id)).toEqual(['d', 'c', 'b'])
    expect(log.recent(1).map((e) => e.id)).toEqual(['d'])
    expect(log.recent(0)).toEqual([])
    expect(log.recent(-1)).toEqual([])
    expect(log.recent(Number.NaN)).toEqual([])
    // a new instance reads the same from disk
    expect(new SamplingAuditLog(auditDir).recent(10).map((e) => e.id)).toEqual(['d', 'c', 'b', 'a'])
  })

  it('usageToday counts this server today only, and starts over at local midnight', () => {
    const time = clock(new Date(2026, 0, 14, 23, 58))
    const log = new SamplingAuditLog(auditDir, { now: time.now })
    log.append(entry({ inputTokens: 100, outputTokens: 10 }))
    log.append(entry({ serverId: 'srv-other', inputTokens: 5000, outputTokens: 5000 }))
    expect(log.usageToday('srv-notes')).toEqual({ requests: 1, inputTokens: 100, outputTokens: 10 })
    log.append(entry({ inputTokens: 50, outputTokens: 5 }))
    // denied requests count as requests but used no tokens
    log.append(
      entry({ decision: 'denied', outcome: 'denied', inputTokens: undefined, outputTokens: undefined }),
    )
    expect(log.usageToday('srv-notes')).toEqual({ requests: 3, inputTokens: 150, outputTokens: 15 })

    time.set(new Date(2026, 0, 15, 0, 1))
    expect(log.usageToday('srv-notes')).toEqual({ requests: 0, inputTokens: 0, outputTokens: 0 })
    log.append(entry({ inputTokens: 7, outputTokens: 3 }))
    expect(log.usageToday('srv-notes')).toEqual({ requests: 1, inputTokens: 7, outputTokens: 3 })
    expect(log.usageToday('srv-unknown')).toEqual({ requests: 0, inputTokens: 0, outputTokens: 0 })

    // a fresh instance (the app restarted) rebuilds today's usage from the file
    const restarted = new SamplingAuditLog(auditDir, { now: time.now })
    expect(restarted.usageToday('srv-notes')).toEqual({ requests: 1, inputTokens: 7, outputTokens: 3 })
    time.set(new Date(2026, 0, 14, 23, 59))
    expect(restarted.usageToday('srv-notes')).toEqual({ requests: 3, inputTokens: 150, outputTokens: 15 })
  })

  it('skips corrupt lines without crashing and reports them once per file', () => {
    mkdirSync(auditDir, { recursive: true })
    const good = entry({ id: 'good' })
    writeFileSync(
      fileOf('2026-01-15'),
      [
        '{not json',
        JSON.stringify(good),
        JSON.stringify({ ...entry(), outcome: 'exploded' }),
        '42',
        '',
        '   ',
      ].join('\n') + '\n',
    )
    const warnings: string[] = []
    const log = new SamplingAuditLog(auditDir, {
      now: () => new Date(2026, 0, 15, 10),
      onWarning: (message) => warnings.push(message),
    })
    expect(log.recent(10).map((e) => e.id)).toEqual(['good'])
    expect(log.usageToday('srv-notes')).toEqual({ requests: 1, inputTokens: 100, outputTokens: 20 })
    expect(log.recent(10)).toHaveLength(1)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('sampling-2026-01-15.jsonl')
    expect(warnings[0]).toContain('skipped 3 lines (first: line 1)')
  })

  it('an append after a torn last line (a crash mid-write) starts on a new line and stays readable', () => {
    mkdirSync(auditDir, { recursive: true })
    appendFileSync(fileOf('2026-01-15'), `${JSON.stringify(entry({ id: 'before' }))}\n{"id":"torn","ti`)
    const warnings: string[] = []
    const log = new SamplingAuditLog(auditDir, {
      now: () => new Date(2026, 0, 15, 10),
      onWarning: (m) => warnings.push(m),
    })
    log.append(entry({ id: 'after' }))
    log.append(entry({ id: 'later' }))
    expect(log.recent(10).map((e) => e.id)).toEqual(['later', 'after', 'before'])
    expect(warnings).toEqual([expect.stringContaining('skipped line 2')])
  })

  it('writes only the audit fields: message content or completion text handed in by mistake is dropped', () => {
    const log = new SamplingAuditLog(auditDir, { now: () => new Date(2026, 0, 15, 10) })
    const leaky = {
      ...entry({ id: 'leaky' }),
      messages: [{ text: 'SECRET PROMPT' }],
      completion: 'SECRET ANSWER',
    }
    log.append(leaky)
    const raw = readFileSync(fileOf('2026-01-15'), 'utf8')
    expect(raw).not.toContain('SECRET')
    expect(Object.keys(JSON.parse(raw))).not.toContain('completion')
  })

  it('rejects an invalid entry with the field named, writing nothing', () => {
    const log = new SamplingAuditLog(auditDir, { now: () => new Date(2026, 0, 15, 10) })
    expect(() => log.append({ ...entry(), durationMs: -5 })).toThrow(
      /invalid sampling audit entry: durationMs/,
    )
    expect(() => log.append({ ...entry(), outcome: 'nope' } as unknown as AuditEntry)).toThrow(/outcome/)
    expect(log.recent(10)).toEqual([])
    expect(() => new SamplingAuditLog('  ')).toThrow(/needs a directory/)
  })

  it('recent and usageToday on a log that was never written are empty', () => {
    const log = new SamplingAuditLog(auditDir)
    expect(log.recent(5)).toEqual([])
    expect(log.usageToday('srv-notes')).toEqual({ requests: 0, inputTokens: 0, outputTokens: 0 })
  })

  it('50 appends (as 50 concurrent requests finish) are all readable, each on its own line', async () => {
    const log = new SamplingAuditLog(auditDir, { now: () => new Date(2026, 0, 15, 10) })
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        await Promise.resolve()
        log.append(entry({ id: `burst-${i}`, outcome: i < 4 ? 'completed' : 'rate-limited' }))
      }),
    )
    const all = new SamplingAuditLog(auditDir, { now: () => new Date(2026, 0, 15, 10) }).recent(100)
    expect(all).toHaveLength(50)
    expect(new Set(all.map((e) => e.id)).size).toBe(50)
    expect(all[0]!.id).toBe('burst-49')
    expect(readFileSync(fileOf('2026-01-15'), 'utf8').trimEnd().split('\n')).toHaveLength(50)
  })

  it('subscribers hear each appended entry; one that throws does not stop the others or the append', () => {
    const warnings: string[] = []
    const log = new SamplingAuditLog(auditDir, {
      now: () => new Date(2026, 0, 15, 10),
      onWarning: (m) => warnings.push(m),
    })
    const heard: string[] = []
    log.subscribe(() => {
      throw new Error('listener broke')
    })
    const unsubscribe = log.subscribe((e) => heard.push(e.id))
    log.append(entry({ id: 'one' }))
    unsubscribe()
    log.append(entry({ id: 'two' }))
    expect(heard).toEqual(['one'])
    expect(warnings).toEqual([
      'a sampling audit listener failed: listener broke',
      'a sampling audit listener failed: listener broke',
    ])
    expect(log.recent(5).map((e) => e.id)).toEqual(['two', 'one'])
  })

  it('localDate formats the local calendar day', () => {
    expect(localDate(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05')
    expect(localDate(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31')
  })
})
