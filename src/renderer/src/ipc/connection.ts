/**
 * Whether the renderer can still reach the host. Desktop IPC is always open; web mode's WebSocket can close
 * (server stopped, token rejected), and the UI must then say so instead of failing silently.
 */
export type ConnectionStatus =
  { state: 'connecting' } | { state: 'open' } | { state: 'closed'; reason: string }

export interface ConnectionMonitor {
  current(): ConnectionStatus
  subscribe(listener: (status: ConnectionStatus) => void): () => void
}

/** A monitor whose status only changes through `set`; the owner keeps `set`, consumers get the monitor. */
export function createConnectionMonitor(initial: ConnectionStatus): ConnectionMonitor & {
  set(status: ConnectionStatus): void
} {
  let status = initial
  const listeners = new Set<(status: ConnectionStatus) => void>()
  return {
    current: () => status,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(next) {
      status = next
      for (const listener of [...listeners]) listener(next)
    },
  }
}
