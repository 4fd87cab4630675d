import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, runMcpDesk } from '../support/cli-harness'

let temp: TempHome
let home: string
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-plain-')
  home = path.join(temp.dir, 'home')
})
afterEach(() => temp.cleanup())

function settingsText(): string {
  return fs.readFileSync(path.join(home, 'settings.json'), 'utf8')
}

function firstServer(): Record<string, unknown> {
  return (JSON.parse(settingsText()) as { servers: Array<Record<string, unknown>> }).servers[0]!
}

describe('mcp-desk servers add: plain and secret values', () => {
  it('keeps env values plain or secret by their names, and as --plain-env / --secret-env say', async () => {
    const added = await expectExit(
      [
        '--home',
        home,
        'servers',
        'add',
        'Memory',
        '--env',
        'MEMORY_FILE_PATH=/home/me/memory.json',
        '--env',
        'API_KEY=k3y-value-1',
        '--secret-env',
        'LOG_LEVEL=quiet-but-secret',
        '--plain-env',
        'AUTH_MODE=oauth',
        '--env',
        'FROM_SHELL',
        '--plain-env',
        'PLAIN_FROM_SHELL',
        '--',
        'memory-mcp',
      ],
      0,
      { env: { FROM_SHELL: 'shell-value-2', PLAIN_FROM_SHELL: '/srv/data' } },
    )
    expect(firstServer().env).toEqual({
      MEMORY_FILE_PATH: '/home/me/memory.json',
      API_KEY: { secret: 'server.memory.env.API_KEY' },
      LOG_LEVEL: { secret: 'server.memory.env.LOG_LEVEL' },
      AUTH_MODE: 'oauth',
      // A value read from the shell stays out of settings.json unless --plain-env says otherwise.
      FROM_SHELL: { secret: 'server.memory.env.FROM_SHELL' },
      PLAIN_FROM_SHELL: '/srv/data',
    })
    const secrets = openNodeProfile(home).secrets
    expect(secrets.get('server.memory.env.API_KEY')).toBe('k3y-value-1')
    expect(secrets.get('server.memory.env.LOG_LEVEL')).toBe('quiet-but-secret')
    for (const secret of ['k3y-value-1', 'quiet-but-secret', 'shell-value-2']) {
      expect(settingsText()).not.toContain(secret)
      expect(added.stdout + added.stderr).not.toContain(secret)
    }
    expect(added.stdout).toContain('plain env values')
    expect(added.stdout).toContain('MEMORY_FILE_PATH, AUTH_MODE, PLAIN_FROM_SHELL')

    // config show prints a plain value as it is, a secret only as its name.
    const shown = await expectExit(['--home', home, 'config', 'show', '--json'], 0)
    expect(JSON.parse(shown.stdout).settings.servers[0].env).toMatchObject({
      MEMORY_FILE_PATH: { plain: '/home/me/memory.json' },
      API_KEY: { secret: 'server.memory.env.API_KEY' },
    })
  })

  it('does the same for headers with --plain-header and --secret-header', async () => {
    await expectExit(
      [
        '--home',
        home,
        'servers',
        'add',
        'Remote',
        '--url',
        'https://mcp.example.test/mcp',
        '--header',
        'X-Region: eu',
        '--header',
        'Authorization: Bearer b3arer',
        '--secret-header',
        'X-Tenant: t3nant',
        '--plain-header',
        'X-Auth-Mode: basic',
      ],
      0,
    )
    expect(firstServer().headers).toEqual({
      'X-Region': 'eu',
      Authorization: { secret: 'server.remote.header.Authorization' },
      'X-Tenant': { secret: 'server.remote.header.X-Tenant' },
      'X-Auth-Mode': 'basic',
    })
    expect(settingsText()).not.toContain('b3arer')
    expect(settingsText()).not.toContain('t3nant')
  })

  it.each([
    [['--env', 'A=1', '--plain-env', 'A=2', '--', 'cmd'], '--env A is given more than once'],
    [
      ['--url', 'https://a.test/mcp', '--header', 'A: 1', '--secret-header', 'a: 2'],
      '--header a is given more than once',
    ],
    [['--url', 'https://a.test/mcp', '--plain-env', 'A=1'], '--plain-env applies to stdio servers'],
    [['--plain-header', 'A: 1', '--', 'cmd'], '--plain-header applies to --url servers'],
    [['--secret-header', 'no colon', '--url', 'https://a.test/mcp'], 'a --secret-header has no ":"'],
  ])('exits 2 for %j naming the problem', async (argv, message) => {
    const result = await runMcpDesk(['--home', home, 'servers', 'add', 'X', ...argv])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
  })
})
