// Issue 12 fault suite: fuzzed stdout for the stdio transport. Valid frames cut anywhere parse exactly as the
// uncut stream does; garbage lines and invalid JSON-RPC are reported (onerror) while the valid frames around
// them still arrive in order; a line over the message cap fails the connection with a reason naming
// maxMessageBytes. The properties run on the JsonLineReader, then a real child process plays a fuzzed
// stream to the real ObservingStdioTransport.
import type { JSONRPCMessage } from '@modelcontextprotocol/server'
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  JsonLineReader,
  MalformedMessageError,
  MessageTooLargeError,
} from '../../src/main/core/mcp/stdio/json-line-reader'
import {
  chunksOf,
  cutPlan,
  garbageLine,
  streamOf,
  terminator,
  validFrame,
  type Line,
} from './support/jsonrpc-frames'
import { playToTransport } from './support/stdout-replay'

/** Each property sees at least this many frames: 400 runs of 25 or more. */
const RUNS = 400
const LINES_PER_RUN = { minLength: 25, maxLength: 50 }
const FUZZED_FRAMES = RUNS * LINES_PER_RUN.minLength

interface ReaderLog {
  messages: JSONRPCMessage[]
  malformed: MalformedMessageError[]
  tooLarge: MessageTooLargeError[]
}

function read(chunks: readonly Buffer[], maxLineBytes = 1024 * 1024): ReaderLog {
  const log: ReaderLog = { messages: [], malformed: [], tooLarge: [] }
  const reader = new JsonLineReader(maxLineBytes, {
    onMessage: (message) => log.messages.push(message),
    onMalformed: (error) => log.malformed.push(error),
    onTooLarge: (error) => log.tooLarge.push(error),
  })
  for (const chunk of chunks) reader.push(chunk)
  return log
}

const validLine = fc.record({ bytes: validFrame.map((frame) => Buffer.from(frame)), terminator })
const garbage = fc.record({ bytes: garbageLine, terminator })
/** Blank lines carry nothing and must be skipped silently: a bare \n or \r\n. */
const blank = fc.record({ bytes: fc.constant(Buffer.alloc(0)), terminator })

const parsed = (line: Line): unknown => JSON.parse(line.bytes.toString('utf8'))

describe(`fuzzed stdout frames (${FUZZED_FRAMES}+ per property)`, () => {
  it('parses valid frames cut at random places exactly as the uncut stream', () => {
    let frames = 0
    fc.assert(
      fc.property(fc.array(fc.oneof(validLine, blank), LINES_PER_RUN), cutPlan, (lines, plan) => {
        const stream = streamOf(lines)
        const uncut = read([stream])
        const cut = read(chunksOf(stream, plan))
        const valid = lines.filter((line) => line.bytes.length > 0)
        frames += lines.length
        expect(cut).toEqual(uncut)
        expect(uncut.malformed).toEqual([])
        expect(uncut.messages).toEqual(valid.map(parsed))
      }),
      { numRuns: RUNS },
    )
    expect(frames).toBeGreaterThanOrEqual(FUZZED_FRAMES)
  })

  it('reports every garbage line and still delivers the valid frames around it, in order', () => {
    let frames = 0
    fc.assert(
      fc.property(fc.array(fc.oneof(validLine, garbage, blank), LINES_PER_RUN), cutPlan, (lines, plan) => {
        const log = read(chunksOf(streamOf(lines), plan))
        const kinds = lines.map(classify)
        frames += lines.length
        expect(log.tooLarge).toEqual([])
        expect(log.malformed).toHaveLength(kinds.filter((kind) => kind === 'garbage').length)
        expect(log.malformed.every((error) => error instanceof MalformedMessageError)).toBe(true)
        expect(log.messages).toEqual(lines.filter((_, i) => kinds[i] === 'valid').map(parsed))
      }),
      { numRuns: RUNS },
    )
    expect(frames).toBeGreaterThanOrEqual(FUZZED_FRAMES)
  })

  it('fails once on a line over the cap, naming maxMessageBytes, after delivering the frames before it', () => {
    let frames = 0
    fc.assert(
      fc.property(
        fc.array(validLine, LINES_PER_RUN),
        fc.array(fc.oneof(validLine, garbage), { maxLength: 10 }),
        fc.nat({ max: 256 }),
        fc.integer({ min: 1, max: 4096 }),
        fc.boolean(),
        cutPlan,
        (before, after, slack, excess, terminated, plan) => {
          // The cap fits every line before the long one; the line at exactly the cap must still pass.
          const cap =
            Math.max(64, ...before.map((line) => line.bytes.length + line.terminator.length - 1)) + slack
          const exact: Line = { bytes: Buffer.alloc(cap, 0x20), terminator: '\n' }
          exact.bytes.write(JSON.stringify({ jsonrpc: '2.0', method: 'exactly-at-the-cap' }))
          const long = Buffer.alloc(cap + excess, 0x78)
          const stream = Buffer.concat([
            streamOf([...before, exact]),
            long,
            terminated ? Buffer.from('\n') : Buffer.alloc(0),
            streamOf(after),
          ])
          const log = read(chunksOf(stream, plan), cap)
          frames += before.length + after.length + 2
          expect(log.messages).toEqual([...before.map(parsed), parsed(exact)])
          expect(log.malformed).toEqual([])
          expect(log.tooLarge).toHaveLength(1)
          expect(log.tooLarge[0]?.limitBytes).toBe(cap)
          expect(log.tooLarge[0]?.message).toContain('(maxMessageBytes)')
        },
      ),
      { numRuns: RUNS },
    )
    expect(frames).toBeGreaterThanOrEqual(FUZZED_FRAMES)
  })

  it('survives a fuzzed stream from a real server process, then closes it on a line over the cap', async () => {
    const lines = fc.sample(fc.oneof(validLine, validLine, garbage, blank), { numRuns: 2000, seed: 12 })
    const cap = 64 * 1024
    const stream = Buffer.concat([
      streamOf(lines),
      Buffer.alloc(cap + 1, 0x78),
      Buffer.from('\n'),
      streamOf(lines.slice(0, 10)),
    ])
    const played = await playToTransport(stream, cap)
    const kinds = lines.map(classify)
    expect(played.messages).toEqual(lines.filter((_, i) => kinds[i] === 'valid').map(parsed))
    const malformed = played.errors.filter((error) => error instanceof MalformedMessageError)
    expect(malformed).toHaveLength(kinds.filter((kind) => kind === 'garbage').length)
    const tooLarge = played.errors.filter((error) => error instanceof MessageTooLargeError)
    expect(tooLarge).toHaveLength(1)
    expect(tooLarge[0]?.message).toBe('a message from the server exceeded 64 KiB (maxMessageBytes)')
    expect(played.errors).toHaveLength(malformed.length + 1)
    // The transport closed the connection itself: the server did not just go away.
    expect(played.exitInfo).toMatchObject({ hostInitiated: true })
    expect(played.serverAlive).toBe(false)
  })
})

/**
 * What the reader must make of one line, decided independently of it: the SDK's framing (split on \n, drop
 * one trailing \r, skip what is left empty) and its message schema.
 */
function classify(line: Line): 'valid' | 'garbage' | 'blank' {
  const text = Buffer.concat([line.bytes, Buffer.from(line.terminator.slice(0, -1))]).toString('utf8')
  const content = text.endsWith('\r') ? text.slice(0, -1) : text
  if (content.length === 0) return 'blank'
  let value: unknown
  try {
    value = JSON.parse(content)
  } catch {
    return 'garbage'
  }
  return JSONRPCMessageSchema.safeParse(value).success ? 'valid' : 'garbage'
}
