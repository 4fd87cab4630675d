import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/server'

/** One message size of the stdio benchmark: an echo tools/call whose request line is about `bytes` long. */
export interface EchoLoad {
  label: string
  /** The size asked for: the request line, newline included. */
  bytes: number
  text: string
  /** Bytes on the pipes per round trip: the request line and the reply line. */
  bytesPerRoundTrip: number
}

export function echoRequest(id: number, text: string): JSONRPCRequest {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text } } }
}

const lineBytes = (message: unknown): number => Buffer.byteLength(JSON.stringify(message)) + 1

/** Ids run into the thousands; sizes are counted with a four-digit one. */
const TYPICAL_ID = 1000

export function echoLoad(label: string, bytes: number): EchoLoad {
  const overhead = lineBytes(echoRequest(TYPICAL_ID, ''))
  if (bytes <= overhead) throw new Error(`a ${label} message must be over ${overhead} bytes`)
  const text = 'x'.repeat(bytes - overhead)
  const reply = { jsonrpc: '2.0', id: TYPICAL_ID, result: { content: [{ type: 'text', text }] } }
  return {
    label,
    bytes,
    text,
    bytesPerRoundTrip: lineBytes(echoRequest(TYPICAL_ID, text)) + lineBytes(reply),
  }
}

/** Every reply is checked (cheaply, the same for all contenders): a fast wrong answer is no answer. */
export function checkEcho(reply: JSONRPCMessage, expectedLength: number): void {
  const text = (reply as { result?: { content?: Array<{ text?: unknown }> } }).result?.content?.[0]?.text
  if (typeof text !== 'string' || text.length !== expectedLength) {
    throw new Error(`bad echo reply: ${JSON.stringify(reply).slice(0, 200)}`)
  }
}
