import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, fixtureServerCommand, runMcpDesk } from '../support/cli-harness'

const ENV_SECRET = 'secret-value-123'
const HEADER_SECRET = 'Bearer header-secret-789'

let temp: TempHome
let home: string
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-edit-')
  home = path.join(temp.dir, 'home')
})
afterEach(() => temp.cleanup())

function settingsText(): string {
  return fs.readFileSync(path.join(home, 'settings.json'), 'utf8')
}

function servers(): Array<Record<string, unknown>> {
  return (JSON.parse(settingsText()) as { servers: Array<Record<string, unknown>> }).servers
}

describe('mcp-desk servers add (stdio)', () => {
  it('pins the protocol era with --protocol, and leaves it out when negotiating', async () => {
    await expectExit(['--home', home, 'servers', 'add', 'Old', '--protocol', '2025-11-25', '--', 'cmd'], 0)
    await expectExit(['--home', home, 'servers', 'add', 'New', '--protocol', 'auto', '--', 'cmd'], 0)
    expect(servers().map((server) => [server.id, server.protocol])).toEqual([
      ['old', '2025-11-25'],
      ['new', undefined],
    ])
  })

  it('stores env values as secrets: settings.json and every output hold only the reference', async () => {
    const added = await expectExit(
      [
        '--home',
        home,
        'servers',
        'add',
        'Fixture',
        '--sampling',
        'deny',
        '--env',
        `TOKEN=${ENV_SECRET}`,
        ...fixtureServerCommand(),
      ],
      0,
    )
    expect(added.stdout).toContain('with id fixture')
    expect(added.stdout).toContain('stored as secrets')
    expect(added.stdout).toContain('server.fixture.env.TOKEN')

    expect(servers()).toEqual([
      {
        id: 'fixture',
        name: 'Fixture',
        enabled: true,
        sampling: 'deny',
        transport: 'stdio',
        command: process.execPath,
        args: [fixtureServerCommand()[2]],
        env: { TOKEN: { secret: 'server.fixture.env.TOKEN' } },
      },
    ])
    // The value is really in the store (the connection resolves it from there).
    expect(openNodeProfile(home).secrets.get('server.fixture.env.TOKEN')).toBe(ENV_SECRET)

    const shown = [
      await runMcpDesk(['--home', home, 'config', 'show']),
      await runMcpDesk(['--home', home, 'config', 'show', '--json']),
    ]
    for (const output of [added, ...shown]) {
      expect(output.stdout + output.stderr).not.toContain(ENV_SECRET)
    }
    expect(settingsText()).not.toContain(ENV_SECRET)
    expect(JSON.parse(shown[1]!.stdout).secretNames).toEqual(['server.fixture.env.TOKEN'])
  })

  it('takes an --env value from the shell environment when only the name is given', async () => {
    await expectExit(
      ['--home', home, 'servers', 'add', 'Fixture', '--env', 'MY_TOKEN', ...fixtureServerCommand()],
      0,
      {
        env: { MY_TOKEN: 'from-the-shell-456' },
      },
    )
    expect(openNodeProfile(home).secrets.get('server.fixture.env.MY_TOKEN')).toBe('from-the-shell-456')

    const unset = await runMcpDesk([
      '--home',
      home,
      'servers',
      'add',
      'Other',
      '--env',
      'NOT_SET',
      ...fixtureServerCommand(),
    ])
    expect(unset.code).toBe(2)
    expect(unset.stderr).toContain("--env NOT_SET: NOT_SET is not set in this shell's environment")
  })

  it('adds a disabled server with --disabled, and keeps args after -- as given', async () => {
    await expectExit(
      ['--home', home, 'servers', 'add', 'Later', '--disabled', '--', 'some-server', '--port', '3', '-v'],
      0,
    )
    expect(servers()[0]).toMatchObject({
      id: 'later',
      enabled: false,
      command: 'some-server',
      args: ['--port', '3', '-v'],
    })
  })

  it('gives a second server with the same name its own id', async () => {
    await expectExit(['--home', home, 'servers', 'add', 'Twin', '--', 'a'], 0)
    const second = await expectExit(['--home', home, 'servers', 'add', 'Twin', '--', 'b'], 0)
    expect(second.stdout).toContain('with id twin-2')
  })
})

describe('mcp-desk servers add --url', () => {
  it('stores header values as secrets', async () => {
    const added = await expectExit(
      [
        '--home',
        home,
        'servers',
        'add',
        'Remote',
        '--url',
        'https://mcp.example.test/mcp',
        '--header',
        `Authorization: ${HEADER_SECRET}`,
        '--header',
        'X-Api-Key:k3y-value',
      ],
      0,
    )
    expect(servers()[0]).toEqual({
      id: 'remote',
      name: 'Remote',
      enabled: true,
      sampling: 'ask',
      transport: 'http',
      url: 'https://mcp.example.test/mcp',
      headers: {
        Authorization: { secret: 'server.remote.header.Authorization' },
        'X-Api-Key': { secret: 'server.remote.header.X-Api-Key' },
      },
    })
    const secrets = openNodeProfile(home).secrets
    expect(secrets.get('server.remote.header.Authorization')).toBe(HEADER_SECRET)
    expect(secrets.get('server.remote.header.X-Api-Key')).toBe('k3y-value')
    expect(added.stdout + added.stderr).not.toContain('header-secret-789')
    expect(added.stdout + added.stderr).not.toContain('k3y-value')
    expect(settingsText()).not.toContain('header-secret-789')
  })
})

