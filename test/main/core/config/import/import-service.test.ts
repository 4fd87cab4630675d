// Preview and apply over the real ServerConfigService (settings + secret store in memory). The parsed file
// is given as data here; the parsers have their own tests with a fixture per format.
import { describe, expect, it } from 'vitest'
import { ImportService, sameValue } from '../../../../../src/main/core/config/import/import-service'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ServerConfigService } from '../../../../../src/main/core/mcp/server-config-service'
import type { ParsedConfig } from '../../../../../src/shared/import/import-types'
import { serverInputSchema } from '../../../../../src/shared/mcp/server-input'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'

function stdio(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  return serverInputSchema.parse({
    name,
    transport: 'stdio',
    command,
    args,
    env: Object.fromEntries(Object.entries(env).map(([k, v]) => [k, { value: v }])),
  })
}

function parsedFile(): ParsedConfig {
  return {
    format: 'claude-desktop',
    servers: [
      { sourceName: 'fresh', input: stdio('fresh', 'npx', ['-y', 'fresh-mcp']), notes: [] },
      {
        sourceName: 'notes',
        input: stdio('notes', 'notes-mcp', ['--verbose'], { API_KEY: 'k-new' }),
        notes: [],
      },
      { sourceName: 'same', input: stdio('same', 'same-mcp', []), notes: ['autoApprove is not imported'] },
      { sourceName: 'clash', input: stdio('clash', 'other-mcp', []), notes: [] },
      {
        sourceName: 'github',
        input: stdio('github', 'gh-mcp', [], { GITHUB_TOKEN: '${input:gh-token}', HOME_DIR: '${env:HOME}' }),
        notes: [],
      },
    ],
    placeholders: [
      {
        token: '${input:gh-token}',
        kind: 'input',
        name: 'gh-token',
        secret: true,
        locations: ['github: env.GITHUB_TOKEN'],
      },
      { token: '${env:HOME}', kind: 'env', name: 'HOME', secret: false, locations: ['github: env.HOME_DIR'] },
    ],
    notes: [],
  }
}

function setup(environment: Record<string, string> = { HOME: '/home/ada' }) {
  const doc = new MemoryJsonDocument()
  const settings = new SettingsService(doc)
  const secrets = new MemorySecretStore()
  const configs = new ServerConfigService(settings, secrets)
  configs.add(stdio('notes', 'notes-mcp', [], { API_KEY: 'k-old' }))
  configs.add(stdio('same', 'same-mcp', []))
  configs.add(stdio('clash', 'clash-mcp', []))
  const replaced: string[] = []
  const service = new ImportService({
    parse: () => parsedFile(),
    configs,
    replace: (id, input) => {
      replaced.push(id)
      return Promise.resolve(configs.update(id, input))
    },
    environment: () => environment,
  })
  return { service, configs, doc, secrets, replaced }
}

describe('ImportService.preview', () => {
  it('says per server whether it is new, identical, changed (with the field diff) or a conflicting name', () => {
    const { service, doc } = setup()
    const before = JSON.stringify(doc.read())
    const preview = service.preview('{}', 'claude_desktop_config.json')
    const byName = Object.fromEntries(preview.rows.map((row) => [row.sourceName, row]))
    expect(byName.fresh).toMatchObject({
      status: 'new',
      defaultAction: 'add',
      actions: ['add', 'rename', 'skip'],
    })
    expect(byName.same).toMatchObject({
      status: 'identical',
      defaultAction: 'skip',
      notes: ['autoApprove is not imported'],
    })
    expect(byName.notes).toMatchObject({ status: 'changed', existing: { id: 'notes', name: 'notes' } })
    expect(byName.notes!.changes).toEqual([
      { field: 'args', before: '', after: '--verbose' },
      { field: 'env.API_KEY', before: '(hidden)', after: '(changed)' },
    ])
    expect(byName.clash).toMatchObject({ status: 'conflict', actions: ['replace', 'rename', 'skip'] })
    expect(preview.formatLabel).toContain('Claude Desktop')
    expect(preview.placeholders.map((p) => [p.token, p.inEnvironment])).toEqual([
      ['${input:gh-token}', false],
      ['${env:HOME}', true],
    ])
    expect(JSON.stringify(preview)).not.toContain('k-new')
    expect(JSON.stringify(preview)).not.toContain('k-old')
    expect(JSON.stringify(doc.read())).toBe(before)
  })
})

