import { eventChannels, type EventChannel, type EventOf } from '../../../shared/ipc/contract'

export type HostEventListener = (event: EventChannel, payload: unknown) => void

/**
 * Events from the host to every connected renderer (the Electron window and any web-mode socket).
 * Payloads are validated against the contract before they leave, for the same reason responses are.
 */
export class HostEvents {
  readonly #listeners = new Set<HostEventListener>()

  emit<E extends EventChannel>(event: E, payload: EventOf<E>): void {
    const checked = eventChannels[event].parse(payload)
    for (const listener of this.#listeners) listener(event, checked)
  }

  subscribe(listener: HostEventListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
