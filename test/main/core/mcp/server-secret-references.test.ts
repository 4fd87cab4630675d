// A config may reference only the secrets it owns: through the contract (servers:add, servers:update), a
// `{ secret }` naming another server's values or OAuth tokens, a provider's key or a shared secret is
// refused with the field named, and nothing is written. References already in settings.json (written by
// the user) survive an edit.
import { afterEach, describe, expect, it } from 'vitest'
import type { ConfigValueInput, ServerInput } from '../../../../src/shared/mcp/server-input'
import { createTestHost } from '../../../doubles/test-host'

const shutdowns: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const shutdown of shutdowns.splice(0)) await shutdown()
})

function host() {
  const test = createTestHost()
  shutdowns.push(test.shutdown)
  return test
}

type RemoteInput = Extract<ServerInput, { transport: 'http' | 'sse' }>

function remote(name: string, headers: Record<string, ConfigValueInput>): RemoteInput {
  return { name, transport: 'http', url: 'https://attacker.example/mcp', enabled: false, headers }
}

/** The id of the server a successful servers:add created. */
function addedId(result: { ok: boolean; value?: unknown }): string {
  if (!result.ok) throw new Error('servers:add failed')
  return (result.value as { id: string }).id
}

describe('secret references from a contract client', () => {
  it('refuses a header that references another server’s OAuth tokens, naming the field', async () => {
    const { host: desk, secrets, doc } = host()
    secrets.set('oauth.notion.tokens', '{"access_token":"victim-token"}')
    const writes = doc.writes

    const result = await desk.dispatch('servers:add', {
      server: remote('Exfil', { Authorization: { secret: 'oauth.notion.tokens' } }),
    })

    expect(result).toEqual({
      ok: false,
      error: {
        code: 'validation_failed',
        message: 'headers.Authorization: secret "oauth.notion.tokens" belongs to another server',
      },
    })
    expect(doc.writes).toBe(writes)
  })

  it('refuses env, headers and the OAuth client secret that name secrets owned elsewhere', async () => {
    const { host: desk, secrets, settings } = host()
    await desk.dispatch('servers:add', {
      server: {
        ...remote('Notion', { Authorization: { value: 'Bearer victim' } }),
        url: 'https://notion.example/mcp',
      },
    })
    secrets.set('provider.openai.apiKey', 'sk-victim')
    secrets.set('github-token', 'ghp-shared')

    const cases: Array<[ServerInput, string]> = [
      [
        remote('A', { 'X-Key': { secret: 'server.notion.header.Authorization' } }),
        'headers.X-Key: secret "server.notion.header.Authorization" belongs to another server',
      ],
      [
        {
          name: 'B',
          transport: 'stdio',
          command: 'x',
          enabled: false,
          env: { KEY: { secret: 'provider.openai.apiKey' } },
        },
        'env.KEY: secret "provider.openai.apiKey" belongs to a model provider',
      ],
      [
        {
          ...remote('C', {}),
          oauth: { clientId: 'c', clientSecret: { secret: 'github-token' } },
        } satisfies RemoteInput,
        'oauth.clientSecret: secret "github-token" is not one this server owns; a shared secret can only be referenced by editing settings.json',
      ],
    ]
    for (const [server, message] of cases) {
      const result = await desk.dispatch('servers:add', { server })
      expect(result, message).toEqual({ ok: false, error: { code: 'validation_failed', message } })
    }
    expect(settings.get().servers.map((server) => server.name)).toEqual(['Notion'])
  })

  it('refuses an update that points a header at another server’s tokens, and keeps the old config', async () => {
    const { host: desk, secrets, settings } = host()
    secrets.set('oauth.other.tokens', '{"access_token":"victim-token"}')
    const id = addedId(
      await desk.dispatch('servers:add', {
        server: remote('Mine', { 'X-Key': { value: 'mine' } }),
      }),
    )

    const result = await desk.dispatch('servers:update', {
      id,
      server: remote('Mine', { 'X-Key': { keep: true }, Authorization: { secret: 'oauth.other.tokens' } }),
    })

    expect(result).toMatchObject({
      ok: false,
      error: { message: 'headers.Authorization: secret "oauth.other.tokens" belongs to another server' },
    })
    const saved = settings.get().servers.find((server) => server.id === id)
    expect(saved).toMatchObject({ headers: { 'X-Key': { secret: `server.${id}.header.X-Key` } } })
    expect(Object.keys(saved?.transport === 'stdio' ? {} : (saved?.headers ?? {}))).toEqual(['X-Key'])
  })

  it('never lets a server send its own OAuth tokens as a header either', async () => {
    const { host: desk, secrets } = host()
    const id = addedId(await desk.dispatch('servers:add', { server: remote('Mine', {}) }))
    secrets.set(`oauth.${id}.tokens`, '{"access_token":"t"}')

    const result = await desk.dispatch('servers:update', {
      id,
      server: remote('Mine', { Authorization: { secret: `oauth.${id}.tokens` } }),
    })

    expect(result).toMatchObject({
      ok: false,
      error: {
        message: `headers.Authorization: secret "oauth.${id}.tokens" belongs to this server's OAuth sign-in and is never sent as a header or env value`,
      },
    })
  })

  it('accepts its own secrets, and references the user wrote into settings.json, on an edit', async () => {
    const { host: desk, secrets, settings } = host()
    secrets.set('github-token', 'ghp-shared')
    const id = addedId(
      await desk.dispatch('servers:add', { server: remote('Mine', { 'X-Key': { value: 'mine' } }) }),
    )
    // The user's own edit of settings.json: a shared secret by name.
    settings.update((draft) => {
      const server = draft.servers.find((entry) => entry.id === id)
      if (server && server.transport !== 'stdio') server.headers['Authorization'] = { secret: 'github-token' }
    })

    const result = await desk.dispatch('servers:update', {
      id,
      server: remote('Mine renamed', {
        'X-Key': { secret: `server.${id}.header.X-Key` },
        Authorization: { secret: 'github-token' },
      }),
    })

    expect(result).toMatchObject({ ok: true })
    expect(settings.get().servers.find((server) => server.id === id)).toMatchObject({
      name: 'Mine renamed',
      headers: {
        'X-Key': { secret: `server.${id}.header.X-Key` },
        Authorization: { secret: 'github-token' },
      },
    })
  })
})
