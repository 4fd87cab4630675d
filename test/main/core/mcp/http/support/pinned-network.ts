// Network doubles for the SSRF guard, all on 127.0.0.1 so no packet leaves this machine: a TCP listener
// that only counts who reached it, a resolver with scripted answers, and a connector that records the
// addresses the guard pinned and sends the connection to a local server instead (a stand-in for "the
// internet"), or refuses it.
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { buildConnector } from 'undici'
import type { PinnedConnector } from '../../../../../../src/main/core/mcp/http/pinned-fetch'

export interface Listener {
  port: number
  /** Connections accepted so far: any at all means the guard let a request through. */
  readonly connections: number
  close(): Promise<void>
}

/** A TCP server on 127.0.0.1 that accepts and drops connections, counting them. */
export async function startCountingListener(): Promise<Listener> {
  let connections = 0
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    connections++
    sockets.add(socket)
    socket.destroy()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A resolver answering from a list of answer sets, one per call (the last one repeats), recording calls. */
export function scriptedLookup(...answers: string[][]) {
  const calls: string[] = []
  const lookup = (hostname: string): Promise<string[]> => {
    calls.push(hostname)
    return Promise.resolve(answers[Math.min(calls.length, answers.length) - 1] ?? [])
  }
  return { lookup, calls }
}

export interface RecordingConnector {
  connector: PinnedConnector
  /** The addresses the guard let this connection use, in order: what it pinned. */
  readonly pinned: string[]
  /** The `host` (name:port) the connection is for: what TLS verifies. */
  readonly hosts: (string | undefined)[]
}

/**
 * Records the pinned addresses, then either refuses (`to` undefined: no socket is opened) or opens a plain
 * TCP connection to 127.0.0.1:`to`, whatever the addresses and scheme: the request then reaches a local
 * server as if the checked public address had answered (plain http even for https URLs).
 */
export function recordingConnector(to?: number): RecordingConnector {
  const pinned: string[] = []
  const hosts: (string | undefined)[] = []
  const real = buildConnector({})
  const connector: PinnedConnector = (addresses, options, callback) => {
    pinned.push(...addresses.map((entry) => entry.address))
    hosts.push(options.host)
    if (to === undefined) {
      callback(new Error(`test connector: no connection to ${options.hostname}`), null)
      return
    }
    real({ ...options, hostname: '127.0.0.1', port: String(to), protocol: 'http:' }, callback)
  }
  return { connector, pinned, hosts }
}