describe('ImportService.apply', () => {
  it('writes only what was chosen: add, replace, rename and skip; secrets go to the secret store', async () => {
    const { service, configs, doc, secrets, replaced } = setup()
    const { previewId } = service.preview('{}')
    const result = await service.apply({
      previewId,
      decisions: [
        { sourceName: 'notes', action: 'replace' },
        { sourceName: 'clash', action: 'rename', newName: 'clash (imported)' },
      ],
      placeholderValues: { '${input:gh-token}': 'ghp_secret' },
      useEnvironment: true,
    })
    expect(result.added.map((a) => a.name)).toEqual(['fresh', 'clash (imported)', 'github'])
    expect(result.replaced).toEqual([{ id: 'notes', name: 'notes' }])
    expect(result.skipped).toEqual(['same'])
    expect(replaced).toEqual(['notes'])
    const github = configs.list().find((c) => c.name === 'github')!
    expect(configs.resolveValues(github)).toEqual({ GITHUB_TOKEN: 'ghp_secret', HOME_DIR: '/home/ada' })
    expect(JSON.stringify(doc.read())).not.toContain('ghp_secret')
    expect(secrets.list().some((name) => name.includes('GITHUB_TOKEN'))).toBe(true)
    // As its preview row said: a secret-looking name goes to the store, any other stays plain in settings.
    expect(github.transport === 'stdio' && github.env).toEqual({
      GITHUB_TOKEN: { secret: `server.${github.id}.env.GITHUB_TOKEN` },
      HOME_DIR: '/home/ada',
    })
    const notes = configs.list().find((c) => c.id === 'notes')!
    expect(configs.resolveValues(notes)).toEqual({ API_KEY: 'k-new' })
    await expect(service.apply({ previewId, decisions: [] })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('writes nothing when a placeholder has no value, and names it', async () => {
    const { service, doc } = setup({})
    const before = JSON.stringify(doc.read())
    const { previewId } = service.preview('{}')
    await expect(service.apply({ previewId, decisions: [], useEnvironment: true })).rejects.toThrow(
      'no value for ${input:gh-token}, ${env:HOME}',
    )
    expect(JSON.stringify(doc.read())).toBe(before)
  })

  it('reads the environment only with consent', async () => {
    const { service } = setup()
    const { previewId } = service.preview('{}')
    await expect(
      service.apply({ previewId, decisions: [], placeholderValues: { '${input:gh-token}': 't' } }),
    ).rejects.toThrow('no value for ${env:HOME}')
  })

  it('refuses actions a row does not allow, unknown rows, a rename without a name or onto a taken name', async () => {
    const { service, doc } = setup()
    const before = JSON.stringify(doc.read())
    const { previewId } = service.preview('{}')
    const skipGithub = { sourceName: 'github', action: 'skip' as const }
    await expect(
      service.apply({ previewId, decisions: [skipGithub, { sourceName: 'fresh', action: 'replace' }] }),
    ).rejects.toThrow('"fresh" cannot be imported with "replace" (new)')
    await expect(
      service.apply({ previewId, decisions: [skipGithub, { sourceName: 'nope', action: 'add' }] }),
    ).rejects.toThrow('the file has no server "nope"')
    await expect(
      service.apply({ previewId, decisions: [skipGithub, { sourceName: 'clash', action: 'rename' }] }),
    ).rejects.toThrow('give "clash" a new name')
    await expect(
      service.apply({
        previewId,
        decisions: [skipGithub, { sourceName: 'clash', action: 'rename', newName: 'Notes' }],
      }),
    ).rejects.toMatchObject({ code: 'conflict' })
    expect(JSON.stringify(doc.read())).toBe(before)
  })

  it('reads a file imported before as identical though its placeholders are not resolved yet', async () => {
    const { service } = setup()
    const first = service.preview('{}')
    await service.apply({
      previewId: first.previewId,
      decisions: [],
      placeholderValues: { '${input:gh-token}': 'ghp_secret' },
      useEnvironment: true,
    })
    const again = service.preview('{}')
    expect(again.rows.find((row) => row.sourceName === 'github')).toMatchObject({
      status: 'identical',
      changes: [],
    })
  })
})

describe('sameValue', () => {
  const tokens = new Set(['${TOKEN}', '${input:host}'])
  it('lets a placeholder stand for any text and compares the rest exactly', () => {
    expect(sameValue('Bearer abc', 'Bearer ${TOKEN}', tokens)).toBe(true)
    expect(sameValue('Basic abc', 'Bearer ${TOKEN}', tokens)).toBe(false)
    expect(sameValue('https://a.example/x?.', 'https://${input:host}/x?.', tokens)).toBe(true)
    expect(sameValue('https://a.example/xy', 'https://${input:host}/x?.', tokens)).toBe(false)
  })
  it("treats tokens that are not this server's placeholders as text", () => {
    expect(sameValue('/home/ada', '${workspaceFolder}', tokens)).toBe(false)
    expect(sameValue('${workspaceFolder}', '${workspaceFolder}', tokens)).toBe(true)
  })
})

describe('remote servers: legacy SSE and OAuth settings', () => {
  function remoteSetup() {
    const settings = new SettingsService(new MemoryJsonDocument())
    const configs = new ServerConfigService(settings, new MemorySecretStore())
    const service = new ImportService({
      parse: (text, options) => parseMcpConfig(text, options),
      configs,
      replace: (id, input) => Promise.resolve(configs.update(id, input)),
      environment: () => ({}),
    })
    return { configs, service }
  }

  it('imports an sse entry as a legacy SSE server, shown as sse in the preview', async () => {
    const { configs, service } = remoteSetup()
    const text = JSON.stringify({
      mcpServers: { legacy: { type: 'sse', url: 'https://mcp.example.com/sse' } },
    })

    const preview = service.preview(text, '.mcp.json')
    expect(preview.rows).toMatchObject([{ sourceName: 'legacy', transport: 'sse', status: 'new', notes: [] }])
    await service.apply({
      previewId: preview.previewId,
      decisions: [],
      placeholderValues: {},
      useEnvironment: false,
    })

    expect(configs.list()).toMatchObject([
      { name: 'legacy', transport: 'sse', url: 'https://mcp.example.com/sse' },
    ])
  })

  it('says what replacing a server would do to its transport and OAuth settings, never the secret', () => {
    const { configs, service } = remoteSetup()
    configs.add({
      name: 'docs',
      transport: 'http',
      url: 'https://docs.example/mcp',
      oauth: { clientId: 'desk', clientSecret: { value: 'oauth-secret-9' }, scopes: ['read'] },
    })
    const text = JSON.stringify({ mcpServers: { docs: { type: 'sse', url: 'https://docs.example/mcp' } } })

    const [row] = service.preview(text, '.mcp.json').rows

    expect(row).toMatchObject({ status: 'conflict', transport: 'sse' })
    expect(row?.changes).toEqual([
      { field: 'transport', before: 'http', after: 'sse' },
      { field: 'oauth.clientId', before: 'desk', after: '(none)' },
      { field: 'oauth.scopes', before: 'read', after: '(none)' },
      { field: 'oauth.clientSecret', before: '(set)', after: '(none)' },
    ])
    expect(JSON.stringify(row)).not.toContain('oauth-secret-9')
  })
})

describe('ImportService.previewParsed', () => {
  it('previews servers parsed elsewhere like a file, says where they came from, and adds them disabled when asked', async () => {
    const { service, configs } = setup()
    const parsed: ParsedConfig = {
      format: 'install-link',
      servers: [{ sourceName: 'linked', input: stdio('linked', 'npx', ['-y', 'linked-mcp']), notes: [] }],
      placeholders: [],
      notes: [],
    }
    const plain = service.previewParsed(parsed)
    expect(plain.origin).toBeUndefined()
    expect(plain.addsDisabled).toBeUndefined()
    const preview = service.previewParsed(parsed, {
      origin: 'an install link (cursor://anysphere.cursor-deeplink/mcp/install)',
      addsDisabled: true,
    })
    expect(preview).toMatchObject({
      format: 'install-link',
      origin: 'an install link (cursor://anysphere.cursor-deeplink/mcp/install)',
      addsDisabled: true,
      rows: [{ sourceName: 'linked', status: 'new', destination: 'npx -y linked-mcp' }],
    })
    await service.apply({ previewId: preview.previewId, decisions: [] })
    expect(configs.list().find((c) => c.name === 'linked')).toMatchObject({ enabled: false })
    await service.apply({
      previewId: plain.previewId,
      decisions: [{ sourceName: 'linked', action: 'rename', newName: 'linked 2' }],
    })
    expect(configs.list().find((c) => c.name === 'linked 2')).toMatchObject({ enabled: true })
  })
})
