import { describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { ServerConfigService, slugify } from '../../../../src/main/core/mcp/server-config-service'
import { IpcFailure } from '../../../../src/shared/ipc/ipc-error'
import { maskServer, settingsViewSchema, toSettingsView } from '../../../../src/shared/settings/settings-view'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'

function setup() {
  const doc = new MemoryJsonDocument()
  const secrets = new MemorySecretStore()
  const settings = new SettingsService(doc)
  return { doc, secrets, settings, service: new ServerConfigService(settings, secrets) }
}

function failure(run: () => unknown): IpcFailure {
  try {
    run()
  } catch (error) {
    if (error instanceof IpcFailure) return error
    throw error
  }
  throw new Error('expected an IpcFailure')
}

describe('ServerConfigService', () => {
  it('stores typed values in the secret store and only references in settings', () => {
    const { doc, secrets, service } = setup()
    const config = service.add({
      name: 'Notes MCP',
      transport: 'stdio',
      command: 'notes-mcp',
      args: ['--vault', '/tmp/v'],
      env: { NOTES_TOKEN: { value: 'tok-123' } },
    })
    expect(config).toMatchObject({ id: 'notes-mcp', sampling: 'ask', enabled: true })
    expect(config.transport === 'stdio' && config.env).toEqual({
      NOTES_TOKEN: { secret: 'server.notes-mcp.env.NOTES_TOKEN' },
    })
    expect(secrets.get('server.notes-mcp.env.NOTES_TOKEN')).toBe('tok-123')
    expect(JSON.stringify(doc.read())).not.toContain('tok-123')
    expect(service.resolveValues(config)).toEqual({ NOTES_TOKEN: 'tok-123' })
  })

  it('gives every server a unique id made from its name', () => {
    const { service } = setup()
    const input = { name: 'Files', transport: 'stdio' as const, command: 'x' }
    expect([service.add(input).id, service.add(input).id, service.add(input).id]).toEqual([
      'files',
      'files-2',
      'files-3',
    ])
    expect(slugify('  Ünïcode / Täst  ')).toBe('unicode-tast')
    expect(slugify('!!!')).toBe('server')
    expect(slugify('a'.repeat(100))).toHaveLength(48)
  })

  it('keeps, replaces and drops values on edit, deleting secrets it no longer needs', () => {
    const { secrets, service } = setup()
    const { id } = service.add({
      name: 'Remote',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: { value: 'Bearer one' }, 'X-Team': { value: 'blue' } },
    })
    const updated = service.update(id, {
      name: 'Remote',
      transport: 'http',
      url: 'https://mcp.example.com/v2/mcp',
      headers: { Authorization: { keep: true } },
    })
    expect(service.resolveValues(updated)).toEqual({ Authorization: 'Bearer one' })
    expect(secrets.list()).toEqual(['server.remote.header.Authorization'])
    const replaced = service.update(id, {
      name: 'Remote',
      transport: 'http',
      url: 'https://mcp.example.com/v2/mcp',
      headers: { Authorization: { value: 'Bearer two' } },
    })
    expect(service.resolveValues(replaced)).toEqual({ Authorization: 'Bearer two' })
    service.remove(id)
    expect(secrets.list()).toEqual([])
    expect(service.list()).toEqual([])
  })

  it('refuses bad input with errors naming the field', () => {
    const { service } = setup()
    expect(failure(() => service.add({ name: 'x', transport: 'http', url: 'ftp://x' })).message).toContain(
      'url',
    )
    expect(failure(() => service.add({ name: '', transport: 'stdio', command: 'x' })).message).toContain(
      'name',
    )
    expect(
      failure(() =>
        service.add({ name: 'x', transport: 'stdio', command: 'x', env: { 'BAD-NAME': { value: 'v' } } }),
      ).message,
    ).toContain('env.BAD-NAME')
    expect(
      failure(() => service.add({ name: 'x', transport: 'stdio', command: 'x', env: { A: { keep: true } } }))
        .message,
    ).toContain('no stored value to keep')
    expect(failure(() => service.remove('nope')).code).toBe('not_found')
  })

  it('names a missing secret when resolving values', () => {
    const { settings, service } = setup()
    settings.update((draft) => {
      draft.servers.push({
        id: 'a',
        name: 'A',
        enabled: true,
        sampling: 'ask',
        transport: 'stdio',
        command: 'x',
        args: [],
        env: { KEY: { secret: 'gone' } },
      })
    })
    expect(failure(() => service.resolveValues(service.get('a')!)).message).toBe(
      'env KEY refers to the secret "gone", which is not in the secret store',
    )
  })

  it('hashes header names that secret names cannot hold', () => {
    const { secrets, service } = setup()
    service.add({
      name: 'h',
      transport: 'http',
      url: 'https://h.example',
      headers: { "X-Odd'Name": { value: 'v' } },
    })
    expect(secrets.list()[0]).toMatch(/^server\.h\.header\.X-Odd_Name-[0-9a-f]{8}$/)
  })

  it('keeps an OAuth client secret in the secret store, a reference in settings and a mask in the view', () => {
    const { doc, secrets, service } = setup()
    const config = service.add({
      name: 'Legacy',
      transport: 'sse',
      url: 'https://mcp.example.com/sse',
      oauth: {
        clientId: 'desk-client',
        clientSecret: { value: 'client-secret-42' },
        scopes: ['read', 'write'],
      },
    })
    const secretName = 'server.legacy.oauth.clientSecret'
    expect(config).toMatchObject({
      transport: 'sse',
      oauth: { clientId: 'desk-client', clientSecret: { secret: secretName }, scopes: ['read', 'write'] },
    })
    expect(secrets.get(secretName)).toBe('client-secret-42')
    expect(JSON.stringify(doc.read())).not.toContain('client-secret-42')
    expect(service.resolveOAuthClientSecret(config)).toBe('client-secret-42')
    expect(service.secretValues(config)).toContain('client-secret-42')
    if (config.transport === 'stdio') throw new Error('expected a remote server')
    const literal = { ...config, oauth: { clientId: 'c', clientSecret: 'literal-secret' } }
    expect(maskServer(literal)).toMatchObject({ oauth: { clientId: 'c', clientSecret: { masked: true } } })
    expect(maskServer(config)).toMatchObject({ oauth: { clientSecret: { secret: secretName } } })
    expect(JSON.stringify(maskServer(config))).not.toContain('client-secret-42')
  })

  it('keeps, replaces and drops the OAuth client secret like a header value', () => {
    const { secrets, service } = setup()
    const input = { name: 'Remote', transport: 'http' as const, url: 'https://mcp.example.com/mcp' }
    const { id } = service.add({ ...input, oauth: { clientId: 'one', clientSecret: { value: 's-1' } } })
    const kept = service.update(id, { ...input, oauth: { clientId: 'two', clientSecret: { keep: true } } })
    expect(service.resolveOAuthClientSecret(kept)).toBe('s-1')
    const replaced = service.update(id, {
      ...input,
      oauth: { clientId: 'two', clientSecret: { value: 's-2' } },
    })
    expect(service.resolveOAuthClientSecret(replaced)).toBe('s-2')

    const dropped = service.update(id, { ...input, oauth: { clientId: 'two' } })
    expect(dropped).toMatchObject({ oauth: { clientId: 'two' } })
    expect(service.resolveOAuthClientSecret(dropped)).toBeUndefined()
    expect(secrets.list()).toEqual([])

    service.update(id, { ...input, oauth: { clientId: 'two', clientSecret: { value: 's-3' } } })
    expect(service.update(id, { ...input, oauth: {} })).not.toHaveProperty('oauth')
    expect(secrets.list()).toEqual([])

    service.update(id, { ...input, oauth: { clientId: 'two', clientSecret: { value: 's-4' } } })
    service.remove(id)
    expect(secrets.list()).toEqual([])
  })

  it('keeps a client id metadata URL through an edit and in the view the window gets', () => {
    const { settings, service } = setup()
    const url = 'https://desk.example.org/oauth/client.json'
    const input = { name: 'Docs', transport: 'http' as const, url: 'https://docs.example.com/mcp' }
    const { id } = service.add({ ...input, oauth: { clientMetadataUrl: url } })
    const edited = service.update(id, { ...input, name: 'Docs 2', oauth: { clientMetadataUrl: url } })
    expect(edited).toMatchObject({ name: 'Docs 2', oauth: { clientMetadataUrl: url } })
    expect(service.oauthClientMetadataUrl(edited)).toBe(url)
    // What settings:get sends is parsed with the view schema, which strips any field it does not name.
    const view = settingsViewSchema.parse(toSettingsView(settings.get()))
    expect(view.servers[0]).toMatchObject({ oauth: { clientMetadataUrl: url } })
  })

  it('refuses an OAuth client secret without a client id, and keeping one that was never stored', () => {
    const { service } = setup()
    const input = { name: 'r', transport: 'http' as const, url: 'https://r.example' }
    expect(
      failure(() => service.add({ ...input, oauth: { clientSecret: { value: 's' } } })).message,
    ).toContain('needs a client id')
    expect(
      failure(() => service.add({ ...input, oauth: { clientId: 'c', clientSecret: { keep: true } } }))
        .message,
    ).toBe('the OAuth client secret has no stored value to keep')
  })

  it('keeps the sampling limits given for a server', () => {
    const { service } = setup()
    const config = service.add({
      name: 'Limited',
      transport: 'stdio',
      command: 'x',
      sampling: 'allow',
      samplingModels: ['local/*'],
      samplingDailyTokens: 5000,
    })
    expect(config).toMatchObject({
      sampling: 'allow',
      samplingModels: ['local/*'],
      samplingDailyTokens: 5000,
    })
    expect(service.get(config.id)).toMatchObject({ samplingModels: ['local/*'], samplingDailyTokens: 5000 })
  })
})
