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

/** The token travels in the page URL's query (`?token=`) and in the WebSocket URL's query. */
export const WEB_TOKEN_PARAM = 'token'
export const WEB_SOCKET_PATH = '/ipc'
