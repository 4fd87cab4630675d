// `mcp-desk call` and `servers tools` with an MCP Apps server (issue 22): the terminal cannot render a
// tool's view, so `call` says so and names the view; the tool list marks views and app-only tools.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, runMcpDesk } from '../support/cli-harness'

const APP_SERVER = fileURLToPath(new URL('../../fixtures/app-server/app-server.ts', import.meta.url))

let temp: TempHome
let home: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-view-')
  home = path.join(temp.dir, 'home')
  await expectExit(['--home', home, 'servers', 'add', 'Apps', '--', process.execPath, APP_SERVER], 0)
})
afterAll(() => temp.cleanup())

describe('mcp-desk call of a tool with a view', () => {
  it('prints the result and a notice naming the view the terminal cannot render', async () => {
    const { stdout, stderr } = await expectExit(
      ['--home', home, 'call', 'apps', 'show-probe', '--args', '{"label":"cli"}', '--yes'],
      0,
    )
    expect(stdout).toContain('probe shown: cli')
    expect(stderr).toContain('This tool has a view (ui://app-server/probe) that a terminal cannot render')
  })

  it('prints no notice for a tool without a view', async () => {
    const { stderr } = await expectExit(['--home', home, 'call', 'apps', 'ping', '--yes'], 0)
    expect(stderr).not.toContain('has a view')
  })
})

describe('mcp-desk servers tools', () => {
  it('marks tools with a view and app-only tools', async () => {
    const { stdout } = await expectExit(['--home', home, 'servers', 'tools', 'apps'], 0)
    expect(stdout).toContain('view: ui://app-server/probe')
    expect(stdout).toMatch(/mcp_apps_report[\s\S]*app-only/)
  })
})

describe('mcp-desk tools search', () => {
  it('never finds an app-only tool (models never see it)', async () => {
    const found = await runMcpDesk(['--home', home, 'tools', 'search', 'records what the view reports'])
    expect(found.stdout).not.toContain('mcp_apps_report')
    const probe = await expectExit(['--home', home, 'tools', 'search', 'shows the probe view'], 0)
    expect(probe.stdout).toContain('mcp_apps_show-probe')
  })
})
