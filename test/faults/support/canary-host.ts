// The host composed the way web mode composes it (a real profile on disk: conf settings and the AES-GCM
// secrets file; real stdio and HTTP transports; log lines with error stacks), with everything that could
// carry a secret out captured: each log line, console output, and every message the renderer would get —
// each event and each dispatch answer, serialised as web mode frames them.
import { inspect } from 'node:util'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { composeHost, type ComposedHost } from '../../../src/main/core/compose-host'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { recordHostEvents } from '../../support/host-event-log'
import type {
  EventChannel,
  EventOf,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from '../../../src/shared/ipc/contract'

export interface CanaryHost {
  composed: ComposedHost
  /** Host log lines, as web mode prints them. */
  readonly logs: string[]
  /** Every event frame and every invoke result frame, as JSON text. */
  readonly toRenderer: string[]
  /** Dispatches like the window (the answer is recorded); a failure is thrown with its code and message. */
  ipc<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>
  /** Resolves with the first event (already seen or future) that matches. */
  waitFor<E extends EventChannel>(event: E, match: (payload: EventOf<E>) => boolean): Promise<EventOf<E>>
  /** Approves every tool-call card as it appears, as a user clicking Approve would. */
  approveEveryToolCall(): void
  close(): Promise<void>
}

export function startCanaryHost(home: string): CanaryHost {
  const profile = openNodeProfile(home)
  const logs: string[] = []
  const composed = composeHost({
    settings: profile.settings,
    secrets: profile.secrets,
    info: { name: 'MCP Desk', version: '0.0.0-test', mode: 'web', platform: process.platform, home },
    log: (message, error) =>
      logs.push(
        error === undefined
          ? message
          : `${message}: ${error instanceof Error ? error.stack : inspect(error)}`,
      ),
  })
  // As web mode does: the servers connect in the background while the window loads.
  void composed.servers.start()
  const toRenderer: string[] = []
  const approved = new Set<string>()
  let approving = false

  const ipc: CanaryHost['ipc'] = async (channel, request) => {
    const result = await composed.host.dispatch(channel, request)
    toRenderer.push(JSON.stringify({ type: 'result', channel, result }))
    if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`)
    return result.value as never
  }

  const log = recordHostEvents(composed.host, (event, payload) => {
    toRenderer.push(JSON.stringify({ type: 'event', event, payload }))
    if (approving && event === 'chat:tool-calls') {
      for (const card of (payload as EventOf<'chat:tool-calls'>).cards) {
        if (approved.has(card.id)) continue
        approved.add(card.id)
        void ipc('chat:decide-tool-call', { id: card.id, decision: 'approve' })
      }
    }
  })

  return {
    composed,
    logs,
    toRenderer,
    ipc,
    waitFor: (event, match) => log.waitFor(event, match),
    approveEveryToolCall: () => {
      approving = true
    },
    close: () => composed.shutdown(),
  }
}

/** Every file under dir (recursively) with its text; none when the folder was never made. */
export function filesUnder(dir: string): Array<{ path: string; text: string }> {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, text: readFileSync(path, 'utf8') }]
  })
}
