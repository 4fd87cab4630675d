// fast-check arbitraries for what a stdio server writes: valid JSON-RPC frames, garbage lines, and the byte
// stream they make once terminated and cut into chunks at random places.
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core'
import fc from 'fast-check'

const NEWLINE = 0x0a

/** Object keys the schemas give a meaning to (`_meta`) or JSON.parse treats oddly (`__proto__`). */
const key = fc.string({ maxLength: 12 }).filter((k) => k !== '_meta' && k !== '__proto__')
/** Any text, including astral characters and escapes such as a newline inside a JSON string. */
const text = fc.string({ unit: 'binary', maxLength: 40 })
const json = fc.jsonValue({ maxDepth: 3 })
const payload = fc.dictionary(key, json, { maxKeys: 5, noNullPrototype: true })
const id = fc.oneof(fc.integer(), fc.string({ maxLength: 16 }))

const request = fc.record(
  { jsonrpc: fc.constant('2.0'), id, method: text, params: payload },
  { requiredKeys: ['jsonrpc', 'id', 'method'] },
)
const notification = fc.record(
  { jsonrpc: fc.constant('2.0'), method: text, params: payload },
  { requiredKeys: ['jsonrpc', 'method'] },
)
const result = fc.record({ jsonrpc: fc.constant('2.0'), id, result: payload })
const error = fc.record(
  {
    jsonrpc: fc.constant('2.0'),
    id,
    error: fc.record(
      { code: fc.integer(), message: text, data: json },
      { requiredKeys: ['code', 'message'] },
    ),
  },
  { requiredKeys: ['jsonrpc', 'error'] },
)

/** One valid JSON-RPC message, as a server would serialise it (one line: JSON.stringify escapes newlines). */
export const validFrame: fc.Arbitrary<string> = fc
  .oneof(request, notification, result, error)
  .map((message) => JSON.stringify(message))

function isJsonRpc(line: string): boolean {
  try {
    return JSONRPCMessageSchema.safeParse(JSON.parse(line)).success
  } catch {
    return false
  }
}

/**
 * A line that is not a JSON-RPC message: text that is not JSON, bytes that are not UTF-8, JSON of another
 * shape, a frame cut short, and near misses (wrong version, fractional or object id, a method that is not
 * a string, a stray field on a strict message). Never empty, never containing a newline.
 */
export const garbageLine: fc.Arbitrary<Buffer> = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).map((s) => Buffer.from(s)),
    fc.uint8Array({ minLength: 1, maxLength: 60 }).map((bytes) => Buffer.from(bytes)),
    json.map((value) => Buffer.from(JSON.stringify(value))),
    fc
      .tuple(validFrame, fc.nat())
      .map(([frame, cut]) => Buffer.from(frame.slice(0, 1 + (cut % (frame.length - 1))))),
    fc
      .tuple(
        fc.constantFrom(
          { jsonrpc: '1.0' },
          { id: 1.5 },
          { id: { nested: true } },
          { id: null, method: 'x' },
          { method: 42 },
          { unexpected: 'field' },
        ),
        fc.oneof(request, notification, result),
      )
      .map(([change, message]) => Buffer.from(JSON.stringify({ ...message, ...change }))),
  )
  .map((line) => Buffer.from(line.filter((byte) => byte !== NEWLINE)))
  // A line of only a carriage return is an empty line; the rest must not by chance be a valid message.
  .filter((line) => line.length > 0 && !line.equals(Buffer.from('\r')) && !isJsonRpc(line.toString()))

/** How a line ends: most servers write \n, some \r\n. */
export const terminator = fc.constantFrom('\n', '\r\n')

export interface Line {
  bytes: Buffer
  terminator: string
}

/** Joins terminated lines into the byte stream a server's stdout carries. */
export function streamOf(lines: readonly Line[]): Buffer {
  return Buffer.concat(lines.flatMap((line) => [line.bytes, Buffer.from(line.terminator)]))
}

/**
 * Where to cut a stream of unknown length: raw positions reduced modulo its length (so cuts can fall
 * anywhere, inside a multi-byte character too), or every single byte on its own.
 */
export const cutPlan: fc.Arbitrary<readonly number[] | 'every-byte'> = fc.oneof(
  { weight: 9, arbitrary: fc.array(fc.nat(), { maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constant('every-byte' as const) },
)

/** The stream cut into chunks by the plan; empty chunks included when two cuts coincide. */
export function chunksOf(stream: Buffer, plan: readonly number[] | 'every-byte'): Buffer[] {
  if (plan === 'every-byte') return [...stream].map((byte) => Buffer.from([byte]))
  const cuts = plan.map((raw) => raw % (stream.length + 1)).sort((a, b) => a - b)
  const chunks: Buffer[] = []
  let start = 0
  for (const cut of [...cuts, stream.length]) {
    chunks.push(stream.subarray(start, cut))
    start = cut
  }
  return chunks
}
