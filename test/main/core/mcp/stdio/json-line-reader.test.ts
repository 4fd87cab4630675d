import type { JSONRPCMessage } from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import {
  invalidRequestAnswer,
  JsonLineReader,
  type MalformedMessageError,
  MessageTooLargeError,
} from '../../../../../src/main/core/mcp/stdio/json-line-reader'

function recordingReader(maxLineBytes: number): {
  reader: JsonLineReader
  messages: JSONRPCMessage[]
  malformed: MalformedMessageError[]
  tooLarge: MessageTooLargeError[]
} {
  const messages: JSONRPCMessage[] = []
  const malformed: MalformedMessageError[] = []
  const tooLarge: MessageTooLargeError[] = []
  const reader = new JsonLineReader(maxLineBytes, {
    onMessage: (message) => messages.push(message),
    onMalformed: (error) => malformed.push(error),
    onTooLarge: (error) => tooLarge.push(error),
  })
  return { reader, messages, malformed, tooLarge }
}

const ping = (id: number): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })

describe('JsonLineReader', () => {
  it('reads several messages from one chunk and one message split over many, stripping \\r', () => {
    const { reader, messages } = recordingReader(1024)
    reader.push(Buffer.from(`${ping(1)}\n${ping(2)}\r\n${ping(3).slice(0, 10)}`))
    reader.push(Buffer.from(ping(3).slice(10, 20)))
    reader.push(Buffer.from(`${ping(3).slice(20)}\n`))
    expect(messages.map((m) => ('id' in m ? m.id : undefined))).toEqual([1, 2, 3])
  })

  it('decodes a multi-byte character cut between chunks', () => {
    const { reader, messages } = recordingReader(1024)
    const line = Buffer.from(
      `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { text: 'héllo ✓' } })}\n`,
    )
    const cut = line.indexOf(0xc3) + 1
    reader.push(line.subarray(0, cut))
    reader.push(line.subarray(cut))
    expect(messages[0]).toMatchObject({ params: { text: 'héllo ✓' } })
  })

  it('skips empty lines and reports malformed ones without stopping', () => {
    const { reader, messages, malformed } = recordingReader(1024)
    reader.push(Buffer.from(`\n\r\nnot json\n{"jsonrpc":"2.0","nope":1}\n${ping(7)}\n`))
    expect(malformed).toHaveLength(2)
    expect(malformed[0]?.message).toMatch(/^the server wrote a line that is not a JSON-RPC message: /)
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 7, method: 'ping' }])
  })

  it('owes an answer only to a refused request whose id can be read', () => {
    const { reader, malformed } = recordingReader(1024)
    const lines = [
      { jsonrpc: '2.0', id: 7, method: 'ping', params: { _meta: 'x' } },
      { jsonrpc: '2.0', id: 's', method: 'ping', params: 'not an object' },
      { jsonrpc: '2.0', id: null, method: 'ping', params: 1 },
      { jsonrpc: '2.0', id: 1.5, method: 'ping', params: 1 },
      { jsonrpc: '2.0', id: 3, params: 1 },
      [1, 2],
    ]
    reader.push(Buffer.from(lines.map((line) => `${JSON.stringify(line)}\n`).join('')))
    expect(malformed.map((error) => error.requestId)).toEqual([
      7,
      's',
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect(invalidRequestAnswer(malformed[0]!)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: expect.stringMatching(/^Invalid Request: params\._meta: /) as string },
    })
    expect(malformed.slice(2).map(invalidRequestAnswer)).toEqual([undefined, undefined, undefined, undefined])
  })

  it('accepts a line of exactly the cap and refuses one byte more, once, then ignores the rest', () => {
    const exact = ping(1)
    const { reader, messages, tooLarge } = recordingReader(exact.length)
    reader.push(Buffer.from(`${exact}\n`))
    expect(messages).toHaveLength(1)
    reader.push(Buffer.from(`${ping(10)}\n${ping(2)}\n`))
    expect(tooLarge).toHaveLength(1)
    expect(tooLarge[0]?.limitBytes).toBe(exact.length)
    reader.push(Buffer.from(`${ping(3)}\n`))
    expect(messages).toHaveLength(1)
    expect(reader.overflowed).toBe(true)
  })

  it('refuses a line that never ends as soon as it passes the cap, without waiting for a newline', () => {
    const { reader, tooLarge } = recordingReader(64 * 1024)
    const chunk = Buffer.alloc(16 * 1024, 0x78)
    for (let i = 0; i < 4; i += 1) reader.push(chunk)
    expect(tooLarge).toHaveLength(0)
    reader.push(Buffer.from('x'))
    expect(tooLarge.map((e) => e.message)).toEqual([
      'a message from the server exceeded 64 KiB (maxMessageBytes)',
    ])
  })
})

describe('MessageTooLargeError', () => {
  it('names the limit the way the user set it', () => {
    expect(new MessageTooLargeError(32 * 1024 * 1024).message).toBe(
      'a message from the server exceeded 32 MiB (maxMessageBytes)',
    )
  })
})
