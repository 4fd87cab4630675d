import { Client, type ClientContext, type JSONRPCRequest, type Result } from '@modelcontextprotocol/client'
import type { InputKind } from '../../../shared/mcp/input-origin'
import { noteInputRequest, runRounds } from './input-origin'

/** Requests whose validation is the host's own: each malformed one is answered -32602 naming the field. */
const HOST_VALIDATED = new Set(['sampling/createMessage', 'elicitation/create'])

/** The input requests a server may embed in a result (MRTR), by the kind a tool-call card names. */
const INPUT_KINDS: Readonly<Record<string, InputKind>> = {
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
  'roots/list': 'roots',
}

type Handler = (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>

/**
 * The SDK's Client, minus its own validation of sampling and elicitation requests. v2 wraps those handlers
 * "regardless of how they were registered" with its schema parse, which would answer a malformed request
 * with the SDK's text (and accepts non-canonical base64 such as "abc"), and applies elicitation defaults
 * itself; the sampling engine and the elicitation service validate every field and apply defaults
 * themselves, in both protocol eras (issue 5, issue 20).
 */
export class DeskClient extends Client {
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    const wrapped = HOST_VALIDATED.has(method) ? handler : super._wrapHandler(method, handler)
    const kind = INPUT_KINDS[method]
    if (kind === undefined) return wrapped
    return (request, ctx) => {
      noteInputRequest(kind)
      return wrapped(request, ctx)
    }
  }

  /**
   * The 2026 era's `input_required` rounds (MRTR), driven by the SDK through the handlers above, run inside
   * an input origin (input-origin.ts): cards say which tool asked and in which round, and a call observed
   * through its signal (chat) hears each round as it happens.
   */
  protected override _resolveNonCompleteResult(
    ...[decoded, flow]: Parameters<Client['_resolveNonCompleteResult']>
  ): Promise<unknown> {
    return runRounds(flow.request, flow.options?.signal, (nextRound) =>
      super._resolveNonCompleteResult(decoded, {
        ...flow,
        retry: (params, options) => {
          nextRound()
          return flow.retry(params, options)
        },
      }),
    )
  }
}
