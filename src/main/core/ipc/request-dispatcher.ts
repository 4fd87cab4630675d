import {
  isRequestChannel,
  requestChannels,
  type ParsedRequestOf,
  type RequestChannel,
  type ResponseOf,
} from '../../../shared/ipc/contract'
import { describeZodIssues, IpcFailure, type IpcResult } from '../../../shared/ipc/ipc-error'

export type RequestHandlers = {
  [C in RequestChannel]: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>
}

export type Dispatch = (channel: string, payload: unknown) => Promise<IpcResult<unknown>>

export interface DispatcherOptions {
  /** Receives unexpected errors with their stacks; the caller only ever gets a generic message. */
  onInternalError?: (channel: string, error: unknown) => void
}

/**
 * Validates, routes and shapes every request from the renderer, for both Electron IPC and web mode.
 * It never throws: a bad payload, an unknown channel or a failing handler all become `{ ok: false, error }`.
 */
export function createRequestDispatcher(
  handlers: RequestHandlers,
  options: DispatcherOptions = {},
): Dispatch {
  return async (channel, payload) => {
    if (!isRequestChannel(channel)) {
      return {
        ok: false,
        error: { code: 'unknown_channel', message: `unknown channel "${String(channel)}"` },
      }
    }
    const spec = requestChannels[channel]
    const parsed = spec.request.safeParse(payload ?? {})
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: 'validation_failed',
          message: `invalid request for ${channel}: ${describeZodIssues(parsed.error)}`,
          data: {
            issues: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
          },
        },
      }
    }
    try {
      const handler = handlers[channel] as (request: unknown) => unknown
      const value = await handler(parsed.data)
      // Parsing the response strips anything the schema does not name, so a handler cannot leak extra fields.
      const response = spec.response.safeParse(value)
      if (!response.success) {
        options.onInternalError?.(channel, response.error)
        return { ok: false, error: { code: 'internal', message: `${channel} produced an invalid response` } }
      }
      return { ok: true, value: response.data }
    } catch (error) {
      if (error instanceof IpcFailure) {
        return {
          ok: false,
          error: {
            code: error.code,
            message: error.message,
            ...(error.data === undefined ? {} : { data: error.data }),
          },
        }
      }
      options.onInternalError?.(channel, error)
      return { ok: false, error: { code: 'internal', message: `${channel} failed unexpectedly` } }
    }
  }
}
