import { act } from '@testing-library/react'
import { vi } from 'vitest'

interface JsonRpcMessage {
  jsonrpc: '2.0'
  id?: number
  method?: string
  params?: Record<string, unknown>
  result?: Record<string, unknown>
  error?: { code: number; message: string }
}

/**
 * Plays the sandbox proxy and the view inside it, in jsdom: what "the view" sends is posted to the window
 * with the frame's window as its source (as the proxy relays it), and what the host posts to the frame is
 * recorded. jsdom never loads the frame's page, so nothing else talks on the channel.
 */
export class FakeViewFrame {
  readonly received: JsonRpcMessage[] = []
  #nextId = 1

  constructor(readonly frame: Window) {
    vi.spyOn(frame, 'postMessage').mockImplementation((message: unknown) => {
      this.received.push(message as JsonRpcMessage)
    })
  }

  /** A message as if from the frame (or from `source`, to test that others are ignored). */
  post(message: Omit<JsonRpcMessage, 'jsonrpc'>, source: Window = this.frame): void {
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { jsonrpc: '2.0', ...message }, source }))
    })
  }

  notify(method: string, params: Record<string, unknown> = {}): void {
    this.post({ method, params })
  }

  /** Sends a request and returns its id, to find the answer with `answerTo`. */
  request(method: string, params: Record<string, unknown> = {}, source?: Window): number {
    const id = this.#nextId++
    this.post({ id, method, params }, source)
    return id
  }

  answerTo(id: number): JsonRpcMessage | undefined {
    return this.received.find((message) => message.id === id && !message.method)
  }

  notifications(method: string): JsonRpcMessage[] {
    return this.received.filter((message) => message.method === method)
  }

  /** The view's side of the handshake: ui/initialize, then initialized once the host answered. */
  async initialize(waitFor: (check: () => void) => Promise<void>): Promise<void> {
    const id = this.request('ui/initialize', {
      protocolVersion: '2026-01-26',
      appInfo: { name: 'fake-view', version: '1.0.0' },
      appCapabilities: {},
    })
    await waitFor(() => {
      if (!this.answerTo(id)) throw new Error('ui/initialize not answered yet')
    })
    this.notify('ui/notifications/initialized')
  }
}
