import { z } from 'zod'
import { ipcErrorSchema } from './ipc-error'

/** Web mode's framing of the same contract over one WebSocket (JSON text frames). */
export const clientFrameSchema = z
  .object({
    type: z.literal('invoke'),
    id: z.number().int().nonnegative(),
    channel: z.string(),
    request: z.unknown(),
  })
  .strict()
export type ClientFrame = z.infer<typeof clientFrameSchema>

export const serverFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('result'),
    id: z.number(),
    result: z.union([
      z.object({ ok: z.literal(true), value: z.unknown() }),
      z.object({ ok: z.literal(false), error: ipcErrorSchema }),
    ]),
  }),
  z.object({ type: z.literal('event'), event: z.string(), payload: z.unknown() }),
])
export type ServerFrame = z.infer<typeof serverFrameSchema>

/**
 * The token reaches the page once, in its URL's query (`?token=`); the page keeps it in sessionStorage and
 * presents it only on the WebSocket handshake, as a second subprotocol `mcp-desk.token.<token>` beside
 * `mcp-desk.v1` (the one the server selects, so the token is never echoed). No cookie: cookies are not
 * port-scoped, so every other server on 127.0.0.1 would receive one.
 */
export const WEB_TOKEN_PARAM = 'token'
export const WEB_SOCKET_PATH = '/ipc'
export const WEB_SOCKET_PROTOCOL = 'mcp-desk.v1'
export const WEB_TOKEN_PROTOCOL_PREFIX = 'mcp-desk.token.'

export function tokenProtocol(token: string): string {
  return `${WEB_TOKEN_PROTOCOL_PREFIX}${token}`
}
