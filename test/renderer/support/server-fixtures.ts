import type { ServerState, ToolInfo } from '../../../src/shared/mcp/server-state'
import type { ServerConfigView } from '../../../src/shared/settings/settings-view'

export function toolFixture(overrides: Partial<ToolInfo> & { name: string }, serverId = 'notes'): ToolInfo {
  return {
    exposedName: `mcp_${serverId}_${overrides.name}`,
    description: `Does ${overrides.name}.`,
    inputSchema: { type: 'object', properties: {} },
    ...overrides,
  }
}

export function stdioConfigFixture(overrides: Partial<ServerConfigView> & { id: string }): ServerConfigView {
  return {
    name: overrides.id,
    enabled: true,
    sampling: 'ask',
    transport: 'stdio',
    command: `/usr/bin/${overrides.id}-mcp`,
    args: [],
    env: {},
    ...overrides,
  } as ServerConfigView
}

export function httpConfigFixture(overrides: Partial<ServerConfigView> & { id: string }): ServerConfigView {
  return {
    name: overrides.id,
    enabled: true,
    sampling: 'ask',
    transport: 'http',
    url: `https://${overrides.id}.example.com/mcp`,
    headers: {},
    ...overrides,
  } as ServerConfigView
}

/** What the connection layer would report for `config`, redacted like the host redacts it. */
export function serverStateFixture(
  config: ServerConfigView,
  overrides: Partial<ServerState> = {},
): ServerState {
  return {
    id: config.id,
    name: config.name,
    transport: config.transport,
    destination:
      config.transport === 'stdio' ? `stdio: ${[config.command, ...config.args].join(' ')}` : config.url,
    status: config.enabled ? 'connected' : 'disabled',
    tools: [],
    stderrTail: '',
    pendingChanges: [],
    since: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}
