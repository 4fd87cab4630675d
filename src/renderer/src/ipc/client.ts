import type { DeskApi, RequestChannel, RequestOf, ResponseOf } from '../../../shared/ipc/contract'
import type { IpcError, IpcErrorCode } from '../../../shared/ipc/ipc-error'
import { createConnectionMonitor, type ConnectionMonitor } from './connection'
import { createWebSocketApi, type WebSocketConstructorLike } from './web-socket-api'

/**
 * The one place that touches `window.api`. Desktop: the preload injected it. Web mode: there is no preload,
 * so the same contract runs over a WebSocket to the local server that served this page.
 */
export interface DeskClient {
  readonly mode: 'desktop' | 'web'
  readonly api: DeskApi
  readonly connection: ConnectionMonitor
}

/** The parts of `window` the client reads; tests pass a stand-in. */
export interface ClientHost {
  api?: DeskApi
  location: Location
  history: History
  sessionStorage: Storage
  WebSocket: WebSocketConstructorLike
  console: Pick<Console, 'error'>
}

export function createDeskClient(host: ClientHost): DeskClient {
  if (host.api) {
    // Electron IPC lives as long as the window does, so there is nothing to lose and nothing to report.
    return { mode: 'desktop', api: host.api, connection: createConnectionMonitor({ state: 'open' }) }
  }
  const web = createWebSocketApi({
    WebSocket: host.WebSocket,
    location: host.location,
    history: host.history,
    storage: host.sessionStorage,
    reportProblem: (message) => host.console.error(`MCP Desk web connection: ${message}`),
  })
  return { mode: 'web', api: web.api, connection: web.connection }
}

/** An `IpcResult` error turned into something `throw`able, keeping the wire code and message intact. */
export class IpcCallError extends Error {
  readonly code: IpcErrorCode
  readonly channel: RequestChannel
  constructor(channel: RequestChannel, error: IpcError) {
    super(error.message)
    this.name = 'IpcCallError'
    this.code = error.code
    this.channel = channel
  }
}

export type Call = <C extends RequestChannel>(channel: C, request: RequestOf<C>) => Promise<ResponseOf<C>>

/** `call(channel, request)` resolves with the value or throws an `IpcCallError` with the host's code/message. */
export function createCall(api: DeskApi): Call {
  return async (channel, request) => {
    const result = await api.invoke(channel, request)
    if (!result.ok) throw new IpcCallError(channel, result.error)
    return result.value
  }
}
