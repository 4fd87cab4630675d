// What host-level tests need from a composed host's IPC side: every event it emits, kept in order and
// awaitable, and a call through the dispatcher that throws the contract's error (its code on the Error).
import type { Host } from '../../src/main/core/host'
import type {
  EventChannel,
  EventOf,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from '../../src/shared/ipc/contract'

export interface HostEventLog {
  /** Every event of this kind so far, in order. */
  events<E extends EventChannel>(event: E): Array<EventOf<E>>
  /** How many events of any kind were seen so far: a mark for waitFor's `after`. */
  count(): number
  /** Resolves with the first matching event (already seen or future), or only those after the mark. */
  waitFor<E extends EventChannel>(
    event: E,
    match: (payload: EventOf<E>) => boolean,
    options?: { after?: number },
  ): Promise<EventOf<E>>
  /** Resolves every wait still pending with undefined, so a closing harness leaves no test hanging. */
  release(): void
}

interface Waiter {
  event: EventChannel
  match: (payload: unknown) => boolean
  resolve: (payload: unknown) => void
}

/** Starts recording the host's events now; `onEvent` sees each one first (e.g. to frame it as web mode does). */
export function recordHostEvents(
  host: Pick<Host, 'events'>,
  onEvent?: (event: EventChannel, payload: unknown) => void,
): HostEventLog {
  const seen: Array<{ event: EventChannel; payload: unknown }> = []
  const waiters = new Set<Waiter>()
  host.events.subscribe((event, payload) => {
    onEvent?.(event, payload)
    seen.push({ event, payload })
    for (const waiter of waiters) {
      if (waiter.event !== event || !waiter.match(payload)) continue
      waiters.delete(waiter)
      waiter.resolve(payload)
    }
  })
  return {
    events: (event) => seen.filter((entry) => entry.event === event).map((entry) => entry.payload) as never,
    count: () => seen.length,
    waitFor: (event, match, options = {}) =>
      new Promise((resolve) => {
        const after = options.after ?? 0
        const found = seen
          .slice(after)
          .find((entry) => entry.event === event && match(entry.payload as never))
        if (found) return resolve(found.payload as never)
        // Events still to come are after any mark.
        waiters.add({
          event,
          match: match as (payload: unknown) => boolean,
          resolve: resolve as (payload: unknown) => void,
        })
      }),
    release() {
      for (const waiter of waiters) waiter.resolve(undefined)
      waiters.clear()
    },
  }
}

/** A contract error as a test sees it: the contract's message and code; the channel it answered. */
export class HostCallError extends Error {
  readonly code: string
  readonly channel: RequestChannel

  constructor(channel: RequestChannel, code: string, message: string) {
    super(message)
    this.code = code
    this.channel = channel
  }
}

/** Dispatches as the window would; the answer's value, or a HostCallError. */
export async function callHost<C extends RequestChannel>(
  host: Pick<Host, 'dispatch'>,
  channel: C,
  request: RequestOf<C>,
): Promise<ResponseOf<C>> {
  const result = await host.dispatch(channel, request)
  if (!result.ok) throw new HostCallError(channel, result.error.code, result.error.message)
  return result.value as ResponseOf<C>
}
