import { z } from 'zod'

/**
 * The only error shape that crosses a process or socket boundary. It is plain data (never an Error object,
 * never a stack) so it survives structured clone and JSON, and the renderer can show `message` as-is.
 */
export const ipcErrorCodeSchema = z.enum([
  'validation_failed',
  'unknown_channel',
  'forbidden_sender',
  'not_found',
  'conflict',
  'unavailable',
  /** The user (or the host's policy for them) refused: a view's tool call denied on its card. */
  'denied',
  'internal',
])
export type IpcErrorCode = z.infer<typeof ipcErrorCodeSchema>

export const ipcErrorSchema = z.object({
  code: ipcErrorCodeSchema,
  message: z.string(),
  data: z.unknown().optional(),
})
export type IpcError = z.infer<typeof ipcErrorSchema>

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }

/** Thrown by core services to answer a request with a specific code; anything else becomes `internal`. */
export class IpcFailure extends Error {
  readonly code: IpcErrorCode
  readonly data: unknown
  constructor(code: IpcErrorCode, message: string, data?: unknown) {
    super(message)
    this.name = 'IpcFailure'
    this.code = code
    this.data = data
  }
}

/** Renders zod issues as one line per problem, each naming the path that was wrong. */
export function describeZodIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ')
}
