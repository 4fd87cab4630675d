import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ConversationService,
  UNTITLED_CONVERSATION_TITLE,
} from '../../../../src/main/core/chat/conversation-service'
import { TranscriptStore } from '../../../../src/main/core/chat/transcript-store'
import { conversationIdSchema } from '../../../../src/shared/chat/transcript-schema'

let home: string
let dir: string
beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'mcp-desk-conversations-'))
  dir = path.join(home, 'transcripts')
})
afterEach(() => rmSync(home, { recursive: true, force: true }))

/** A clock the test moves by hand, shared by the store (record times) and the service (ids). */
function clock(start = Date.parse('2026-03-01T10:00:00.000Z')) {
  let now = start
  return { now: () => new Date(now), advance: (ms = 1000) => (now += ms) }
}

function setup(time = clock()) {
  const store = new TranscriptStore(dir, { now: time.now })
  return { time, store, service: new ConversationService(store, { now: time.now }) }
}

const fileOf = (id: string) => path.join(dir, `${id}.jsonl`)

describe('ConversationService', () => {
  it('creates a conversation with its model and round-trips it through a fresh service', () => {
    const { service } = setup()
    const created = service.create({ model: 'local/llama3', title: '  Docs questions ' })
    expect(conversationIdSchema.safeParse(created.id).success).toBe(true)
    expect(created).toEqual({
      id: created.id,
      title: 'Docs questions',
      model: 'local/llama3',
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
    })
    const reopened = setup().service.get(created.id)
    expect(reopened.meta).toEqual(created)
    expect(reopened.records).toEqual([
      { v: 1, at: created.createdAt, type: 'meta', title: 'Docs questions', model: 'local/llama3' },
    ])
    expect(reopened.warnings).toEqual([])

    const plain = service.create()
    expect(plain.title).toBe('New conversation')
    expect(plain.model).toBeUndefined()
  })

  it('renames and changes model by appending a meta record, never rewriting the transcript', () => {
    const { service, store, time } = setup()
    const { id } = service.create({ model: 'local/llama3' })
    store.append(id, { type: 'user', text: 'hello' })
    const before = readFileSync(fileOf(id), 'utf8')

    time.advance()
    const renamed = service.rename(id, 'Renamed')
    const after = readFileSync(fileOf(id), 'utf8')
    expect(after.startsWith(before)).toBe(true)
    expect(after.slice(before.length).trim().split('\n')).toHaveLength(1)
    expect(renamed).toMatchObject({
      title: 'Renamed',
      model: 'local/llama3',
      updatedAt: '2026-03-01T10:00:01.000Z',
    })
    expect(renamed.createdAt).toBe('2026-03-01T10:00:00.000Z')

    const switched = service.setModel(id, 'openai/gpt-4o')
    expect(switched).toMatchObject({ title: 'Renamed', model: 'openai/gpt-4o' })
    expect(setup().service.get(id).meta).toEqual(switched)
    expect(readFileSync(fileOf(id), 'utf8').startsWith(after)).toBe(true)

    // null: back to the default model, and it stays so when read again from disk.
    const back = service.setModel(id, null)
    expect(back.model).toBeUndefined()
    expect(back.title).toBe('Renamed')
    expect(setup().service.get(id).meta.model).toBeUndefined()
  })

  it('rejects bad titles, models and unknown ids with clear errors, writing nothing', () => {
    const { service } = setup()
    const { id } = service.create()
    const size = readFileSync(fileOf(id)).length
    expect(() => service.rename(id, '   ')).toThrow(/title must not be empty/)
    expect(() => service.rename(id, 'x'.repeat(201))).toThrow(/at most 200/)
    expect(() => service.setModel(id, 'no-slash')).toThrow(/model must be "provider\/model"/)
    expect(() => service.create({ model: '/x' })).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    )
    expect(readFileSync(fileOf(id)).length).toBe(size)

    const missing = '01HZX3K9Q8W7V6T5S4R3P2N1M0'
    for (const act of [
      () => service.rename(missing, 'x'),
      () => service.get(missing),
      () => service.delete(missing),
    ]) {
      expect(act).toThrow(expect.objectContaining({ code: 'not_found' }))
    }
    // Renaming a conversation that does not exist must not create its file.
    expect(existsSync(fileOf(missing))).toBe(false)
    expect(() => service.get('../secrets')).toThrow(/invalid conversation id/)
  })

  it('lists newest activity first and sees appends made through the store', () => {
    const { service, store, time } = setup()
    const a = service.create({ title: 'A' })
    time.advance()
    const b = service.create({ title: 'B' })
    time.advance()
    const c = service.create({ title: 'C' })
    expect(service.list().map((m) => m.title)).toEqual(['C', 'B', 'A'])

    time.advance()
    store.append(a.id, { type: 'user', text: 'back to A' })
    expect(service.list().map((m) => m.title)).toEqual(['A', 'C', 'B'])
    time.advance()
    service.rename(b.id, 'B2')
    expect(service.list().map((m) => m.title)).toEqual(['B2', 'A', 'C'])
    expect(service.list().find((m) => m.id === c.id)).toEqual(c)
  })

  it('orders conversations created in the same millisecond by creation', () => {
    const { service } = setup()
    const ids = [service.create(), service.create(), service.create()].map((m) => m.id)
    expect([...ids].sort()).toEqual(ids)
    expect(service.list().map((m) => m.id)).toEqual([...ids].reverse())
  })

  it('deletes a conversation by removing its file', () => {
    const { service } = setup()
    const keep = service.create({ title: 'keep' })
    const gone = service.create({ title: 'gone' })
    expect(service.list()).toHaveLength(2)
    service.delete(gone.id)
    expect(existsSync(fileOf(gone.id))).toBe(false)
    expect(service.list().map((m) => m.id)).toEqual([keep.id])
    expect(() => service.get(gone.id)).toThrow(expect.objectContaining({ code: 'not_found' }))
  })

  it('loads a conversation whose MCP server no longer exists, as data only', () => {
    const { service, store } = setup()
    const { id } = service.create({ model: 'local/llama3' })
    store.append(id, { type: 'user', turnId: 'T1', text: 'query the docs' })
    store.append(id, {
      type: 'tool_call',
      turnId: 'T1',
      callId: 'c1',
      exposedName: 'mcp_removed_query',
      serverId: 'server-that-was-removed',
      toolName: 'query',
      arguments: { q: 'install' },
    })
    store.append(id, { type: 'tool_result', turnId: 'T1', callId: 'c1', state: 'unknown', text: 'no answer' })
    store.append(id, { type: 'turn', turnId: 'T1', status: 'completed' })

    // The service knows of no servers at all: loading cannot look them up, let alone call them.
    const loaded = setup().service.get(id)
    expect(loaded.warnings).toEqual([])
    expect(loaded.records.map((r) => r.type)).toEqual(['meta', 'user', 'tool_call', 'tool_result', 'turn'])
    expect(loaded.records[2]).toMatchObject({
      serverId: 'server-that-was-removed',
      arguments: { q: 'install' },
    })
    expect(loaded.records[3]).toMatchObject({ state: 'unknown', attachments: [] })
  })

  it('still lists and opens a transcript whose only line was torn, and one with a torn tail', () => {
    const { service, store } = setup()
    const { id } = service.create({ title: 'Survivor' })
    store.append(id, { type: 'user', text: 'kept' })
    appendFileSync(fileOf(id), '{"v":1,"type":"assist')
    const torn = '01HZX3K9Q8W7V6T5S4R3P2N1M0'
    appendFileSync(fileOf(torn), '{"v":1,"type":"me')

    const fresh = setup().service
    const listed = fresh.list()
    expect(listed.map((m) => m.title).sort()).toEqual(['Survivor', UNTITLED_CONVERSATION_TITLE])
    const opened = fresh.get(id)
    expect(opened.records.map((r) => r.type)).toEqual(['meta', 'user'])
    expect(opened.warnings).toEqual([expect.stringMatching(/incomplete last line 3/)])
    expect(fresh.get(torn)).toMatchObject({ records: [], meta: { title: UNTITLED_CONVERSATION_TITLE } })
  })
})
