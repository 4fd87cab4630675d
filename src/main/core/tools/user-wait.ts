import { SdkErrorCode, SdkError } from '@modelcontextprotocol/client'

/**
 * Whether a server is waiting on the user right now (a sampling card or an elicitation form it sent while
 * a tool call runs). While it is, the tool call's deadline stands still: a user taking a minute to fill a
 * form the tool asked for must not turn the call into `unknown`.
 */
export interface ServerUserWait {
  isWaiting(serverId: string): boolean
  /** Calls `listener` whenever any server's waiting may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
}

/**
 * A deadline that runs only while the server is not waiting on the user. When it expires the returned
 * signal aborts with the SDK's RequestTimeout error, so the call ends exactly as an SDK timeout would
 * (the SDK also sends notifications/cancelled to the server).
 */
export function pausableDeadline(
  timeoutMs: number,
  serverId: string,
  wait: ServerUserWait,
  signal: AbortSignal | undefined,
): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController()
  let remaining = timeoutMs
  let startedAt = 0
  let timer: NodeJS.Timeout | undefined
  const run = () => {
    if (timer || controller.signal.aborted) return
    startedAt = Date.now()
    timer = setTimeout(() => {
      controller.abort(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: timeoutMs }))
    }, remaining)
  }
  const pause = () => {
    if (!timer) return
    clearTimeout(timer)
    timer = undefined
    remaining = Math.max(0, remaining - (Date.now() - startedAt))
  }
  const update = () => (wait.isWaiting(serverId) ? pause() : run())
  const unsubscribe = wait.subscribe(update)
  const onAbort = () => controller.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  if (signal?.aborted) onAbort()
  update()
  return {
    signal: controller.signal,
    dispose: () => {
      pause()
      unsubscribe()
      signal?.removeEventListener('abort', onAbort)
    },
  }
}
