// Where a server's input request came from. In the 2026-07-28 era a server asks for a completion, a form or
// the roots inside the result of a `tools/call`, `prompts/get` or `resources/read` (MRTR), and the SDK's
// round driver calls the same handlers that answer 2025-era requests. The driver runs inside the context set
// here (DeskClient), so a handler can tell the user "asked inside tool X, round N"; 2025-era requests,
// which the server sends on its own, have none.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { InputOrigin } from '../../../shared/mcp/input-origin'

const origins = new AsyncLocalStorage<{ origin: InputOrigin }>()

/** The request whose result asked for the input being handled now, with the round it is in. */
export function currentInputOrigin(): InputOrigin | undefined {
  const slot = origins.getStore()
  return slot ? { ...slot.origin } : undefined
}

/** Runs the rounds of one request; `nextRound` moves the origin on before each retry. */
export function runRounds<T>(
  request: { method: string; params?: unknown },
  run: (nextRound: () => void) => T,
): T {
  const slot = { origin: originOf(request) }
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
