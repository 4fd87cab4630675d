// A WebSocket client of web mode's contract, as the page opens it: our Origin, and the token offered as a
// subprotocol (see src/shared/ipc/web-wire.ts). Used by the listener fuzz test to prove the host still answers.
import WebSocket from 'ws'
import { tokenProtocol, WEB_SOCKET_PATH, WEB_SOCKET_PROTOCOL } from '../../../src/shared/ipc/web-wire'

export interface ContractSocket {
  socket: WebSocket
  /** Sends an invoke frame and resolves with its result frame; other frames are skipped. */
  invoke(channel: string, request: unknown): Promise<unknown>
  close(): void
}

export function openContractSocket(port: number, token: string): Promise<ContractSocket> {
  const socket = new WebSocket(
    `ws://127.0.0.1:${port}${WEB_SOCKET_PATH}`,
    [WEB_SOCKET_PROTOCOL, tokenProtocol(token)],
    { origin: `http://127.0.0.1:${port}` },
  )
  let nextId = 1_000_000
  const waiting = new Map<number, (result: unknown) => void>()
  socket.on('message', (data, isBinary) => {
    if (isBinary) return
    const frame = JSON.parse((data as Buffer).toString('utf8')) as {
      type: string
      id?: number
      result?: unknown
    }
    if (frame.type !== 'result' || frame.id === undefined) return
    waiting.get(frame.id)?.(frame.result)
    waiting.delete(frame.id)
  })
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)))
    socket.once('error', reject)
    socket.once('open', () =>
      resolve({
        socket,
        invoke: (channel, request) =>
          new Promise((resolveResult, rejectResult) => {
            const id = nextId++
            waiting.set(id, resolveResult)
            socket.once('close', (code) => rejectResult(new Error(`socket closed (${code})`)))
            socket.send(JSON.stringify({ type: 'invoke', id, channel, request }))
          }),
        close: () => socket.close(),
      }),
    )
  })
}
