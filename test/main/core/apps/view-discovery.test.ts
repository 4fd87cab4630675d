// Discovery of MCP Apps (issue 22): the host declares the ui extension (both protocol eras), keeps each
// tool's `_meta.ui`, reads the views the tools name at listing time (facts in ServerState, HTML never), and
// never offers an app-only tool to a model. Real servers over stdio: the npm App examples and the fixture.
import { afterEach, describe, expect, it } from 'vitest'
import { MCP_APP_MIME_TYPE, UI_EXTENSION_ID } from '../../../../src/shared/apps/view-schema'
import { buildToolSet } from '../../../../src/main/core/tools/tool-set'
import type { ToolInfo } from '../../../../src/shared/mcp/server-state'
import { appServer, connected, npmAppServer, startAppsHost, type AppsHost } from './support/apps-host'

const hosts: AppsHost[] = []
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close()
})

async function started(...args: Parameters<typeof startAppsHost>): Promise<AppsHost> {
  const host = await startAppsHost(...args)
  hosts.push(host)
  return host
}

function tool(tools: readonly ToolInfo[], name: string): ToolInfo {
  const found = tools.find((candidate) => candidate.name === name)
  if (!found) throw new Error(`no tool ${name} among ${tools.map((t) => t.name).join(', ')}`)
  return found
}

describe('MCP Apps discovery with the npm example servers', () => {
  it('reads the views of server-basic-vanillajs and server-system-monitor; app-only tools reach no model', async () => {
    const host = await started([
      npmAppServer('basic', 'server-basic-vanillajs'),
      npmAppServer('monitor', 'server-system-monitor'),
    ])
    const basic = await host.serverWhen('basic', connected)
    const monitor = await host.serverWhen('monitor', connected)

    const getTime = tool(basic.tools, 'get-time')
    expect(getTime.ui?.resourceUri).toMatch(/^ui:\/\//)
    expect(getTime.ui?.view).toMatchObject({ fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) })
    expect(getTime.ui?.view?.bytes).toBeGreaterThan(1000)
    expect(getTime.ui?.viewError).toBeUndefined()
    // The HTML itself stays in the connection's cache, never in the state the window gets.
    expect(JSON.stringify(basic)).not.toContain('<html')

    const info = tool(monitor.tools, 'get-system-info')
    expect(info.ui?.view?.fingerprint).toMatch(/^[0-9a-f]{64}$/)
    const poll = tool(monitor.tools, 'poll-system-stats')
    expect(poll.ui?.visibility).toEqual(['app'])

    const offered = buildToolSet([], host.composed.servers.list(), () => undefined).map((entry) => entry.name)
    expect(offered).toContain(info.exposedName)
    expect(offered).toContain(getTime.exposedName)
    expect(offered).not.toContain(poll.exposedName)
  })
})

describe('MCP Apps discovery with the app-server fixture', () => {
  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    it(`declares the ui extension and reads the view with its csp (${era})`, async () => {
      const csp = {
        connectDomains: ['https://api.example.com'],
        resourceDomains: ['https://cdn.example.com'],
      }
      const host = await started([appServer('app', { modern: era === '2026-07-28', csp })], { era })
      const state = await host.serverWhen('app', connected)
      expect(state.protocolVersion).toBe(era)

      const probe = tool(state.tools, 'show-probe')
      expect(probe.ui).toMatchObject({ resourceUri: 'ui://app-server/probe', view: { csp } })
      expect(tool(state.tools, 'report').ui).toMatchObject({ visibility: ['app'], view: { csp } })
      expect(tool(state.tools, 'ping').ui).toBeUndefined()

      const answer = await host.composed.servers.connection('app').callTool('client-extensions', {})
      const declared = JSON.parse((answer.content[0] as { text: string }).text) as Record<string, unknown>
      expect(declared[UI_EXTENSION_ID]).toEqual({ mimeTypes: [MCP_APP_MIME_TYPE] })
    })
  }
})
