import { describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { ServerConfigService } from '../../../../src/main/core/mcp/server-config-service'
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

const memory = { name: 'Memory', transport: 'stdio' as const, command: 'memory-mcp' }

function envOf(service: ServerConfigService, id: string) {
  const config = service.get(id)
  if (config?.transport !== 'stdio') throw new Error('expected a stdio server')
  return config.env
}

describe('plain and secret env values', () => {
  it('keeps a plain value in settings.json in clear and a secret one only in the secret store', () => {
    const { doc, secrets, service } = setup()
    const config = service.add({
      ...memory,
      env: { MEMORY_FILE_PATH: { plain: '/home/me/memory.json' }, API_TOKEN: { value: 'tok-1' } },
    })
    expect(envOf(service, config.id)).toEqual({
      MEMORY_FILE_PATH: '/home/me/memory.json',
      API_TOKEN: { secret: 'server.memory.env.API_TOKEN' },
    })
    const written = JSON.stringify(doc.read())
    expect(written).toContain('/home/me/memory.json')
    expect(written).not.toContain('tok-1')
    expect(secrets.list()).toEqual(['server.memory.env.API_TOKEN'])
    expect(service.resolveValues(config)).toEqual({
      MEMORY_FILE_PATH: '/home/me/memory.json',
      API_TOKEN: 'tok-1',
    })
  })

  it('shows plain values to the window in clear and secrets (and secret-looking literals) masked', () => {
    const { settings, service } = setup()
    service.add({ ...memory, env: { MEMORY_FILE_PATH: { plain: '/m.json' }, API_TOKEN: { value: 'tok-1' } } })
    settings.update((draft) => {
      const server = draft.servers[0]!
      // Written by hand: a token in clear under a name that says so is still never sent to the window.
      if (server.transport === 'stdio') server.env.GITHUB_TOKEN = 'ghp_handwritten'
    })
    const view = settingsViewSchema.parse(toSettingsView(settings.get()))
    expect(view.servers[0]).toMatchObject({
      env: {
        MEMORY_FILE_PATH: { plain: '/m.json' },
        API_TOKEN: { secret: 'server.memory.env.API_TOKEN' },
        GITHUB_TOKEN: { masked: true },
      },
    })
    expect(JSON.stringify(view)).not.toContain('ghp_handwritten')
    expect(JSON.stringify(view)).not.toContain('tok-1')
  })

  it('moves a plain value into the secret store when it is made secret, without it being sent again', () => {
    const { doc, secrets, service } = setup()
    const { id } = service.add({ ...memory, env: { SESSION_ID: { plain: 'abc-123' } } })
    service.update(id, { ...memory, env: { SESSION_ID: { keep: true, as: 'secret' } } })
    expect(envOf(service, id)).toEqual({ SESSION_ID: { secret: 'server.memory.env.SESSION_ID' } })
    expect(secrets.get('server.memory.env.SESSION_ID')).toBe('abc-123')
    expect(JSON.stringify(doc.read())).not.toContain('abc-123')
    // Keeping a secret as a secret changes nothing.
    service.update(id, { ...memory, env: { SESSION_ID: { keep: true, as: 'secret' } } })
    expect(secrets.get('server.memory.env.SESSION_ID')).toBe('abc-123')
  })

  it('deletes the secret a value made plain leaves behind, and keeps a plain value on edit', () => {
    const { secrets, service } = setup()
    const { id } = service.add({ ...memory, env: { LOG_LEVEL: { value: 'debug' } } })
    expect(secrets.list()).toEqual(['server.memory.env.LOG_LEVEL'])
    service.update(id, { ...memory, env: { LOG_LEVEL: { plain: 'info' } } })
    expect(envOf(service, id)).toEqual({ LOG_LEVEL: 'info' })
    expect(secrets.list()).toEqual([])
    service.update(id, { ...memory, env: { LOG_LEVEL: { keep: true } } })
    expect(envOf(service, id)).toEqual({ LOG_LEVEL: 'info' })
  })

  it('leaves a secret made plain in the store while another settings entry still refers to it', () => {
    const { secrets, settings, service } = setup()
    const { id } = service.add({ ...memory, env: { SHARED_KEY: { value: 'shared-1' } } })
    settings.update((draft) => {
      draft.servers.push({
        id: 'other',
        name: 'Other',
        enabled: true,
        sampling: 'ask',
        transport: 'stdio',
        command: 'other-mcp',
        args: [],
        env: { SHARED_KEY: { secret: 'server.memory.env.SHARED_KEY' } },
      })
    })
    service.update(id, { ...memory, env: { SHARED_KEY: { plain: 'not-secret-after-all' } } })
    expect(secrets.get('server.memory.env.SHARED_KEY')).toBe('shared-1')
  })

  it('treats headers the same way, and refuses a plain API key or OAuth client secret', () => {
    const { secrets, service } = setup()
    const remote = { name: 'Remote', transport: 'http' as const, url: 'https://mcp.example.com/mcp' }
    const config = service.add({
      ...remote,
      headers: { 'X-Region': { plain: 'eu' }, Authorization: { value: 'Bearer b' } },
    })
    expect(config).toMatchObject({
      headers: { 'X-Region': 'eu', Authorization: { secret: 'server.remote.header.Authorization' } },
    })
    expect(maskServer(config)).toMatchObject({ headers: { 'X-Region': { plain: 'eu' } } })
    const refused = (() => {
      try {
        service.add({ ...remote, oauth: { clientId: 'c', clientSecret: { plain: 's' } } })
      } catch (error) {
        return error
      }
      return undefined
    })()
    expect(refused).toBeInstanceOf(IpcFailure)
    expect((refused as IpcFailure).message).toBe('the OAuth client secret is always kept in the secret store')
    expect(secrets.list()).toEqual(['server.remote.header.Authorization'])
  })
})
