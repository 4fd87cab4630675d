import {
  eventChannels,
  isEventChannel,
  type DeskApi,
  type EventChannel,
  type EventOf,
  type RequestChannel,
  type RequestOf,
  type ResponseOf,
} from '../../../shared/ipc/contract'
import { describeZodIssues, type IpcResult } from '../../../shared/ipc/ipc-error'
import {
  serverFrameSchema,
  tokenProtocol,
  WEB_SOCKET_PATH,
  WEB_SOCKET_PROTOCOL,
  WEB_TOKEN_PARAM,
  type ClientFrame,
  type ServerFrame,
} from '../../../shared/ipc/web-wire'
import { createConnectionMonitor, type ConnectionMonitor } from './connection'

/** The part of a browser WebSocket this module uses, so tests can hand in a fake. */
export interface WebSocketLike {
  send(data: string): void
  close(code?: number, reason?: string): void
  addEventListener(type: 'open', listener: () => void): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void
}
export type WebSocketConstructorLike = new (url: string, protocols: string[]) => WebSocketLike

export interface WebSocketApiOptions {
  WebSocket: WebSocketConstructorLike
  location: Pick<Location, 'protocol' | 'host' | 'pathname' | 'search' | 'hash'>
  history: Pick<History, 'replaceState' | 'state'>
  /** Keeps the token across reloads once it has been removed from the address bar. */
  storage: Pick<Storage, 'getItem' | 'setItem'>
  /** Where malformed frames from the server are reported; they are dropped, never thrown into the UI. */
  reportProblem: (message: string) => void
}

export interface WebSocketApi {
  readonly api: DeskApi
  readonly connection: ConnectionMonitor
  close(): void
}

export const TOKEN_STORAGE_KEY = 'mcp-desk.web-token'
export const CONNECTION_CLOSED_MESSAGE = 'connection to MCP Desk closed'

const unavailable: IpcResult<never> = {
  ok: false,
  error: { code: 'unavailable', message: CONNECTION_CLOSED_MESSAGE },
}

/**
 * Reads the access token from the page URL, keeps it in session storage and removes it from the address bar
 * (so it does not end up in screenshots or history). After a reload the URL no longer has it, so storage does.
 * Session storage belongs to this origin (scheme, host and port) and this tab, so no other server on
 * 127.0.0.1 can read it, and the browser never sends it anywhere by itself (unlike a cookie).
 */
export function takeWebToken(
  options: Pick<WebSocketApiOptions, 'location' | 'history' | 'storage'>,
): string | null {
  const { location, history, storage } = options
  const params = new URLSearchParams(location.search)
  const fromUrl = params.get(WEB_TOKEN_PARAM)
  if (fromUrl) {
    try {
      storage.setItem(TOKEN_STORAGE_KEY, fromUrl)
    } catch {
      // Storage can be disabled; the token still works for this page load.
    }
    params.delete(WEB_TOKEN_PARAM)
    const query = params.toString()
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`)
    return fromUrl
  }
  try {
    return storage.getItem(TOKEN_STORAGE_KEY)
  } catch {
    return null
  }
}

/** The socket URL carries no token: the token travels as a subprotocol (see `webSocketProtocols`). */
export function webSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${scheme}//${location.host}${WEB_SOCKET_PATH}`
}

/** What the page offers on the handshake: our protocol, and the token as a second one (web-wire.ts). */
export function webSocketProtocols(token: string): string[] {
  return [WEB_SOCKET_PROTOCOL, tokenProtocol(token)]
}

/** The server makes base64url tokens; anything else cannot be a subprotocol and is not ours anyway. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+$/

/** Web mode's `DeskApi`: the same contract as the preload, framed over one WebSocket (see web-wire.ts). */
export function createWebSocketApi(options: WebSocketApiOptions): WebSocketApi {
  const connection = createConnectionMonitor({ state: 'connecting' })
  const pending = new Map<number, (result: IpcResult<unknown>) => void>()
  const queued: string[] = []
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>()
  let nextId = 0
  let socket: WebSocketLike | null = null

  const closeWith = (reason: string): void => {
    if (connection.current().state === 'closed') return
    connection.set({ state: 'closed', reason })
    queued.length = 0
    const waiting = [...pending.values()]
    pending.clear()
    for (const resolve of waiting) resolve(unavailable)
  }

  const handleFrame = (frame: ServerFrame): void => {
    if (frame.type === 'result') {
      const resolve = pending.get(frame.id)
      if (!resolve) return options.reportProblem(`result for unknown request id ${frame.id}`)
      pending.delete(frame.id)
      resolve(frame.result)
      return
    }
    if (!isEventChannel(frame.event)) return options.reportProblem(`unknown event "${frame.event}"`)
    const parsed = eventChannels[frame.event].safeParse(frame.payload)
    if (!parsed.success) {
      return options.reportProblem(`invalid ${frame.event} event: ${describeZodIssues(parsed.error)}`)
    }
    for (const listener of [...(listeners.get(frame.event) ?? [])]) listener(parsed.data)
  }

  const handleMessage = (data: unknown): void => {
    if (typeof data !== 'string') return options.reportProblem('ignored a non-text frame from the server')
    let json: unknown
    try {
      json = JSON.parse(data)
    } catch {
      return options.reportProblem('ignored a frame from the server that is not JSON')
    }
    const frame = serverFrameSchema.safeParse(json)
    if (!frame.success) {
      return options.reportProblem(
        `ignored a malformed frame from the server: ${describeZodIssues(frame.error)}`,
      )
    }
    handleFrame(frame.data)
  }

  const token = takeWebToken(options)
  if (token === null) {
    closeWith('no access token: open the address printed by `mcp-desk web`, which ends in ?token=…')
  } else if (!TOKEN_SHAPE.test(token)) {
    closeWith('the access token in the address is not valid: open the address printed by `mcp-desk web`')
  } else {
    try {
      const ws = new options.WebSocket(webSocketUrl(options.location), webSocketProtocols(token))
      socket = ws
      ws.addEventListener('open', () => {
        if (connection.current().state !== 'connecting') return
        connection.set({ state: 'open' })
        for (const frame of queued.splice(0)) ws.send(frame)
      })
      ws.addEventListener('message', (event) => handleMessage(event.data))
      ws.addEventListener('close', (event) => {
        const detail = event.reason ? `: ${event.reason}` : ` (code ${event.code})`
        closeWith(`${CONNECTION_CLOSED_MESSAGE}${detail}`)
      })
    } catch (error) {
      closeWith(`could not connect to MCP Desk: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  const api: DeskApi = {
    invoke<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>> {
      const state = connection.current().state
      if (state === 'closed' || !socket) return Promise.resolve(unavailable)
      const id = nextId++
      const frame: ClientFrame = { type: 'invoke', id, channel, request }
      const text = JSON.stringify(frame)
      const open = socket
      return new Promise<IpcResult<ResponseOf<C>>>((resolve) => {
        // The server validated the value against the contract before sending it.
        pending.set(id, resolve as (result: IpcResult<unknown>) => void)
        if (state === 'open') open.send(text)
        else queued.push(text)
      })
    },
    on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      const untyped = listener as (payload: unknown) => void
      set.add(untyped)
      return () => set.delete(untyped)
    },
  }

  return {
    api,
    connection,
    close() {
      socket?.close(1000, 'closed by the page')
      closeWith(`${CONNECTION_CLOSED_MESSAGE} by the page`)
    },
  }
}
