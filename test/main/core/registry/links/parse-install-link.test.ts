// Install links as their clients write them (MCP Desk's own, VS Code's, Cursor's, Cherry Studio's): each
// server maps exactly as the same entry in that client's file, garbage is refused in a sentence, and a
// link's servers are added disabled.
import { describe, expect, it } from 'vitest'
import { BundleImportService } from '../../../../../src/main/core/config/import/bundle-import-service'
import { ImportService } from '../../../../../src/main/core/config/import/import-service'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ServerConfigService } from '../../../../../src/main/core/mcp/server-config-service'
import { RegistryInstaller } from '../../../../../src/main/core/registry/install/registry-installer'
import {
  parseInstallLink,
  type InstallLink,
} from '../../../../../src/main/core/registry/links/parse-install-link'
import { IpcFailure } from '../../../../../src/shared/ipc/ipc-error'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'

const json = (value: unknown) => JSON.stringify(value)
const base64 = (value: unknown) => Buffer.from(json(value)).toString('base64')
const base64url = (value: unknown) => Buffer.from(json(value)).toString('base64url')

const memoryEntry = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] }
// `?`, `>` and `~` in the JSON give `+` and `/` in standard base64: the links carry them unescaped.
const postgresEntry = {
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://localhost/db?x=>>>~~~'],
  env: { PGPASSWORD: 'hunter2' },
}
const vscodeGithub = { name: 'github', type: 'http', url: 'https://api.githubcopilot.com/mcp/' }
const vscodeLink = `vscode:mcp/install?${encodeURIComponent(json(vscodeGithub))}`

function config(link: string): Extract<InstallLink, { kind: 'config' }> {
  const parsed = parseInstallLink(link)
  if (parsed.kind !== 'config') throw new Error('expected servers')
  return parsed
}

const inputs = (link: string) => config(link).parsed.servers.map((server) => server.input)

