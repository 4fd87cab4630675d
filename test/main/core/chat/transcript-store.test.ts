import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type * as NodeFs from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TranscriptRecordInput } from '../../../../src/shared/chat/transcript-schema'

/** Every fs call the store makes that matters for durability, in order, with the fd it touched. */
const fsCalls = vi.hoisted(() => [] as { call: string; fd?: number; file?: string }[])
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeFs>()
  return {
    ...actual,
    openSync: (file: string, ...rest: unknown[]) => {
      const fd = (actual.openSync as (...args: unknown[]) => number)(file, ...rest)
      fsCalls.push({ call: 'open', fd, file })
      return fd
    },
    writeSync: (fd: number, ...rest: unknown[]) => {
      fsCalls.push({ call: 'write', fd })
      return (actual.writeSync as (...args: unknown[]) => number)(fd, ...rest)
    },
    fsyncSync: (fd: number) => {
      fsCalls.push({ call: 'fsync', fd })
      actual.fsyncSync(fd)
    },
    closeSync: (fd: number) => {
      fsCalls.push({ call: 'close', fd })
      actual.closeSync(fd)
    },
  }
})

const { TranscriptStore } = await import('../../../../src/main/core/chat/transcript-store')
const { IpcFailure } = await import('../../../../src/shared/ipc/ipc-error')

const ID = '01HZX3K9Q8W7V6T5S4R3P2N1M0'
let home: string
let dir: string
beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'mcp-desk-transcripts-'))
  dir = path.join(home, 'transcripts')
  fsCalls.length = 0
})
afterEach(() => rmSync(home, { recursive: true, force: true }))

const AT = new Date('2026-03-01T10:00:00.000Z')
function store(onWarning?: (message: string) => void) {
  return new TranscriptStore(dir, { now: () => AT, ...(onWarning ? { onWarning } : {}) })
}

