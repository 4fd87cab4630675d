// `servers add --url` with the remote-only flags: --transport http|sse and the OAuth client settings (a
// client id metadata URL among them), the client secret read from stdin into the secret store. Called
// in-process with parsed option values.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseCommandLine } from '../../../src/cli/cli-args'
import { UsageError, type CliIo } from '../../../src/cli/cli-io'
import { addServer } from '../../../src/cli/commands/servers-edit-command'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { tempHome, type TempHome } from '../../support/temp-home'

const CLIENT_SECRET = 'oauth-client-secret-6613'

let temp: TempHome
let home: string
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-remote-')
  home = path.join(temp.dir, 'home')
})
afterEach(() => temp.cleanup())

function io(stdinLines: string[] = []): CliIo & { out: string[] } {
  const out: string[] = []
  return {
    out,
    stdout: (text) => out.push(text),
    stderr: (text) => out.push(text),
    env: {},
    stdinIsTty: false,
    readLine: () => Promise.resolve(stdinLines.shift() ?? null),
  }
}

function add(values: Record<string, unknown>, stdinLines: string[] = []) {
  const cli = io(stdinLines)
  return addServer(home, 'Remote', values, [], cli).then((code) => ({
    code,
    out: cli.out.join(''),
  }))
}

function settingsText(): string {
  return fs.readFileSync(path.join(home, 'settings.json'), 'utf8')
}

describe('servers add --url: transport and OAuth flags', () => {
  it('--transport sse adds a legacy SSE server; without it the server is Streamable HTTP', async () => {
    await add({ url: 'https://legacy.example/sse', transport: 'sse' })
    const [server] = (JSON.parse(settingsText()) as { servers: Array<Record<string, unknown>> }).servers
    expect(server).toMatchObject({ id: 'remote', transport: 'sse', url: 'https://legacy.example/sse' })

    await addServer(home, 'Plain', { url: 'https://plain.example/mcp' }, [], io())
    expect(settingsText()).toContain('"transport": "http"')
  })

  it('stores the client secret read from stdin as a secret, with the client id and scopes in settings', async () => {
    const { code, out } = await add(
      {
        url: 'https://mcp.example.com/mcp',
        'oauth-client-id': 'desk-client',
        'oauth-client-secret-stdin': true,
        'oauth-scope': ['read', 'write admin'],
      },
      [CLIENT_SECRET],
    )

    expect(code).toBe(0)
    const [server] = (JSON.parse(settingsText()) as { servers: Array<Record<string, unknown>> }).servers
    expect(server).toMatchObject({
      transport: 'http',
      oauth: {
        clientId: 'desk-client',
        clientSecret: { secret: 'server.remote.oauth.clientSecret' },
        scopes: ['read', 'write', 'admin'],
      },
    })
    expect(openNodeProfile(home).secrets.get('server.remote.oauth.clientSecret')).toBe(CLIENT_SECRET)
    expect(out).toContain('header and OAuth client secret values stored as secrets')
    expect(out + settingsText()).not.toContain(CLIENT_SECRET)
  })

  it('--oauth-client-metadata-url stores a URL-based client id in settings', async () => {
    const url = 'https://desk.example.org/oauth/client.json'
    const parsed = parseCommandLine([
      'servers',
      'add',
      'Remote',
      '--url',
      'https://mcp.example.com/mcp',
      '--oauth-client-metadata-url',
      url,
      '--oauth-scope',
      'read',
    ])
    if (parsed.kind !== 'command') throw new Error('expected a command')
    expect(parsed.name).toBe('servers add')

    const { code } = await add(parsed.values)

    expect(code).toBe(0)
    const [server] = (JSON.parse(settingsText()) as { servers: Array<Record<string, unknown>> }).servers
    expect(server).toMatchObject({ oauth: { clientMetadataUrl: url, scopes: ['read'] } })
    expect(server).not.toHaveProperty('oauth.clientId')
  })

  it('refuses a client id metadata URL that is not https with a path, or given for a stdio server', async () => {
    await expect(
      add({ url: 'https://a.example/mcp', 'oauth-client-metadata-url': 'http://desk.example.org/c.json' }),
    ).rejects.toThrow('a client id metadata document URL must be an https URL')
    await expect(
      add({ url: 'https://a.example/mcp', 'oauth-client-metadata-url': 'https://desk.example.org' }),
    ).rejects.toThrow('a client id metadata document URL needs a path')
    await expect(
      addServer(home, 'Local', { 'oauth-client-metadata-url': 'https://d.example/c.json' }, ['x'], io()),
    ).rejects.toThrow('--oauth-client-metadata-url applies to --url servers')
    expect(fs.existsSync(path.join(home, 'settings.json')) ? settingsText() : '').not.toContain('"Remote"')
  })

  it('refuses remote-only flags for stdio servers, an unknown transport and a secret without a client', async () => {
    const stdio = (values: Record<string, unknown>) => addServer(home, 'Local', values, ['local-mcp'], io())
    await expect(stdio({ transport: 'sse' })).rejects.toThrow('--transport applies to --url servers')
    await expect(stdio({ 'oauth-client-id': 'x' })).rejects.toThrow(
      '--oauth-client-id applies to --url servers',
    )
    await expect(add({ url: 'https://a.example/mcp', transport: 'websocket' })).rejects.toThrow(
      'invalid --transport "websocket": expected http, sse',
    )
    await expect(add({ url: 'https://a.example/mcp', 'oauth-client-secret-stdin': true })).rejects.toThrow(
      UsageError,
    )
    await expect(
      add({ url: 'https://a.example/mcp', 'oauth-client-id': 'c', 'oauth-client-secret-stdin': true }, []),
    ).rejects.toThrow('stdin held no client secret')
    expect(fs.existsSync(path.join(home, 'settings.json')) ? settingsText() : '').not.toContain('"Remote"')
  })
})