describe('mcp-desk servers add: bad input', () => {
  it.each([
    [['servers', 'add', 'X'], 'servers add needs -- <command> [args...] (a stdio server) or --url URL'],
    [['servers', 'add'], 'servers add needs <name>'],
    [['servers', 'add', 'X', '--url', 'https://a.test/mcp', '--', 'cmd'], 'not both'],
    [['servers', 'add', 'X', '--header', 'A: b', '--', 'cmd'], '--header applies to --url servers'],
    [
      ['servers', 'add', 'X', '--url', 'https://a.test/mcp', '--env', 'A=b'],
      '--env applies to stdio servers',
    ],
    [
      ['servers', 'add', 'X', '--sampling', 'sometimes', '--', 'cmd'],
      'invalid --sampling "sometimes": expected deny, ask, allow',
    ],
    [
      ['servers', 'add', 'X', '--protocol', '2024', '--', 'cmd'],
      'invalid --protocol "2024": expected auto, 2026-07-28, 2025-11-25',
    ],
    [['servers', 'add', 'X', '--env', 'A=1', '--env', 'A=2', '--', 'cmd'], '--env A is given more than once'],
    [['servers', 'add', 'X', '--env', '1BAD=v', '--', 'cmd'], 'invalid server: env.1BAD'],
    [['servers', 'add', 'X', '--url', 'ftp://a.test/mcp'], 'url must be an http(s) URL'],
    [
      ['servers', 'add', 'X', '--url', 'https://a.test/mcp', '--header', 'a: 1', '--header', 'A: 2'],
      '--header A is given more than once',
    ],
    [['servers', 'remove', 'x', '--', 'cmd'], '"--" does not apply to servers remove'],
    [['servers', 'remove'], 'servers remove needs <name|id>'],
  ])('exits 2 for %j naming the problem', async (argv, message) => {
    const result = await runMcpDesk(['--home', home, ...argv])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
    expect(result.stderr).toContain('Usage: mcp-desk')
    expect(fs.existsSync(path.join(home, 'settings.json')) ? servers() : []).toEqual([])
  })

  it('never echoes a malformed value: it may be a token', async () => {
    for (const argv of [
      ['--url', 'https://a.test/mcp', '--header', 'Bearer tok3n-no-colon'],
      ['--env', '=tok3n-no-name', '--', 'cmd'],
    ]) {
      const result = await runMcpDesk(['--home', home, 'servers', 'add', 'X', ...argv])
      expect(result.code).toBe(2)
      expect(result.stderr).not.toContain('tok3n')
    }
  })
})

describe('mcp-desk servers remove / enable / disable', () => {
  it('removes a server named in any case, with the secrets it owns and no others', async () => {
    await expectExit(
      [
        '--home',
        home,
        'servers',
        'add',
        'Fixture',
        '--env',
        `TOKEN=${ENV_SECRET}`,
        ...fixtureServerCommand(),
      ],
      0,
    )
    await expectExit(['--home', home, 'servers', 'add', 'Keep', '--secret-env', 'OTHER=x', '--', 'cmd'], 0)
    openNodeProfile(home).secrets.set('user-key', 'not-owned-by-a-server')

    const removed = await expectExit(['--home', home, 'servers', 'remove', 'FIXTURE'], 0)
    expect(removed.stdout).toContain('Removed server "Fixture" (fixture)')
    expect(removed.stdout).toContain('server.fixture.env.TOKEN')
    expect(servers().map((server) => server.id)).toEqual(['keep'])
    const shown = await expectExit(['--home', home, 'config', 'show', '--json'], 0)
    expect(JSON.parse(shown.stdout).secretNames.sort()).toEqual(['server.keep.env.OTHER', 'user-key'])
  })

  it('turns a server off and on by id', async () => {
    await expectExit(['--home', home, 'servers', 'add', 'Toggle', '--', 'cmd'], 0)
    expect((await expectExit(['--home', home, 'servers', 'disable', 'toggle'], 0)).stdout).toContain(
      'is disabled',
    )
    expect(servers()[0]?.enabled).toBe(false)
    await expectExit(['--home', home, 'servers', 'enable', 'Toggle'], 0)
    expect(servers()[0]?.enabled).toBe(true)
  })

  it('names an unknown server and lists the configured ids; an ambiguous name lists the candidates', async () => {
    await expectExit(['--home', home, 'servers', 'add', 'My Server', '--', 'a'], 0)
    await expectExit(['--home', home, 'servers', 'add', 'my server', '--', 'b'], 0)
    const unknown = await runMcpDesk(['--home', home, 'servers', 'remove', 'nope'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('no server "nope" (configured ids: my-server, my-server-2)')
    const ambiguous = await runMcpDesk(['--home', home, 'servers', 'remove', 'MY SERVER'])
    expect(ambiguous.code).toBe(1)
    expect(ambiguous.stderr).toContain(
      '2 servers are named "MY SERVER"; name one by its id: my-server, my-server-2',
    )
    expect(servers()).toHaveLength(2)
  })
})