describe('TranscriptStore', () => {
  it('round-trips every record type, stamping version and time', () => {
    const s = store()
    const inputs: TranscriptRecordInput[] = [
      { type: 'meta', title: 'Docs', model: 'local/llama3' },
      { type: 'user', turnId: 'T1', text: 'find the install guide' },
      { type: 'turn', turnId: 'T1', status: 'started' },
      {
        type: 'tool_call',
        turnId: 'T1',
        callId: 'c1',
        exposedName: 'mcp_docs_query',
        serverId: 'docs',
        toolName: 'query',
        arguments: { q: 'install', limit: 3 },
      },
      {
        type: 'tool_result',
        turnId: 'T1',
        callId: 'c1',
        state: 'completed',
        text: 'Install with npm.',
        attachments: [{ kind: 'image', mimeType: 'image/png', bytes: 68 }],
        metadata: { source: 'docs', nested: { ok: true } },
      },
      { type: 'assistant', turnId: 'T1', step: 1, text: 'Run `npm install`.' },
      { type: 'note', turnId: 'T1', text: 'turn ended: 16 tool calls' },
      { type: 'turn', turnId: 'T1', status: 'completed' },
    ]
    const written = inputs.map((input) => s.append(ID, input))
    expect(written[0]).toEqual({ ...inputs[0], v: 1, at: AT.toISOString() })

    const loaded = store().load(ID)
    expect(loaded.warnings).toEqual([])
    expect(loaded.records).toEqual(written)
    expect(loaded.records.map((r) => r.type)).toEqual(inputs.map((i) => i.type))
  })

  it('writes one line per record, fsyncs it before closing, in a 0600 file inside a 0700 directory', () => {
    const s = store()
    s.append(ID, { type: 'user', text: 'hello' })
    const file = path.join(dir, `${ID}.jsonl`)
    const opened = fsCalls.find((c) => c.call === 'open' && c.file === file)
    expect(opened).toBeDefined()
    // From the file's open to its close (the fd number is reused afterwards for the directory).
    const from = fsCalls.indexOf(opened!)
    const to = fsCalls.findIndex((c, i) => i > from && c.call === 'close' && c.fd === opened!.fd)
    expect(fsCalls.slice(from, to + 1).map((c) => c.call)).toEqual(['open', 'write', 'fsync', 'close'])
    // A new file's directory entry is fsynced too.
    expect(fsCalls.some((c) => c.call === 'open' && c.file === dir)).toBe(true)

    expect(readFileSync(file, 'utf8')).toBe(
      `${JSON.stringify({ v: 1, at: AT.toISOString(), type: 'user', text: 'hello' })}\n`,
    )
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(statSync(dir).mode & 0o777).toBe(0o700)
    }

    fsCalls.length = 0
    s.append(ID, { type: 'note', text: 'second' })
    expect(fsCalls.map((c) => c.call)).toEqual(['open', 'write', 'fsync', 'close'])
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(3)
  })

  it('skips a torn last line with a warning, and the next append starts on a new line', () => {
    const s = store()
    s.append(ID, { type: 'meta', title: 'Crashy' })
    s.append(ID, { type: 'user', text: 'one' })
    // A crash in the middle of writing the third record.
    appendFileSync(path.join(dir, `${ID}.jsonl`), '{"type":"assistant","turnId":"T1","st')

    const warnings: string[] = []
    const loaded = store((w) => warnings.push(w)).load(ID)
    expect(loaded.records.map((r) => r.type)).toEqual(['meta', 'user'])
    expect(loaded.warnings).toHaveLength(1)
    expect(loaded.warnings[0]).toMatch(/incomplete last line 3/)
    expect(warnings).toEqual(loaded.warnings)

    s.append(ID, { type: 'user', text: 'after the crash' })
    const reloaded = s.load(ID)
    expect(reloaded.records.map((r) => (r.type === 'user' ? r.text : r.type))).toEqual([
      'meta',
      'one',
      'after the crash',
    ])
    // The torn fragment is now an ordinary bad line in the middle.
    expect(reloaded.warnings).toEqual([expect.stringMatching(/skipped line 3: not valid JSON/)])
  })

  it('skips bad lines in the middle with warnings naming the line numbers and the reason', () => {
    const good = (text: string) => JSON.stringify({ v: 1, at: AT.toISOString(), type: 'user', text })
    const badState = JSON.stringify({
      v: 1,
      at: AT.toISOString(),
      type: 'tool_result',
      turnId: 'T',
      callId: 'c',
      state: 'exploded',
      text: '',
    })
    const future = JSON.stringify({ v: 2, at: AT.toISOString(), type: 'user', text: 'from the future' })
    const lines = [good('a'), 'not json at all', badState, '', future, good('b'), '{"type":"mystery"}']
    store().append(ID, { type: 'meta', title: 'x' })
    writeFileSync(path.join(dir, `${ID}.jsonl`), `${lines.join('\n')}\n`)

    const loaded = store().load(ID)
    expect(loaded.records.map((r) => (r.type === 'user' ? r.text : r.type))).toEqual(['a', 'b'])
    expect(loaded.warnings).toEqual([
      expect.stringMatching(/skipped line 2: not valid JSON/),
      expect.stringMatching(/skipped line 3: state:/),
      expect.stringMatching(/skipped line 5: written by a newer MCP Desk \(record version 2\)/),
      expect.stringMatching(/skipped line 7: type:/),
    ])
  })

  it('refuses ids that are not ULIDs (never a path) and records of the wrong shape, naming the field', () => {
    const s = store()
    for (const bad of ['../../etc/passwd', '', 'lowercase01hzx3k9q8w7v6t5s4']) {
      expect(() => s.append(bad, { type: 'user', text: 'x' })).toThrow(IpcFailure)
      expect(() => s.load(bad)).toThrow(/invalid conversation id/)
    }
    expect(() =>
      s.append(ID, { type: 'tool_result', turnId: 'T', callId: '', state: 'completed', text: '' }),
    ).toThrow(/invalid transcript record: callId/)
    expect(s.exists(ID)).toBe(false)
  })

  it('reports a missing transcript as not_found, removes files, and lists only transcript ids', () => {
    const s = store()
    expect(() => s.load(ID)).toThrow(expect.objectContaining({ code: 'not_found' }))
    expect(s.ids()).toEqual([])
    s.append(ID, { type: 'meta', title: 'x' })
    writeFileSync(path.join(dir, 'notes.txt'), 'not a transcript')
    expect(s.ids()).toEqual([ID])
    expect(s.stat(ID)?.size).toBeGreaterThan(0)
    expect(s.remove(ID)).toBe(true)
    expect(s.remove(ID)).toBe(false)
    expect(s.stat(ID)).toBeUndefined()
  })
})
