import type { RawData, WebSocket } from 'ws'
import { clientFrameSchema, type ServerFrame } from '../../shared/ipc/web-wire'
import { describeZodIssues } from '../../shared/ipc/ipc-error'
import type { Host } from '../core/host'

/**
 * Serves the IPC contract over one WebSocket: invoke frames go through the same dispatcher Electron uses,
 * host events are pushed to the socket. A malformed frame gets an error result, never a dropped connection
 * or a crash; the socket only closes when the peer closes it (or breaks the WebSocket protocol, e.g. a text
 * frame that is not UTF-8, which ws answers with 1007). Whatever throws while a frame is handled (a
 * validator overflowing its stack on a deeply nested request, a result that cannot be serialised) becomes
 * an `internal` error result, never an unhandled rejection that would end the process.
 */
export function bridgeSocketToHost(socket: WebSocket, host: Host, log?: (line: string) => void): void {
  const send = (frame: ServerFrame): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame))
  }
  const unsubscribe = host.events.subscribe((event, payload) => send({ type: 'event', event, payload }))

  socket.on('message', (data, isBinary) => {
    handleFrame(isBinary ? undefined : rawDataToText(data)).catch((error: unknown) => {
      log?.(`web: a socket frame failed: ${error instanceof Error ? error.message : String(error)}`)
      try {
        send({ type: 'result', id: -1, result: { ok: false, error: internalError } })
      } catch {
        // The socket is gone; nothing is waiting for the answer.
      }
    })
  })
  socket.on('close', unsubscribe)
  socket.on('error', unsubscribe)

  async function handleFrame(text: string | undefined): Promise<void> {
    let raw: unknown
    try {
      raw = text === undefined ? undefined : JSON.parse(text)
    } catch {
      raw = undefined
    }
    const frame = clientFrameSchema.safeParse(raw)
    if (!frame.success) {
      const id = typeof (raw as { id?: unknown })?.id === 'number' ? (raw as { id: number }).id : -1
      const message =
        raw === undefined ? 'frame is not JSON text' : `malformed frame: ${describeZodIssues(frame.error)}`
      send({ type: 'result', id, result: { ok: false, error: { code: 'validation_failed', message } } })
      return
    }
    const { id } = frame.data
    try {
      send({ type: 'result', id, result: await host.dispatch(frame.data.channel, frame.data.request) })
    } catch (error) {
      log?.(`web: ${frame.data.channel} failed: ${error instanceof Error ? error.message : String(error)}`)
      send({ type: 'result', id, result: { ok: false, error: internalError } })
    }
  }
}

const internalError = { code: 'internal', message: 'the request could not be handled' } as const

function rawDataToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}
