import { describe, expect, it } from 'vitest'
import { defaultSettings } from '../../../../src/shared/settings/settings-schema'
import { toSettingsView } from '../../../../src/shared/settings/settings-view'
import { IpcFailure } from '../../../../src/shared/ipc/ipc-error'
import { createTestHost } from '../../../doubles/test-host'

describe('request dispatcher (through a real host)', () => {
  it('answers a valid request with the handler value', async () => {
    const { host } = createTestHost()
    const result = await host.dispatch('settings:get', {})
    expect(result).toEqual({ ok: true, value: toSettingsView(defaultSettings()) })
  })

  it('turns a bad payload into a validation error naming the field, without calling the handler', async () => {
    const { host, doc } = createTestHost()
    const writesBefore = doc.writes
    const result = await host.dispatch('settings:update', { appearance: { theme: 'purple' } })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('validation_failed')
    expect(result.error.message).toContain('appearance.theme')
    expect(doc.writes).toBe(writesBefore)
  })

  it('rejects unexpected fields instead of passing them through', async () => {
    const { host } = createTestHost()
    const result = await host.dispatch('secrets:set', { name: 'k', value: 'v', extra: 1 })
    expect(result).toMatchObject({ ok: false, error: { code: 'validation_failed' } })
  })

  it('answers payloads that are not objects at all', async () => {
    const { host } = createTestHost()
    for (const payload of ['text', 42, [], null]) {
      const result = await host.dispatch('secrets:set', payload)
      expect(result).toMatchObject({ ok: false, error: { code: 'validation_failed' } })
    }
  })

  it('answers an unknown channel, including prototype names', async () => {
    const { host } = createTestHost()
    for (const channel of ['nope', '__proto__', 'constructor', 'toString']) {
      expect(await host.dispatch(channel, {})).toMatchObject({
        ok: false,
        error: { code: 'unknown_channel' },
      })
    }
  })

  it('maps an IpcFailure to its code and an unexpected throw to a generic internal error without a stack', async () => {
    const { host, secrets, errors } = createTestHost()
    expect(await host.dispatch('secrets:delete', { name: 'missing' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no secret named "missing"' },
    })
    secrets.list = () => {
      throw new Error('disk on fire at /secret/path')
    }
    const result = await host.dispatch('secrets:list', {})
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'secrets:list failed unexpectedly' },
    })
    expect(JSON.stringify(result)).not.toContain('disk on fire')
    expect(errors).toHaveLength(1)
    expect(new IpcFailure('conflict', 'x').code).toBe('conflict')
  })

  it('never returns a secret value: secrets:set answers with the name only', async () => {
    const { host, secrets } = createTestHost()
    const result = await host.dispatch('secrets:set', { name: 'openai-key', value: 'sk-live-123' })
    expect(result).toEqual({ ok: true, value: { name: 'openai-key' } })
    expect(secrets.get('openai-key')).toBe('sk-live-123')
    expect(await host.dispatch('secrets:list', {})).toEqual({ ok: true, value: { names: ['openai-key'] } })
  })

  it('emits settings:changed and secrets:changed events', async () => {
    const { host } = createTestHost()
    const seen: Array<[string, unknown]> = []
    host.events.subscribe((event, payload) => {
      if (event !== 'servers:changed') seen.push([event, payload])
    })
    await host.dispatch('settings:update', { appearance: { theme: 'dark' } })
    await host.dispatch('secrets:set', { name: 'a', value: 'b' })
    expect(seen).toEqual([
      ['settings:changed', expect.objectContaining({ appearance: { theme: 'dark' }, servers: [] })],
      ['secrets:changed', { names: ['a'] }],
    ])
  })

  it('masks literal env and header values in every settings view', async () => {
    const { host } = createTestHost({
      schemaVersion: 1,
      servers: [
        {
          id: 'notes',
          name: 'Notes',
          transport: 'stdio',
          command: 'notes-mcp',
          env: { TOKEN: 'tok-abc', KEY: { secret: 'notes-key' } },
        },
        {
          id: 'remote',
          name: 'Remote',
          transport: 'http',
          url: 'https://u:p@mcp.example.com/x?key=k-123',
          headers: { Authorization: 'Bearer zzz' },
        },
      ],
    })
    const result = await host.dispatch('settings:get', {})
    const text = JSON.stringify(result)
    for (const secret of ['tok-abc', 'zzz', 'k-123', 'u:p']) expect(text).not.toContain(secret)
    expect(text).toContain('"secret":"notes-key"')
  })

  it('refuses to delete a secret a server still uses, naming the server', async () => {
    const { host, servers } = createTestHost()
    await host.dispatch('servers:add', {
      server: {
        name: 'Notes',
        transport: 'stdio',
        command: 'notes-mcp',
        enabled: false,
        env: { T: { value: 'v' } },
      },
    })
    const result = await host.dispatch('secrets:delete', { name: 'server.notes.env.T' })
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: 'secret "server.notes.env.T" is used by the server "Notes"; edit or remove it there instead',
      },
    })
    await servers.shutdown()
  })

  it('changes only the sampling settings a request names', async () => {
    const { host, settings } = createTestHost()
    settings.update((draft) => {
      draft.sampling.progressIntervalMs = 1234
    })
    const result = await host.dispatch('sampling:update-settings', { reviewCompletion: true })
    expect(result).toMatchObject({ ok: true, value: { reviewCompletion: true, progressIntervalMs: 1234 } })
    expect(settings.get().sampling).toMatchObject({
      reviewCompletion: true,
      progressIntervalMs: 1234,
      maxConcurrentPerServer: 4,
    })
  })
})
