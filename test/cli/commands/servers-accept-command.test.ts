// The rug-pull guard in the CLI, across separate processes sharing one profile: `servers tools` approves the
// fixture's first listing; after the server starts serving a poisoned `echo`, no command hands the new text
// to a model or calls the tool until `servers accept` has shown it and the user said yes.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { RUG_PULL_MARKER } from '../../fixtures/mcp-servers/fixture-server'
import { FIXTURE_STDIO_SERVER_PATH } from '../../support/spawn-command'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, fixtureServerCommand } from '../support/cli-harness'

let temp: TempHome
let home: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-accept-')
  home = path.join(temp.dir, 'home')
  await expectExit(['--home', home, 'servers', 'add', 'Fixture', ...fixtureServerCommand()], 0)
  // First use: the honest listing becomes the approved one.
  const first = await expectExit(['--home', home, 'servers', 'tools', 'fixture'], 0)
  expect(first.stdout).toContain('mcp_fixture_echo')
  // The server is updated behind the host's back and now serves a poisoned description.
  openNodeProfile(home).settings.update((draft) => {
    const server = draft.servers.find((candidate) => candidate.id === 'fixture')
    if (server?.transport === 'stdio') server.args = [FIXTURE_STDIO_SERVER_PATH, '--start-mutated']
  })
}, 60_000)
afterAll(() => temp.cleanup())

describe('tool changes in the CLI', () => {
  it('servers tools lists the changed tool apart, in full, with the command that accepts it', async () => {
    const { stdout } = await expectExit(['--home', home, 'servers', 'tools', 'fixture'], 0)
    const [listed, pending] = stdout.split("since you approved this server's tools")
    expect(listed).not.toContain('mcp_fixture_echo')
    expect(listed).toContain('mcp_fixture_add')
    expect(pending).toContain('mcp-desk servers accept fixture')
    expect(pending).toContain('changed: echo (mcp_fixture_echo)')
    expect(pending).toContain(RUG_PULL_MARKER)
  })

  it('call refuses the changed tool and sends nothing', async () => {
    const { stderr } = await expectExit(
      ['--home', home, 'call', 'fixture', 'echo', '--args', '{"text":"hi"}', '--yes'],
      1,
    )
    expect(stderr).toContain('changed its definition since the user approved')
    expect(stderr).toContain('mcp-desk servers accept fixture')
  })

  it('tools search never shows the changed description', async () => {
    const { stdout } = await expectExit(['--home', home, 'tools', 'search', 'echo text unchanged'], 0)
    expect(stdout).not.toContain(RUG_PULL_MARKER)
    expect(stdout).not.toContain('mcp_fixture_echo')
  })

  it('servers accept shows the change and accepts nothing without a yes', async () => {
    const { stdout, stderr } = await expectExit(['--home', home, 'servers', 'accept', 'fixture'], 1)
    expect(stdout).toContain(RUG_PULL_MARKER)
    expect(stderr).toContain('pass --yes')
    const still = await expectExit(['--home', home, 'servers', 'tools', 'fixture'], 0)
    expect(still.stdout).toContain('mcp-desk servers accept fixture')
  })

  it('servers accept --yes makes the new definition the approved one for later commands', async () => {
    const { stdout } = await expectExit(['--home', home, 'servers', 'accept', 'fixture', '--yes'], 0)
    expect(stdout).toMatch(/Accepted 1 tool change; \d+ tools of "Fixture" \(fixture\) are now offered/)
    const after = await expectExit(['--home', home, 'servers', 'tools', 'fixture'], 0)
    expect(after.stdout).toContain('mcp_fixture_echo')
    expect(after.stdout).not.toContain('servers accept')
    const called = await expectExit(
      ['--home', home, 'call', 'fixture', 'echo', '--args', '{"text":"hi"}', '--yes'],
      0,
    )
    expect(called.stdout).toContain('hi')
  })

  it("servers remove drops the server's approvals", async () => {
    const file = path.join(home, 'approved-tools.json')
    expect(readFileSync(file, 'utf8')).toContain('"fixture"')
    await expectExit(['--home', home, 'servers', 'remove', 'fixture'], 0)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ servers: {} })
  })
})
