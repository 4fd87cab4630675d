// The three ways of talking to the same echo child that the stdio benchmark compares: MCP Desk's
// ObservingStdioTransport, the SDK's StdioClientTransport, and a bare newline-JSON pipe. Each is driven
// through the same tiny interface (send one request, wait for its reply), without the SDK Client on top:
// the Client's own cost (request bookkeeping, result schemas) is the same for both transports and would
// only dilute the difference being measured.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import type { Transport, JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/client'
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { ObservingStdioTransport } from '../../src/main/core/mcp/stdio/stdio-transport'
import { inOwnSession, type ChildCommand } from '../support/own-session'

/** Sequential request/reply over one child; one request is in flight at a time. */
export interface StdioContender {
  label: string
  roundTrip(request: JSONRPCRequest): Promise<JSONRPCMessage>
  close(): Promise<void>
}

interface Waiting {
  resolve: (message: JSONRPCMessage) => void
  reject: (error: Error) => void
}

function takeWaiting(holder: { waiting: Waiting | undefined }): Waiting | undefined {
  const waiting = holder.waiting
  holder.waiting = undefined
  return waiting
}

async function transportContender(label: string, transport: Transport): Promise<StdioContender> {
  const holder: { waiting: Waiting | undefined } = { waiting: undefined }
  transport.onmessage = (message) => takeWaiting(holder)?.resolve(message)
  transport.onerror = (error) => takeWaiting(holder)?.reject(error)
  transport.onclose = () => takeWaiting(holder)?.reject(new Error(`${label}: the connection closed`))
  await transport.start()
  return {
    label,
    roundTrip: async (request) => {
      const reply = new Promise<JSONRPCMessage>((resolve, reject) => (holder.waiting = { resolve, reject }))
      await transport.send(request)
      return reply
    },
    close: () => transport.close(),
  }
}

export function ourTransport(child: ChildCommand): Promise<StdioContender> {
  return transportContender(
    'ObservingStdioTransport (MCP Desk)',
    new ObservingStdioTransport({ ...child, env: {}, maxMessageBytes: 32 * 1024 * 1024 }),
  )
}

export function sdkTransport(child: ChildCommand): Promise<StdioContender> {
  const transport = new StdioClientTransport({
    ...inOwnSession(child),
    env: getDefaultEnvironment(),
    stderr: 'pipe',
  })
  // Read like ours reads it, so neither side can block on a full stderr pipe.
  transport.stderr?.on('data', () => {})
  return transportContender('StdioClientTransport (SDK)', transport)
}

/**
 * The floor: spawn, write `JSON.stringify(request) + '\n'`, split stdout on newlines, `JSON.parse` the line.
 * No validation, no size cap, no process management: what any JSON-lines transport must at least do.
 */
export async function rawPipe(command: ChildCommand): Promise<StdioContender> {
  const label = 'raw newline-JSON pipe (baseline)'
  const { command: file, args } = inOwnSession(command)
  const child = spawn(file, args, {
    env: getDefaultEnvironment(),
    stdio: ['pipe', 'pipe', 'ignore'],
  })
  await once(child, 'spawn')
  const holder: { waiting: Waiting | undefined } = { waiting: undefined }
  let partial: Buffer[] = []
  child.stdout.on('data', (chunk: Buffer) => {
    let start = 0
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      partial.push(chunk.subarray(start, newline))
      const line = partial.length === 1 ? partial[0]! : Buffer.concat(partial)
      partial = []
      start = newline + 1
      takeWaiting(holder)?.resolve(JSON.parse(line.toString('utf8')) as JSONRPCMessage)
    }
    if (start < chunk.length) partial.push(chunk.subarray(start))
  })
  child.once('exit', () => takeWaiting(holder)?.reject(new Error(`${label}: the child exited`)))
  return {
    label,
    roundTrip: (request) =>
      new Promise<JSONRPCMessage>((resolve, reject) => {
        holder.waiting = { resolve, reject }
        child.stdin.write(`${JSON.stringify(request)}\n`)
      }),
    close: async () => {
      const exited = once(child, 'exit')
      child.stdin.end()
      await exited
    },
  }
}
