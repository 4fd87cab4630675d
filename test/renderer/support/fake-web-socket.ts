import type { WebSocketLike } from '../../../src/renderer/src/ipc/web-socket-api'

type Listeners = {
  open: Array<() => void>
  message: Array<(event: { data: unknown }) => void>
  close: Array<(event: { code: number; reason: string }) => void>
}

/**
 * A WebSocket driven by the test: `serverOpen`, `serverSend` and `serverClose` play the server's side;
 * `sent` holds what the page sent. Every constructed socket is kept in `FakeWebSocket.instances`.
 */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = []
  readonly url: string
  readonly protocols: string[]
  readonly sent: string[] = []
  closedByPage: { code?: number; reason?: string } | null = null
  readonly #listeners: Listeners = { open: [], message: [], close: [] }

  constructor(url: string, protocols: string[] = []) {
    this.url = url
    this.protocols = protocols
    FakeWebSocket.instances.push(this)
  }

  static reset(): void {
    FakeWebSocket.instances = []
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1)
    if (!socket) throw new Error('no FakeWebSocket was constructed')
    return socket
  }

  addEventListener(type: 'open', listener: () => void): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void
  addEventListener(type: keyof Listeners, listener: (event: never) => void): void {
    ;(this.#listeners[type] as Array<(event: never) => void>).push(listener)
  }

  send(data: string): void {
    if (this.closedByPage) throw new Error('send on a closed FakeWebSocket')
    this.sent.push(data)
  }

  close(code?: number, reason?: string): void {
    this.closedByPage = { code, reason }
  }

  sentFrames(): Array<{ type: string; id: number; channel: string; request: unknown }> {
    return this.sent.map((text) => JSON.parse(text))
  }

  serverOpen(): void {
    for (const listener of this.#listeners.open) listener()
  }

  serverSend(frame: unknown): void {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame)
    for (const listener of this.#listeners.message) listener({ data })
  }

  serverClose(code = 1006, reason = ''): void {
    for (const listener of this.#listeners.close) listener({ code, reason })
  }
}
