import type { RawData, WebSocket } from 'ws'
import { clientFrameSchema, type ServerFrame } from '../../shared/ipc/web-wire'
import { describeZodIssues } from '../../shared/ipc/ipc-error'
import type { Host } from '../core/host'

/**
 * Serves the IPC contract over one WebSocket: invoke frames go through the same dispatcher Electron uses,
 * host events are pushed to the socket. A malformed frame gets an error result, never a dropped connection
 * or a crash; the socket only closes when the peer closes it.
 */
export function bridgeSocketToHost(socket: WebSocket, host: Host): void {
  const send = (frame: ServerFrame): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame))
  }
  const unsubscribe = host.events.subscribe((event, payload) => send({ type: 'event', event, payload }))

  socket.on('message', (data, isBinary) => {
    void handleFrame(isBinary ? undefined : rawDataToText(data))
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
    const result = await host.dispatch(frame.data.channel, frame.data.request)
    send({ type: 'result', id: frame.data.id, result })
  }
}

function rawDataToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}
