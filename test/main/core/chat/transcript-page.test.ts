// Paging a transcript: the window opens a conversation with its newest records and asks for the older ones
// page by page (chat:open with a tail, then chat:records), each page capped in records and in bytes.
import { afterEach, describe, expect, it } from 'vitest'
import { transcriptPage } from '../../../../src/main/core/chat/transcript-page'
import type { TranscriptRecord } from '../../../../src/shared/chat/transcript-schema'
import { startChatHost, type ChatHostHarness } from './chat-host-harness'

const at = '2026-01-01T00:00:00.000Z'
const note = (text: string): TranscriptRecord => ({ v: 1, at, type: 'note', text })

describe('transcriptPage', () => {
  const records = Array.from({ length: 10 }, (_, index) => note(`n${index}`))

  it('answers the records just before an index, newest last, at most limit of them', () => {
    expect(transcriptPage(records, 10, 3)).toEqual({ records: records.slice(7), firstIndex: 7 })
    expect(transcriptPage(records, 7, 3)).toEqual({ records: records.slice(4, 7), firstIndex: 4 })
    expect(transcriptPage(records, 2, 3)).toEqual({ records: records.slice(0, 2), firstIndex: 0 })
    expect(transcriptPage(records, 0, 3)).toEqual({ records: [], firstIndex: 0 })
    // An index past the end (records are never removed, so only a wrong caller asks) counts from the end.
    expect(transcriptPage(records, 99, 2)).toEqual({ records: records.slice(8), firstIndex: 8 })
  })

  it('stops before the byte budget, but always carries one record however large', () => {
    const large = [note('a'.repeat(300)), note('b'.repeat(300)), note('c'.repeat(300))]
    const one = JSON.stringify(large[0]).length
    expect(transcriptPage(large, 3, 10, one * 2).firstIndex).toBe(1)
    expect(transcriptPage(large, 3, 10, 10)).toEqual({ records: [large[2]], firstIndex: 2 })
  })
})

let harness: ChatHostHarness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

describe('chat:open with a tail, and chat:records', () => {
  it('pages through a conversation and refuses pages of a size the contract does not allow', async () => {
    const h = (harness = await startChatHost({ servers: [] }))
    const { id } = await h.call('chat:create', {})
    for (const text of ['one', 'two', 'three']) {
      h.mock.enqueue({ kind: 'text', chunks: [`re ${text}`] })
      const { turnId } = await h.call('chat:send', { id, text })
      await h.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
    }
    const whole = await h.call('chat:open', { id })
    expect(whole.firstIndex).toBe(0)
    const total = whole.records.length

    const opened = await h.call('chat:open', { id, tail: 5 })
    expect(opened).toMatchObject({ firstIndex: total - 5, awaitingConfirmation: false })
    expect(opened.records).toEqual(whole.records.slice(total - 5))
    let firstIndex = opened.firstIndex
    let joined = opened.records
    while (firstIndex > 0) {
      const page = await h.call('chat:records', { id, before: firstIndex, limit: 4 })
      expect(page.records.length).toBeLessThanOrEqual(4)
      joined = [...page.records, ...joined]
      firstIndex = page.firstIndex
    }
    expect(joined).toEqual(whole.records)

    for (const limit of [0, 1001, 2.5]) {
      await expect(h.call('chat:records', { id, before: 3, limit })).rejects.toMatchObject({
        code: 'validation_failed',
      })
    }
    await expect(h.call('chat:open', { id, tail: 0 })).rejects.toMatchObject({ code: 'validation_failed' })
    await h.call('chat:delete', { id })
    await expect(h.call('chat:records', { id, before: 3, limit: 3 })).rejects.toMatchObject({
      code: 'not_found',
    })
  })
})
