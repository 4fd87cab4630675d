import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverStateSchema } from '../../../src/shared/mcp/server-state'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, fixtureServerCommand } from '../support/cli-harness'

let temp: TempHome
let home: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-tools-')
  home = path.join(temp.dir, 'home')
  await expectExit(
    [
      '--home',
      home,
      'servers',
      'add',
      'Fixture',
      '--env',
      'TOKEN=secret-value-123',
      ...fixtureServerCommand(),
    ],
    0,
  )
  await expectExit(
    ['--home', home, 'servers', 'add', 'Exits', '--', 'sh', '-c', 'echo config file missing >&2; exit 3'],
    0,
  )
  await expectExit(['--home', home, 'servers', 'add', 'Resting', '--disabled', '--', 'false'], 0)
})
afterAll(() => temp.cleanup())

describe('mcp-desk servers tools', () => {
  it('lists each tool: the name models see, the server name, the description', async () => {
    const { stdout } = await expectExit(['--home', home, 'servers', 'tools', 'fixture'], 0)
    const lines = stdout.split('\n')
    expect(lines[0]).toMatch(/^Server "Fixture" \(fixture\): connected, \d+ tools$/)
    const echo = lines.indexOf("mcp_fixture_echo  (server's name: echo)")
    expect(echo).toBeGreaterThan(0)
    expect(lines[echo + 1]).toBe('    Returns the given text unchanged')
  })

  it('--json prints the server state with its tools and no secret', async () => {
    const { stdout } = await expectExit(['--home', home, 'servers', 'tools', 'FIXTURE', '--json'], 0)
    expect(stdout).not.toContain('secret-value-123')
    const state = serverStateSchema.parse(JSON.parse(stdout))
    expect(state.status).toBe('connected')
    expect(state.tools.find((tool) => tool.name === 'add')).toMatchObject({ exposedName: 'mcp_fixture_add' })
  })

  it('prints why a server failed, with its stderr, and exits 1', async () => {
    const { stderr } = await expectExit(['--home', home, 'servers', 'tools', 'exits'], 1)
    expect(stderr).toContain('Server "Exits" (exits) failed: ')
    expect(stderr).toContain('config file missing')
    const json = await expectExit(['--home', home, 'servers', 'tools', 'exits', '--json'], 1)
    expect(serverStateSchema.parse(JSON.parse(json.stdout)).status).toBe('failed')
  })

  it('leaves a disabled server alone and says how to enable it', async () => {
    const { stderr } = await expectExit(['--home', home, 'servers', 'tools', 'resting'], 1)
    expect(stderr).toContain('server "Resting" is disabled; enable it with: mcp-desk servers enable resting')
  })

  it('names an unknown server and the configured ids', async () => {
    const { stderr } = await expectExit(['--home', home, 'servers', 'tools', 'ghost'], 1)
    expect(stderr).toContain('no server "ghost" (configured ids: fixture, exits, resting)')
  })
})
