// A composed host (as web mode builds it) over a temp profile with MCP Apps servers over stdio: the
// app-server fixture and the npm App servers, plus the mock OpenAI provider for chat turns.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { composeHost, type ComposedHost } from '../../../../../src/main/core/compose-host'
import { openNodeProfile } from '../../../../../src/main/core/profile/open-node-profile'
import type { RequestChannel, RequestOf, ResponseOf } from '../../../../../src/shared/ipc/contract'
import type { ServerState } from '../../../../../src/shared/mcp/server-state'
import { startMockOpenAI, type MockOpenAI } from '../../../../fixtures/mock-openai'
import { callHost, recordHostEvents, type HostEventLog } from '../../../../support/host-event-log'

const NODE_MODULES = fileURLToPath(new URL('../../../../../node_modules/', import.meta.url))
export const APP_SERVER_PATH = fileURLToPath(
  new URL('../../../../fixtures/app-server/app-server.ts', import.meta.url),
)

export interface StdioServerSpec {
  id: string
  args: string[]
  env?: Record<string, string>
}

/** The app-server fixture; `--modern` speaks 2026-07-28 too. */
export function appServer(id: string, options: { modern?: boolean; csp?: unknown } = {}): StdioServerSpec {
  return {
    id,
    args: [APP_SERVER_PATH, ...(options.modern === true ? ['--modern'] : [])],
    ...(options.csp === undefined ? {} : { env: { APP_SERVER_CSP: JSON.stringify(options.csp) } }),
  }
}

/** One of the npm MCP Apps example servers, over stdio. */
export function npmAppServer(id: string, pkg: string): StdioServerSpec {
  return { id, args: [`${NODE_MODULES}@modelcontextprotocol/${pkg}/dist/index.js`, '--stdio'] }
}

export interface AppsHost {
  composed: ComposedHost
  events: HostEventLog
  mock: MockOpenAI
  logs: string[]
  call<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>
  server(id: string): ServerState
  /** The server's state once `match` holds: now, or at the servers:changed event that makes it hold. */
  serverWhen(id: string, match: (state: ServerState) => boolean): Promise<ServerState>
  close(): Promise<void>
}

export async function startAppsHost(
  servers: readonly StdioServerSpec[],
  options: { era?: '2026-07-28' | '2025-11-25' } = {},
): Promise<AppsHost> {
  const home = mkdtempSync(join(tmpdir(), 'mcp-desk-apps-'))
  const mock = await startMockOpenAI()
  const profile = openNodeProfile(home)
  profile.settings.update((draft) => {
    for (const spec of servers) {
      draft.servers.push({
        id: spec.id,
        name: spec.id,
        enabled: true,
        sampling: 'deny',
        transport: 'stdio',
        command: process.execPath,
        args: spec.args,
        env: spec.env ?? {},
        ...(options.era ? { protocol: options.era } : {}),
      })
    }
  })
  const logs: string[] = []
  const composed = composeHost({
    settings: profile.settings,
    secrets: profile.secrets,
    info: { name: 'MCP Desk', version: '0.0.0-test', mode: 'web', platform: process.platform, home },
    log: (line) => logs.push(line),
    viewSandbox: { origin: 'http://127.0.0.1:1' },
  })
  const events = recordHostEvents(composed.host)
  const provider = composed.providers.add({ preset: 'custom', baseUrl: mock.url, apiKey: { value: 'k' } })
  composed.providers.saveModel(provider.id, { id: 'mock-model' })
  composed.providers.setDefault(`${provider.id}/mock-model`)
  await composed.servers.start()
  const server = (id: string): ServerState => {
    const state = composed.servers.list().find((candidate) => candidate.id === id)
    if (!state) throw new Error(`no server ${id}`)
    return state
  }
  let closed = false
  return {
    composed,
    events,
    mock,
    logs,
    call: (channel, request) => callHost(composed.host, channel, request),
    server,
    serverWhen: async (id, match) => {
      if (match(server(id))) return server(id)
      await events.waitFor('servers:changed', ({ servers: list }) =>
        list.some((state) => state.id === id && match(state)),
      )
      return server(id)
    },
    close: async () => {
      if (closed) return
      closed = true
      events.release()
      await composed.shutdown()
      await mock.close()
      rmSync(home, { recursive: true, force: true })
    },
  }
}

export const connected = (state: ServerState): boolean => state.status === 'connected'
