// Issue 12 fault suite: kill -9 in the middle of a write. A transcript written by the real TranscriptStore
// in a child process killed with SIGKILL reopens with every acknowledged record and loses at most the torn
// last one, which the reader reports and skips; settings written by the real SettingsService are replaced
// atomically (temp file + rename), so a SIGKILL mid-write never leaves a truncated file.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TranscriptStore } from '../../src/main/core/chat/transcript-store'
import { ulid } from '../../src/main/core/chat/ulid'
import { SettingsFileDocument } from '../../src/main/core/config/settings-file-document'
import { SettingsService } from '../../src/main/core/config/settings-service'
import { fileGrowing, killAfterWrites, supportScript, type WriteInProgress } from './support/kill-mid-write'

const KiB = 1024
/** Large records make each write long, so the kill can land inside one. */
const RECORD_BYTES = 2048 * KiB
const SETTINGS_BYTES = 512 * KiB

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-desk-crash-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const sequences = (store: TranscriptStore, id: string): number[] =>
  store.load(id).records.map((record) => (record.type === 'user' ? Number(record.turnId?.slice(1)) : -1))

const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i)

describe('a transcript writer killed with SIGKILL', () => {
  it('keeps every acknowledged record and loses at most the torn last one, three kills in a row', async () => {
    const id = ulid()
    const store = new TranscriptStore(dir)
    let next = 0
    let torn = 0
    for (const writes of [2, 4, 1]) {
      const killed = await killAfterWrites(
        supportScript('transcript-append-loop.ts'),
        [dir, id, String(next), String(RECORD_BYTES)],
        { writes, watch: fileGrowing(store.fileFor(id)) },
      )
      const { records, warnings } = store.load(id)
      const seen = sequences(store, id)
      // Every record so far, in order, none missing (a torn one is written again by the next round): all
      // acknowledged ones, and perhaps one whose append finished just as the kill came.
      expect(records.every((record) => record.type === 'user')).toBe(true)
      expect(seen).toEqual(range(0, seen.length))
      expect(seen.length - 1 - killed.lastReported).toBeGreaterThanOrEqual(0)
      expect(seen.length - 1 - killed.lastReported).toBeLessThanOrEqual(1)
      // The reader skips only the torn last line of this kill, and the torn lines of earlier kills, which
      // the next round's first append left in the middle.
      const tornNow = warnings.filter((w) => w.includes('incomplete last line')).length
      expect(tornNow).toBeLessThanOrEqual(1)
      expect(warnings.filter((w) => w.includes(': skipped line '))).toHaveLength(torn)
      expect(warnings).toHaveLength(torn + tornNow)
      torn += tornNow
      next = seen.length
    }
    // A later append starts on a line of its own, whatever the kill left.
    store.append(id, { type: 'user', turnId: `t${next}`, text: 'after the crashes' })
    expect(sequences(store, id)).toEqual(range(0, next + 1))
    expect(store.load(id).warnings).toHaveLength(torn)
  })

  it('reports and skips a last record torn at any byte, and appends cleanly after it', () => {
    const id = ulid()
    const source = new TranscriptStore(join(dir, 'source'))
    for (const sequence of [0, 1, 2]) {
      source.append(id, { type: 'user', turnId: `t${sequence}`, text: `${sequence} é ✓ ${'x'.repeat(20)}` })
    }
    const bytes = readFileSync(source.fileFor(id))
    const lastStart = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1
    // Every place a write of the last record can stop: after each of its bytes, mid-character included.
    for (let end = lastStart + 1; end < bytes.length; end += 1) {
      const store = new TranscriptStore(join(dir, `cut-${end}`))
      mkdirSync(store.dir)
      writeFileSync(store.fileFor(id), bytes.subarray(0, end))
      const complete = end === bytes.length - 1
      const loaded = store.load(id)
      // Only the newline missing: the record is whole and kept.
      expect(sequences(store, id)).toEqual(complete ? [0, 1, 2] : [0, 1])
      expect(loaded.warnings).toEqual(
        complete
          ? []
          : [expect.stringMatching(/^transcript \S+: skipped incomplete last line 3 \(interrupted write\)/)],
      )
      store.append(id, { type: 'user', turnId: 't3', text: 'after the crash' })
      expect(sequences(store, id)).toEqual(complete ? [0, 1, 2, 3] : [0, 1, 3])
      expect(store.load(id).warnings).toEqual(
        complete ? [] : [expect.stringMatching(/skipped line 3: not valid JSON/)],
      )
    }
  })
})

/** SharedFile's temp files: `.settings.json.<pid>.<random>.tmp`. */
const isSettingsTemp = (name: string): boolean => /^\.settings\.json\.\d+\.[0-9a-f]+\.tmp$/.test(name)

describe('a settings writer killed with SIGKILL', () => {
  /**
   * A write under way: a new temp file (atomic), or settings.json changing size (written in place, it is
   * truncated first). Temp files an earlier kill left behind do not count.
   */
  const settingsWrite = (home: string) => (): WriteInProgress => {
    const path = join(home, 'settings.json')
    const sizeOf = (): number => (existsSync(path) ? statSync(path).size : -1)
    const sizeBefore = sizeOf()
    const leftovers = new Set(readdirSync(home))
    return () =>
      readdirSync(home).some((name) => isSettingsTemp(name) && !leftovers.has(name)) ||
      sizeOf() !== sizeBefore
  }

  it('never leaves a truncated settings.json: writes are a temp file renamed over it', async () => {
    // The second writer runs as if started from a snap (a terminal in VS Code's snap passes SNAP on), where
    // conf, used before, wrote the file in place.
    for (const [writes, env] of [
      [3, {}],
      [6, { SNAP: '/snap/code/1' }],
    ] as const) {
      const killed = await killAfterWrites(
        supportScript('settings-update-loop.ts'),
        [dir, String(SETTINGS_BYTES)],
        {
          writes,
          watch: settingsWrite(dir),
          env,
        },
      )
      const path = join(dir, 'settings.json')
      // The file on disk is always one whole generation, the last acknowledged or the one after it.
      const raw = JSON.parse(readFileSync(path, 'utf8')) as { servers: Array<{ name: string }> }
      const generation = Number(raw.servers[0]?.name.replace('generation ', ''))
      expect(generation - killed.lastReported).toBeGreaterThanOrEqual(0)
      expect(generation - killed.lastReported).toBeLessThanOrEqual(1)
      // Reopened by the real service: no warning, nothing quarantined, and it can be written again.
      const settings = new SettingsService(new SettingsFileDocument(dir), {
        quarantine: (reason) => {
          throw new Error(`quarantine requested: ${reason}`)
        },
      })
      expect(settings.startupWarnings).toEqual([])
      expect(settings.get().servers[0]?.name).toBe(`generation ${generation}`)
      settings.update((draft) => {
        draft.appearance.theme = 'dark'
      })
      // A kill between writing the temp file and the rename leaves the temp file behind, never anything else.
      // (and perhaps the lock file, which the next writer takes over: see shared-profile.test.ts).
      const others = readdirSync(dir).filter((name) => name !== 'settings.json')
      expect(others.every((name) => isSettingsTemp(name) || name === 'settings.json.lock')).toBe(true)
    }
  })
})