describe('parseInstallLink: formats', () => {
  it.each([
    [
      'mcp-desk inline config',
      `mcp-desk://install?config=${base64url({ name: 'memory', ...memoryEntry })}`,
      [{ name: 'memory', transport: 'stdio', ...memoryEntry, env: {} }],
    ],
    [
      'VS Code (remote)',
      vscodeLink,
      [{ name: 'github', transport: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: {} }],
    ],
    [
      'VS Code Insiders (stdio)',
      `vscode-insiders:mcp/install?${encodeURIComponent(json({ name: 'memory', type: 'stdio', ...memoryEntry }))}`,
      [{ name: 'memory', transport: 'stdio', ...memoryEntry }],
    ],
    [
      'the insiders.vscode.dev redirect',
      `https://insiders.vscode.dev/redirect?url=${encodeURIComponent(vscodeLink)}`,
      [{ name: 'github', transport: 'http', url: 'https://api.githubcopilot.com/mcp/' }],
    ],
    [
      'Cursor',
      `cursor://anysphere.cursor-deeplink/mcp/install?name=postgres&config=${base64(postgresEntry)}`,
      [
        {
          name: 'postgres',
          transport: 'stdio',
          command: 'npx',
          args: postgresEntry.args,
          env: { PGPASSWORD: { value: 'hunter2' } },
        },
      ],
    ],
    [
      'Cherry Studio mcpServers',
      `cherrystudio://mcp/install?servers=${base64({ mcpServers: { fetch: { command: 'uvx', args: ['mcp-server-fetch'], isActive: true } } })}`,
      [{ name: 'fetch', transport: 'stdio', command: 'uvx', args: ['mcp-server-fetch'] }],
    ],
    [
      'Cherry Studio list, with its own URL-safe base64',
      `cherrystudio://mcp/install?servers=${base64([
        { name: 'docs', type: 'streamableHttp', baseUrl: 'https://docs.example/mcp?q=>>>~~~' },
        { name: 'events', type: 'sse', baseUrl: 'https://events.example/sse' },
      ])
        .replaceAll('+', '_')
        .replaceAll('/', '-')}`,
      [
        { name: 'docs', transport: 'http', url: 'https://docs.example/mcp?q=>>>~~~' },
        { name: 'events', transport: 'sse', url: 'https://events.example/sse' },
      ],
    ],
    [
      'Cherry Studio single server',
      `cherrystudio://mcp/install?servers=${encodeURIComponent(base64({ name: 'memory', type: 'stdio', ...memoryEntry }))}`,
      [{ name: 'memory', transport: 'stdio', ...memoryEntry }],
    ],
  ])('%s', (_label, link, expected) => {
    const parsed = config(link)
    expect(parsed.parsed.format).toBe('install-link')
    expect(parsed.origin).toMatch(/^an install link \(/)
    expect(parsed.origin).not.toContain('?')
    expect(inputs(link)).toEqual(expected.map((server) => expect.objectContaining(server)))
  })

  it('maps a link server exactly as the same entry in that client file', () => {
    const fromLink = config(
      `cursor://anysphere.cursor-deeplink/mcp/install?name=postgres&config=${base64({ ...postgresEntry, envFile: '.env' })}`,
    ).parsed.servers[0]
    const fromFile = parseMcpConfig(
      json({ mcpServers: { postgres: { ...postgresEntry, envFile: '.env' } } }),
      {
        fileName: 'mcp.json',
      },
    ).servers[0]
    expect(fromLink).toEqual(fromFile)
  })

  it('keeps VS Code inputs as placeholders and reads a registry reference', () => {
    const link = `vscode:mcp/install?${encodeURIComponent(
      json({
        name: 'gh',
        command: 'gh-mcp',
        env: { GH_TOKEN: '${input:token}' },
        inputs: [{ id: 'token', type: 'promptString', description: 'GitHub token', password: true }],
      }),
    )}`
    expect(config(link).parsed.placeholders).toEqual([
      {
        token: '${input:token}',
        kind: 'input',
        name: 'token',
        description: 'GitHub token',
        secret: true,
        locations: ['gh: env.GH_TOKEN'],
      },
    ])
    expect(
      parseInstallLink(
        'mcp-desk://install?name=io.github.x%2Fy&version=2.0.0&registry=https%3A%2F%2Fmirror.example',
      ),
    ).toEqual({
      kind: 'registry',
      request: { name: 'io.github.x/y', version: '2.0.0', registryUrl: 'https://mirror.example' },
      origin: 'an install link (mcp-desk://install)',
    })
  })
})

describe('parseInstallLink: refusals', () => {
  const cherry = (payload: unknown) => `cherrystudio://mcp/install?servers=${base64(payload)}`
  it.each([
    ['not a link', 'just some text', 'it is not a link'],
    ['another scheme', 'zed://extension/install?id=x', '"zed:" links are not install links'],
    ['a web page', 'https://example.com/mcp', '"https:" links are not install links'],
    [
      'a redirect to elsewhere',
      'https://vscode.dev/redirect?url=https%3A%2F%2Fevil.example',
      'does not carry a vscode: install link',
    ],
    ['wrong path', 'cursor://anysphere.cursor-deeplink/settings?name=x', 'it is not an install link'],
    [
      'garbage base64',
      'cursor://anysphere.cursor-deeplink/mcp/install?name=x&config=!!!',
      'its config is not base64',
    ],
    [
      'base64 of no JSON',
      `cursor://anysphere.cursor-deeplink/mcp/install?name=x&config=${Buffer.from('hello').toString('base64')}`,
      'its config is not base64 of JSON',
    ],
    [
      'no name',
      `cursor://anysphere.cursor-deeplink/mcp/install?config=${base64(memoryEntry)}`,
      'it names no server',
    ],
    [
      'JSON that is no entry',
      `vscode:mcp/install?${encodeURIComponent('[1,2]')}`,
      'its server is not a JSON object',
    ],
    ['broken escape', 'vscode:mcp/install?%E0%A4%A', 'it has a broken %-escape'],
    ['bad JSON', 'vscode:mcp/install?{name:', 'its server is not JSON'],
    ['neither name nor config', 'mcp-desk://install?x=1', 'it has neither name=… nor config=…'],
    [
      'a server without command or URL',
      `mcp-desk://install?config=${base64url({ name: 'x', foo: 1 })}`,
      '"x" was not imported: it has neither a command nor a URL',
    ],
    [
      'only a built-in Cherry server',
      cherry({ name: '@cherry/memory', type: 'inMemory' }),
      'its type "inMemory" is not one MCP Desk knows',
    ],
    [
      'too many servers',
      cherry(Array.from({ length: 21 }, (_, i) => ({ name: `s${i}`, command: 'x' }))),
      'it lists 21 servers; a link may add at most 20',
    ],
    ['too long', `vscode:mcp/install?${'a'.repeat(70_000)}`, 'it is longer than 64 KiB'],
  ])('%s', (_label, link, message) => {
    let caught: unknown
    try {
      parseInstallLink(link)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(IpcFailure)
    expect((caught as IpcFailure).code).toBe('validation_failed')
    expect((caught as IpcFailure).message).toMatch(/^This install link cannot be read: /)
    expect((caught as IpcFailure).message).toContain(message)
  })
})

describe('RegistryInstaller.previewLink', () => {
  it('adds a link server disabled, its secret-looking env value in the secret store', async () => {
    const doc = new MemoryJsonDocument()
    const settings = new SettingsService(doc)
    const secrets = new MemorySecretStore()
    const configs = new ServerConfigService(settings, secrets)
    const replace = (id: string, input: Parameters<typeof configs.update>[1]) =>
      Promise.resolve(configs.update(id, input))
    const imports = new ImportService({ parse: parseMcpConfig, configs, replace, environment: () => ({}) })
    const installer = new RegistryInstaller({
      registry: { serverJson: () => Promise.reject(new Error('no registry in this test')) },
      imports,
      bundles: new BundleImportService({ bundlesDir: '/nowhere', configs, replace }),
      download: () => Promise.reject(new Error('no downloads in this test')),
      findRuntime: (command) => Promise.resolve(command === 'npx' ? '/usr/bin/npx' : undefined),
    })
    const link = `cursor://anysphere.cursor-deeplink/mcp/install?name=postgres&config=${base64(postgresEntry)}`
    const preview = await installer.previewLink(link)
    if (preview.kind !== 'config') throw new Error('expected a config preview')
    expect(preview.missingRuntimes).toEqual([])
    expect(preview.preview).toMatchObject({
      addsDisabled: true,
      origin: 'an install link (cursor://anysphere.cursor-deeplink/mcp/install)',
      rows: [{ name: 'postgres', status: 'new', env: [{ name: 'PGPASSWORD', secret: true }] }],
    })
    await imports.apply({ previewId: preview.preview.previewId, decisions: [] })
    const [added] = configs.list()
    expect(added).toMatchObject({
      name: 'postgres',
      enabled: false,
      command: 'npx',
      args: postgresEntry.args,
    })
    expect(configs.resolveValues(added!)).toEqual({ PGPASSWORD: 'hunter2' })
    expect(JSON.stringify(doc.read())).not.toContain('hunter2')
    await expect(installer.previewLink('mailto:someone@example.com')).rejects.toThrow(
      '"mailto:" links are not install links',
    )
  })
})
