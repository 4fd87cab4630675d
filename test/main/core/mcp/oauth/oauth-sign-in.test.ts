import { afterEach, describe, expect, it } from 'vitest'
import {
  startOAuthMcpServer,
  type OAuthMcpServer,
  type OAuthMcpServerOptions,
} from '../../../../fixtures/oauth-server/start-oauth-mcp-server'
import type { ServerInput } from '../../../../../src/shared/mcp/server-input'
import { browse, startedOAuthHost, waitForServer, type Cleanups } from './oauth-support'

describe('OAuth sign-in against a protected server on loopback', () => {
  const cleanups: Cleanups = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function setup(options: OAuthMcpServerOptions = {}, input: Partial<ServerInput> = {}) {
    const fixture = await startOAuthMcpServer(options)
    cleanups.push(() => fixture.stop())
    const host = await startedOAuthHost(cleanups)
    const added = await host.servers.add({
      name: 'Notes',
      transport: 'http',
      url: fixture.mcpUrl,
      ...input,
    } as ServerInput)
    return { fixture, host, id: added.id, added }
  }

  async function signIn(setupResult: Awaited<ReturnType<typeof setup>>) {
    const { host, id } = setupResult
    const start = await host.signIn.start(id)
    expect(host.servers.get(id).auth?.state).toBe('waiting-for-browser')
    const connected = waitForServer(host.servers, id, (state) => state.status === 'connected')
    const landing = await browse(start.authorizationUrl)
    expect(landing.status).toBe(200)
    expect(await landing.text()).toContain('Signed in to Notes')
    return connected
  }

  function issuedTokens(fixture: OAuthMcpServer): string[] {
    return fixture.log.mcpAuthorizationHeaders
      .filter((header): header is string => header?.startsWith('Bearer ') === true)
      .map((header) => header.slice('Bearer '.length))
  }

  it('asks to sign in, then connects with a token kept in the secret store and nowhere else', async () => {
    const setupResult = await setup()
    const { fixture, host, id, added } = setupResult
    expect(added.status).toBe('needs-sign-in')
    expect(added.failure?.reason).toMatch(/needs sign-in/)
    expect(added.auth).toMatchObject({ state: 'signed-out', scopes: [] })

    const state = await signIn(setupResult)
    expect(state.auth).toMatchObject({ state: 'signed-in', scopes: ['notes:read'], issuer: fixture.issuer })
    expect(state.auth?.expiresAt).toBeDefined()
    expect(state.tools.map((tool) => tool.name).sort()).toEqual(['whoami', 'write_note'])

    // PKCE S256, the resource indicator and the challenge's scope went to the authorization server.
    const authorize = fixture.log.authorizeRequests.at(-1)!
    expect(authorize.get('code_challenge_method')).toBe('S256')
    expect(authorize.get('resource')).toBe(fixture.mcpUrl)
    expect(authorize.get('scope')).toBe('notes:read')
    expect(authorize.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/)

    const result = await host.servers.connection(id).callTool('whoami', {})
    expect(result.content).toEqual([{ type: 'text', text: 'notes:read' }])

    const tokens = issuedTokens(fixture)
    expect(tokens.length).toBeGreaterThan(0)
    expect(host.secrets.list()).toEqual(expect.arrayContaining([`oauth.${id}.tokens`, `oauth.${id}.client`]))
    const visible =
      JSON.stringify(host.servers.list()) + host.log.join('\n') + JSON.stringify(host.settings.get())
    for (const token of tokens) expect(visible).not.toContain(token)
    expect(visible).not.toMatch(/rt_[A-Za-z0-9_-]{8}/)
  })

  it('refreshes an expired token on its own, without a new sign-in', async () => {
    const setupResult = await setup()
    const { fixture, host, id } = setupResult
    await signIn(setupResult)
    const authorizations = fixture.log.authorizeRequests.length

    fixture.expireAccessTokens()
    const result = await host.servers.connection(id).callTool('whoami', {})
    expect(result.content).toEqual([{ type: 'text', text: 'notes:read' }])
    expect(fixture.log.tokenRequests.map((request) => request.grantType)).toContain('refresh_token')
    expect(fixture.log.authorizeRequests.length).toBe(authorizations)

    // The same after a restart: the reconnect refreshes again instead of asking.
    fixture.expireAccessTokens()
    const restarted = await host.servers.restart(id)
    expect(restarted.status).toBe('connected')
    expect(fixture.log.authorizeRequests.length).toBe(authorizations)
  })

  it('asks to sign in again when the tokens are revoked, and forgets them', async () => {
    const setupResult = await setup()
    const { fixture, host, id } = setupResult
    await signIn(setupResult)
    fixture.revokeAll()
    const needsSignIn = waitForServer(host.servers, id, (state) => state.status === 'needs-sign-in')
    await expect(host.servers.connection(id).callTool('whoami', {})).rejects.toThrow(
      /no longer accepts the token/,
    )
    const state = await needsSignIn
    expect(state.auth?.state).toBe('signed-out')
    expect(host.secrets.list()).not.toContain(`oauth.${id}.tokens`)
  })

  it('steps up: a call needing more scope waits for a sign-in with the wider scope, then goes on', async () => {
    const setupResult = await setup({ issueRefreshTokens: false })
    const { fixture, host, id } = setupResult
    await signIn(setupResult)

    const call = host.servers.connection(id).callTool('write_note', { text: 'hello' })
    const asking = await waitForServer(host.servers, id, (state) => state.auth?.requestedScopes !== undefined)
    expect(asking.auth?.requestedScopes).toEqual(['notes:read', 'notes:write'])
    expect(host.oauth.isWaiting(id)).toBe(true)

    const start = await host.signIn.start(id)
    expect((await browse(start.authorizationUrl)).status).toBe(200)
    const result = await call
    expect(result.content).toEqual([{ type: 'text', text: 'Saved note 1' }])
    expect(fixture.log.authorizeRequests.at(-1)?.get('scope')).toBe('notes:read notes:write')
    expect(host.oauth.isWaiting(id)).toBe(false)
    expect(host.servers.get(id).auth?.scopes).toEqual(['notes:read', 'notes:write'])
  })

  it('a cancelled step-up fails the waiting call with a clear reason', async () => {
    const setupResult = await setup({ issueRefreshTokens: false })
    const { host, id } = setupResult
    await signIn(setupResult)
    const call = host.servers.connection(id).callTool('write_note', { text: 'hello' })
    await waitForServer(host.servers, id, (state) => state.auth?.requestedScopes !== undefined)
    await host.signIn.start(id)
    host.signIn.cancel(id)
    await expect(call).rejects.toThrow(/cancelled the sign-in/)
    expect(host.servers.get(id).auth?.requestedScopes).toBeUndefined()
  })

  it('reports a refused consent and lets the user try again', async () => {
    const setupResult = await setup({ authorizePage: 'consent' })
    const { host, id } = setupResult
    const start = await host.signIn.start(id)
    const failed = waitForServer(host.servers, id, (state) => state.auth?.error !== undefined)
    const page = await browse(start.authorizationUrl, 'deny')
    expect(page.status).toBe(400)
    expect((await failed).auth).toMatchObject({
      state: 'signed-out',
      error: expect.stringMatching(/refused: access_denied/),
    })

    const again = await host.signIn.start(id)
    const connected = waitForServer(host.servers, id, (state) => state.status === 'connected')
    await browse(again.authorizationUrl, 'allow')
    expect((await connected).auth?.error).toBeUndefined()
  })

  it('uses a pre-registered client id and secret instead of registering', async () => {
    const setupResult = await setup(
      {
        dynamicRegistration: false,
        preRegistered: { clientId: 'desk-client', clientSecret: 'desk-secret-8812' },
        metadataPath: 'openid',
      },
      { oauth: { clientId: 'desk-client', clientSecret: { value: 'desk-secret-8812' } } },
    )
    const { fixture, host, added } = setupResult
    expect(added.status).toBe('needs-sign-in')
    const state = await signIn(setupResult)
    expect(state.status).toBe('connected')
    expect(fixture.log.registrations).toEqual([])
    const tokenRequest = fixture.log.tokenRequests[0]
    expect(tokenRequest?.authorization ?? tokenRequest?.params.get('client_secret')).toBeDefined()
    expect(host.log.join('\n') + JSON.stringify(host.settings.get())).not.toContain('desk-secret-8812')
  })

  it('signs out: tokens deleted, the server asks again', async () => {
    const setupResult = await setup()
    const { host, id } = setupResult
    await signIn(setupResult)
    const state = await host.signIn.signOut(id)
    expect(state.status).toBe('needs-sign-in')
    expect(state.auth?.state).toBe('signed-out')
    expect(host.secrets.list().filter((name) => name.startsWith(`oauth.${id}.`))).toEqual([])
  })

  it('removing the server deletes its tokens and registration too', async () => {
    const setupResult = await setup()
    const { host, id } = setupResult
    await signIn(setupResult)
    expect(host.secrets.list().filter((name) => name.startsWith(`oauth.${id}.`))).toHaveLength(2)
    await host.servers.remove(id)
    expect(host.secrets.list().filter((name) => name.startsWith(`oauth.${id}.`))).toEqual([])
  })

  it('leaves OAuth alone for a server with its own Authorization header', async () => {
    const { host, added } = await setup(
      {},
      { headers: { Authorization: { value: 'Bearer not-a-real-token' } } },
    )
    expect(added.status).toBe('failed')
    expect(added.auth).toBeUndefined()
    await expect(host.signIn.start(added.id)).rejects.toThrow(/own Authorization header/)
  })
})
