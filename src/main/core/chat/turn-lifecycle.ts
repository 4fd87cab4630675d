// Turn lifecycle (issue 7 item 8, seed 000 "轮次生命周期通知"): an experimental MCP capability that lets a
// server correlate the tool calls of one chat turn and learn when that turn ended. We declare our own name,
// and honour MiMo Code's name for servers written against it, since the behaviour is identical.
//
// It is used only when the server declared the capability in its `initialize` result: tool calls then carry
// `_meta` {sessionId, turnId, actorId} and the end of a turn sends `notifications/<name>` with its status.
import type { ServerCapabilities } from '@modelcontextprotocol/client'
import { z } from 'zod'

export const TURN_LIFECYCLE_CAPABILITY = 'com.mcpdesk/turn-lifecycle'
export const MIMO_TURN_LIFECYCLE_CAPABILITY = 'com.xiaomi.mimo/turn-lifecycle'
export const TURN_LIFECYCLE_VERSION = 1
/** Checked in this order, so a server declaring both gets ours. */
const RECOGNISED_CAPABILITIES = [TURN_LIFECYCLE_CAPABILITY, MIMO_TURN_LIFECYCLE_CAPABILITY] as const

export type TurnLifecycleCapabilityName = (typeof RECOGNISED_CAPABILITIES)[number]

/** What the client puts under `capabilities.experimental` in its `initialize` request. */
export function turnLifecycleClientCapabilities(): Record<string, { version: number }> {
  return { [TURN_LIFECYCLE_CAPABILITY]: { version: TURN_LIFECYCLE_VERSION } }
}

/**
 * Which turn lifecycle capability the server declared, ours preferred. A declaration is an object under
 * `experimental`; one that names a version other than 1 is a protocol we do not speak and is ignored.
 */
export function lifecycleCapabilityFor(
  serverCapabilities: ServerCapabilities | undefined,
): { name: TurnLifecycleCapabilityName } | undefined {
  const experimental: unknown = serverCapabilities?.experimental
  if (typeof experimental !== 'object' || experimental === null) return undefined
  for (const name of RECOGNISED_CAPABILITIES) {
    const declared: unknown = (experimental as Record<string, unknown>)[name]
    if (typeof declared !== 'object' || declared === null) continue
    const version = (declared as { version?: unknown }).version
    if (version === undefined || version === TURN_LIFECYCLE_VERSION) return { name }
  }
  return undefined
}

const identifier = (what: string) =>
  z.string({ error: `${what} must be a string` }).min(1, `${what} is empty`)

export const ToolCallMetaSchema = z.object({
  sessionId: identifier('sessionId'),
  turnId: identifier('turnId'),
  actorId: identifier('actorId'),
})
export type ToolCallMeta = z.infer<typeof ToolCallMetaSchema>

export const TurnStatusSchema = z.enum(['completed', 'cancelled', 'error'])
export type TurnStatus = z.infer<typeof TurnStatusSchema>

export const TurnEndSchema = z.object({
  sessionId: identifier('sessionId'),
  turnId: identifier('turnId'),
  status: TurnStatusSchema,
})
export type TurnEnd = z.infer<typeof TurnEndSchema>

function parseOrExplain<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((issue) => {
    const path = issue.path.join('.')
    return path ? `${path}: ${issue.message}` : issue.message
  })
  throw new Error(`Invalid ${what}: ${problems.join('; ')}`)
}

/**
 * The `_meta` a tool call carries when its server declared the capability. Only these three keys, so a
 * server sees nothing else about the conversation. Throws a message naming the bad field.
 */
export function toolCallMeta(input: ToolCallMeta): ToolCallMeta {
  const { sessionId, turnId, actorId } = parseOrExplain(ToolCallMetaSchema, input, 'tool call _meta')
  return { sessionId, turnId, actorId }
}

/** The part of an SDK `Client` the notifier uses; a connected `Client` satisfies it. */
export interface TurnLifecycleClient {
  getServerCapabilities(): ServerCapabilities | undefined
  notification(notification: { method: string; params?: Record<string, unknown> }): Promise<void>
}

export interface TurnLifecycleServer {
  id: string
  client: TurnLifecycleClient
}

