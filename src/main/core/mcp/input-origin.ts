// Where a server's input request came from. In the 2026-07-28 era a server asks for a completion, a form or
// the roots inside the result of a `tools/call`, `prompts/get` or `resources/read` (MRTR), and the SDK's
// round driver calls the same handlers that answer 2025-era requests. The driver runs inside the context set
// here (DeskClient), so a handler can tell the user "asked inside tool X, round N"; 2025-era requests,
// which the server sends on its own, have none.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { InputKind, InputOrigin, InputRoundNotice } from '../../../shared/mcp/input-origin'

type RoundObserver = (notice: InputRoundNotice) => void

interface RoundsSlot {
  origin: InputOrigin
  observer: RoundObserver | undefined
}

const origins = new AsyncLocalStorage<RoundsSlot>()

/**
 * Observers by the abort signal of the call they watch. The SDK answers `input_required` from its response
 * handler, outside the caller's async context, so the context cannot carry the observer; the call's
 * signal is the one thing of the caller's that reaches every round (the SDK passes it to each retry).
 */
const observers = new WeakMap<AbortSignal, RoundObserver>()

/** Each input a call made with `signal` is asked for is reported to `observer` as it is handled. */
export function observeRounds(signal: AbortSignal, observer: RoundObserver): void {
  observers.set(signal, observer)
}

/** The request whose result asked for the input being handled now, with the round it is in. */
export function currentInputOrigin(): InputOrigin | undefined {
  const slot = origins.getStore()
  return slot ? { ...slot.origin } : undefined
}

/** Tells the call's observer (if any) that the current round asked for this kind of input. */
export function noteInputRequest(asked: InputKind): void {
  const slot = origins.getStore()
  if (!slot?.observer) return
  try {
    slot.observer({ round: slot.origin.round, asked })
  } catch {
    // An observer only feeds a display; its failure must not fail the server's round.
  }
}

/** Runs the rounds of one request; `nextRound` moves the origin on before each retry. */
export function runRounds<T>(
  request: { method: string; params?: unknown },
  signal: AbortSignal | undefined,
  run: (nextRound: () => void) => T,
): T {
  const slot: RoundsSlot = { origin: originOf(request), observer: signal && observers.get(signal) }
  return origins.run(slot, () =>
    run(() => {
      slot.origin = { ...slot.origin, round: slot.origin.round + 1 }
    }),
  )
}

function originOf(request: { method: string; params?: unknown }): InputOrigin {
  const params = (request.params ?? {}) as { name?: unknown; uri?: unknown }
  const name =
    typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : ''
  switch (request.method) {
    case 'prompts/get':
      return { kind: 'prompt', name, round: 1 }
    case 'resources/read':
      return { kind: 'resource', name, round: 1 }
    default:
      return { kind: 'tool', name, round: 1 }
  }
}
