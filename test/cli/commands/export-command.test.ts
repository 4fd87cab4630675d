// `mcp-desk export`: the profile's servers in another client's format, secrets only as placeholders, and
// the way back: importing the exported file into a fresh profile gives the same servers.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { ServerConfigService } from '../../../src/main/core/mcp/server-config-service'
import type { ServerConfig } from '../../../src/shared/settings/settings-schema'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, runMcpDesk } from '../support/cli-harness'

const ENV_SECRET = 'env-secret-value-31415'
const HEADER_SECRET = 'Bearer header-secret-27182'

let temp: TempHome
let source: string
let target: string
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-export-')
  source = path.join(temp.dir, 'source')
  target = path.join(temp.dir, 'target')
})
afterEach(() => temp.cleanup())

function configsOf(home: string): ServerConfigService {
  const profile = openNodeProfile(home)
  return new ServerConfigService(profile.settings, profile.secrets)
}

/** Two servers with secrets: a stdio one with an env value, a remote one with a header. */
async function configureSource(): Promise<void> {
  await expectExit(
    [
      '--home',
      source,
      'servers',
      'add',
      'notes',
      '--env',
      `NOTES_TOKEN=${ENV_SECRET}`,
      '--',
      'notes-mcp',
      '--fast',
    ],
    0,
  )
  await expectExit(
    [
      '--home',
      source,
      'servers',
      'add',
      'remote',
      '--url',
      'https://mcp.example.com/mcp',
      '--header',
      `Authorization: ${HEADER_SECRET}`,
    ],
    0,
  )
}

/** What a server is, independent of ids and of where its values are stored. */
function essence(configs: ServerConfigService, server: ServerConfig) {
  const common = { name: server.name, transport: server.transport, values: configs.resolveValues(server) }
  return server.transport === 'stdio'
    ? { ...common, command: server.command, args: server.args }
    : { ...common, url: server.url }
}

function exportTo(format: string, file: string) {
  return expectExit(['--home', source, 'export', '--format', format, '--out', file], 0)
}

describe('mcp-desk export', () => {
  it('prints the servers as a Claude Desktop file with secrets as placeholders', async () => {
    await configureSource()
    const run = await expectExit(['--home', source, 'export', '--format', 'claude-desktop'], 0)
    const document = JSON.parse(run.stdout)
    expect(document.mcpServers.notes).toEqual({
      command: 'notes-mcp',
      args: ['--fast'],
      env: { NOTES_TOKEN: '${NOTES_TOKEN}' },
    })
    expect(document.mcpServers.remote.command).toBe('npx')
    expect(run.stderr).toContain('Secret env, header and OAuth client secret values are not exported')
    for (const secret of [ENV_SECRET, HEADER_SECRET, 'header-secret-27182']) {
      expect(run.stdout + run.stderr).not.toContain(secret)
    }
  })

  it('writes --out FILE, and refuses to overwrite it unless --yes', async () => {
    await configureSource()
    const file = path.join(temp.dir, 'mcp.json')
    const written = await exportTo('cursor', file)
    expect(written.stdout).toBe(`Wrote 2 servers to ${file}\n`)
    const text = fs.readFileSync(file, 'utf8')
    expect(JSON.parse(text).mcpServers.remote).toEqual({
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: '${env:REMOTE_AUTHORIZATION}' },
    })
    expect(text).not.toContain(ENV_SECRET)
    expect(text).not.toContain('header-secret-27182')

    fs.writeFileSync(file, 'keep me')
    const refused = await runMcpDesk(['--home', source, 'export', '--format', 'vscode', '--out', file])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`${file} already exists; pass --yes to overwrite it`)
    expect(fs.readFileSync(file, 'utf8')).toBe('keep me')

    await expectExit(['--home', source, 'export', '--format', 'vscode', '--out', file, '--yes'], 0)
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).servers.notes.type).toBe('stdio')
  })

  it('needs a known --format', async () => {
    const missing = await runMcpDesk(['--home', source, 'export'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('export needs --format claude-desktop|vscode|cursor')
    const unknown = await runMcpDesk(['--home', source, 'export', '--format', 'zed'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('invalid --format "zed": expected claude-desktop|vscode|cursor')
  })

  it('exports an empty profile as a file with no servers', async () => {
    const run = await expectExit(['--home', source, 'export', '--format', 'vscode'], 0)
    expect(JSON.parse(run.stdout)).toEqual({ servers: {} })
    expect(run.stderr).toContain('No servers are configured')
  })
})

describe('export, then import into a fresh profile', () => {
  it.each([
    [
      'vscode',
      [
        '--set',
        `\${input:server.notes.env.NOTES_TOKEN}=${ENV_SECRET}`,
        '--set',
        `\${input:server.remote.header.Authorization}=${HEADER_SECRET}`,
      ],
    ],
    ['cursor', ['--set', `NOTES_TOKEN=${ENV_SECRET}`, '--set', `REMOTE_AUTHORIZATION=${HEADER_SECRET}`]],
  ])('gives the same servers for %s', async (format, sets) => {
    await configureSource()
    const file = path.join(temp.dir, `${format}.json`)
    await exportTo(format, file)
    const run = await expectExit(['--home', target, 'import', file, '--yes', ...sets], 0)
    expect(run.stdout + run.stderr).not.toContain(ENV_SECRET)

    const before = configsOf(source)
    const after = configsOf(target)
    expect(after.list().map((server) => essence(after, server))).toEqual(
      before.list().map((server) => essence(before, server)),
    )
    expect(fs.readFileSync(path.join(target, 'settings.json'), 'utf8')).not.toContain(ENV_SECRET)
  })

  it('gives the same stdio servers for claude-desktop, and a remote one back as its mcp-remote bridge', async () => {
    await configureSource()
    const file = path.join(temp.dir, 'claude_desktop_config.json')
    await exportTo('claude-desktop', file)
    await expectExit(
      [
        '--home',
        target,
        'import',
        file,
        '--yes',
        '--set',
        `NOTES_TOKEN=${ENV_SECRET}`,
        '--set',
        `REMOTE_AUTHORIZATION=${HEADER_SECRET}`,
      ],
      0,
    )
    const before = configsOf(source)
    const after = configsOf(target)
    const notes = (configs: ServerConfigService) => configs.list().find((server) => server.name === 'notes')!
    expect(essence(after, notes(after))).toEqual(essence(before, notes(before)))

    const remote = after.list().find((server) => server.name === 'remote')!
    expect(essence(after, remote)).toEqual({
      name: 'remote',
      transport: 'stdio',
      command: 'npx',
      args: [
        '-y',
        'mcp-remote',
        'https://mcp.example.com/mcp',
        '--header',
        'Authorization:${REMOTE_AUTHORIZATION_HEADER}',
      ],
      values: { REMOTE_AUTHORIZATION_HEADER: HEADER_SECRET },
    })
    expect(fs.readFileSync(path.join(target, 'settings.json'), 'utf8')).not.toContain('header-secret-27182')
  })
})