export type TurnEndedOutcome =
  /** The server did not declare a turn lifecycle capability; nothing was sent. */
  | 'not-declared'
  /** The transport accepted the notification within the timeout. */
  | 'sent'
  /** The send did not finish within the timeout; it stays in flight and blocks the next turn's send. */
  | 'timed-out'
  /** The previous turn's send to this server is still stuck, so this one was not attempted. */
  | 'skipped-stuck'
  /** The send failed (closed transport, disconnected client). */
  | 'failed'

export interface TurnEndedResult {
  serverId: string
  outcome: TurnEndedOutcome
  /** The notification method, when one was attempted. */
  method?: string
  /** Why the send failed, for logs. */
  error?: string
}

export interface TurnLifecycleNotifierOptions {
  /** The longest a turn waits for any one server. */
  timeoutMs?: number
}

export const DEFAULT_TURN_LIFECYCLE_TIMEOUT_MS = 1000

/**
 * Tells servers that a turn ended. Notifications are fire-and-forget for the protocol, but a transport's
 * `send` can still block (a full pipe, a stalled HTTP POST), so each server gets at most `timeoutMs`, all in
 * parallel. A send that is still stuck when the next turn ends makes that server be skipped: queueing
 * behind it would only pile up stale notifications and grow memory for a server that is not reading.
 */
export class TurnLifecycleNotifier {
  private readonly timeoutMs: number
  /** Sends that outlived their timeout, by server id, until they settle. */
  private readonly stuckSends = new Map<string, Promise<unknown>>()

  constructor(options: TurnLifecycleNotifierOptions = {}) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TURN_LIFECYCLE_TIMEOUT_MS
    if (!Number.isFinite(timeoutMs) || timeoutMs < 0) {
      throw new Error(`Turn lifecycle timeoutMs must be a non-negative number, got ${timeoutMs}`)
    }
    this.timeoutMs = timeoutMs
  }

  /** Whether a previous send to this server has not settled yet. */
  isStuck(serverId: string): boolean {
    return this.stuckSends.has(serverId)
  }

  /** Never throws: a bad turn or a failing server yields results, not an exception that would end the turn. */
  async turnEnded(servers: readonly TurnLifecycleServer[], turn: TurnEnd): Promise<TurnEndedResult[]> {
    const parsed = TurnEndSchema.safeParse(turn)
    if (!parsed.success) {
      const error = `Invalid turn end: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`
      return servers.map((server) => ({ serverId: server.id, outcome: 'failed', error }))
    }
    const params = {
      sessionId: parsed.data.sessionId,
      turnId: parsed.data.turnId,
      status: parsed.data.status,
    }
    return Promise.all(servers.map((server) => this.notifyOne(server, params)))
  }

  private async notifyOne(server: TurnLifecycleServer, params: TurnEnd): Promise<TurnEndedResult> {
    const serverId = server.id
    let method: string | undefined
    try {
      const capability = lifecycleCapabilityFor(server.client.getServerCapabilities())
      if (!capability) return { serverId, outcome: 'not-declared' }
      method = `notifications/${capability.name}`
      if (this.stuckSends.has(serverId)) return { serverId, outcome: 'skipped-stuck', method }

      const send = Promise.resolve(server.client.notification({ method, params: { ...params } }))
      const outcome = await this.settleWithin(send)
      if (outcome.kind === 'timeout') {
        this.markStuckUntilSettled(serverId, send)
        return { serverId, outcome: 'timed-out', method }
      }
      if (outcome.kind === 'error') return { serverId, outcome: 'failed', method, error: outcome.error }
      return { serverId, outcome: 'sent', method }
    } catch (error) {
      return { serverId, outcome: 'failed', ...(method ? { method } : {}), error: describe(error) }
    }
  }

  private settleWithin(
    send: Promise<void>,
  ): Promise<{ kind: 'sent' } | { kind: 'timeout' } | { kind: 'error'; error: string }> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ kind: 'timeout' }), this.timeoutMs)
      send.then(
        () => {
          clearTimeout(timer)
          resolve({ kind: 'sent' })
        },
        (error: unknown) => {
          clearTimeout(timer)
          resolve({ kind: 'error', error: describe(error) })
        },
      )
    })
  }

  private markStuckUntilSettled(serverId: string, send: Promise<void>): void {
    const settled = send.then(
      () => undefined,
      () => undefined,
    )
    this.stuckSends.set(serverId, settled)
    void settled.then(() => {
      if (this.stuckSends.get(serverId) === settled) this.stuckSends.delete(serverId)
    })
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
