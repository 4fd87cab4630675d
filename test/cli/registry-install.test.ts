// `mcp-desk registry install` and `mcp-desk import <install link>` over the fixture registry: an npm entry
// installed and then connected for real, a bundle with a wrong SHA-256 refused with nothing written, a
// remote entry's URL variable and secret header, shell metacharacters kept as literal arguments, missing
// runtimes named, and a Cursor link added turned off.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/fixture-registry'
import { tempHome, type TempHome } from '../support/temp-home'
import { expectExit, runMcpDesk } from './support/cli-harness'

let temp: TempHome
let home: string
let registry: FixtureRegistry
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-registry-install-')
  home = path.join(temp.dir, 'home')
  registry = await startFixtureRegistry()
})
afterEach(async () => {
  await registry.close()
  await temp.cleanup()
})

interface SavedServer {
  name: string
  enabled: boolean
  transport: string
  command?: string
  args?: string[]
  url?: string
  env?: Record<string, unknown>
  headers?: Record<string, unknown>
}

function savedServers(): SavedServer[] {
  const file = path.join(home, 'settings.json')
  if (!fs.existsSync(file)) return []
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { servers?: SavedServer[] }).servers ?? []
}

/** The PATH the CLI sees: this machine's, so npx is found. */
const env = { PATH: process.env.PATH ?? '' }

describe('mcp-desk registry install', () => {
  it('installs an npm entry with npx (no shell), and the server then connects and lists its tools', async () => {
    const run = await expectExit(
      [
        '--home',
        home,
        'registry',
        'install',
        'io.github.modelcontextprotocol/server-memory',
        '--registry',
        registry.url,
        '--yes',
      ],
      0,
      { env },
    )
    expect(run.stdout).toContain('From the MCP registry at ')
    expect(run.stdout).toMatch(/Added "Knowledge Graph Memory" with id /)
    const [server] = savedServers()
    expect(server).toMatchObject({
      name: 'Knowledge Graph Memory',
      enabled: true,
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'],
    })

    // `servers tools` connects it over stdio: npx finds the package in this repository's node_modules.
    const tools = await expectExit(['--home', home, 'servers', 'tools', 'Knowledge Graph Memory'], 0, {
      env: { ...env, npm_config_offline: 'true' },
    })
    expect(tools.stdout).toContain('create_entities')
  })

  it('refuses a bundle whose SHA-256 differs from the registry entry, and writes nothing', async () => {
    const run = await runMcpDesk(
      ['--home', home, 'registry', 'install', 'io.example/bad-bundle', '--registry', registry.url, '--yes'],
      { env },
    )
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/cannot install io\.example\/bad-bundle: .*SHA-256/)
    expect(savedServers()).toEqual([])
    expect(fs.existsSync(path.join(home, 'bundles'))).toBe(false)
  })

  it('fills a remote entry’s URL variable and keeps its secret header in the secret store', async () => {
    const token = 'Bearer cli-remote-secret-7731'
    const args = [
      '--home',
      home,
      'registry',
      'install',
      'io.example/remote-tenant',
      '--registry',
      registry.url,
    ]
    const preview = await expectExit(args, 0, { env })
    expect(preview.stdout).toContain('${input:tenant}')
    expect(preview.stderr).toContain('Nothing was written.')
    expect(savedServers()).toEqual([])

    await expectExit([...args, '--set', 'tenant=acme', '--set', `Authorization=${token}`, '--yes'], 0, {
      env,
    })
    const [server] = savedServers()
    expect(server).toMatchObject({
      transport: 'http',
      url: 'https://acme.mcp.example.com/mcp',
      enabled: true,
    })
    expect(fs.readFileSync(path.join(home, 'settings.json'), 'utf8')).not.toContain('cli-remote-secret')
  })

  it('passes shell metacharacters as literal arguments and says so', async () => {
    const run = await expectExit(
      ['--home', home, 'registry', 'install', 'io.example/shell-trap', '--registry', registry.url, '--yes'],
      0,
      { env },
    )
    expect(run.stdout).toContain('never uses a shell')
    const [server] = savedServers()
    expect(server?.command).toBe('npx')
    expect(server?.args).toEqual(expect.arrayContaining(['; rm -rf ~', '$(whoami)', '`id`', 'a|b > c']))
  })

  it('names a runtime that is not on PATH before anything is written', async () => {
    const run = await expectExit(
      ['--home', home, 'registry', 'install', 'io.example/containers', '--registry', registry.url],
      0,
      { env: { PATH: path.join(temp.dir, 'empty-bin') } },
    )
    expect(run.stderr).toMatch(/docker is not on this computer's PATH\. .*Docker/)
    expect(savedServers()).toEqual([])
  })

  it('says which kinds an entry offers when --use asks for another', async () => {
    const run = await runMcpDesk(
      [
        '--home',
        home,
        'registry',
        'install',
        'io.example/weather-py',
        '--registry',
        registry.url,
        '--use',
        'oci',
      ],
      { env },
    )
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('io.example/weather-py has no oci package; it offers pypi')
  })
})

describe('mcp-desk import <install link>', () => {
  it('previews a Cursor link and adds its server turned off', async () => {
    const config = Buffer.from(JSON.stringify({ command: 'node', args: ['server.js'] })).toString('base64')
    const link = `cursor://anysphere.cursor-deeplink/mcp/install?name=echo&config=${encodeURIComponent(config)}`
    const run = await expectExit(['--home', home, 'import', link, '--yes'], 0, { env })
    expect(run.stdout).toContain('Added turned off')
    expect(savedServers()).toEqual([
      expect.objectContaining({ name: 'echo', enabled: false, command: 'node', args: ['server.js'] }),
    ])
  })

  it('refuses a link whose payload is not JSON, with nothing written', async () => {
    const run = await runMcpDesk(
      ['--home', home, 'import', 'cursor://anysphere.cursor-deeplink/mcp/install?name=x&config=%%%', '--yes'],
      { env },
    )
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('cannot install from this link')
    expect(savedServers()).toEqual([])
  })
})
