import { afterEach, describe, expect, it } from 'vitest'
import type { ServerInput } from '../../../../../src/shared/mcp/server-input'
import { signInAndConnect, startedOAuthHost, type Cleanups } from './oauth-support'
import { startTwoIssuerFixture, type AuthorizationServerSetup } from './two-issuer-fixture'

const CLIENT_ID_URL = 'https://desk.example.org/oauth/client-metadata.json'
const CIMD_SUPPORTED = { client_id_metadata_document_supported: true }

describe('How MCP Desk identifies itself to an authorization server', () => {
  const cleanups: Cleanups = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function setup(
    first: AuthorizationServerSetup = {},
    oauth?: Extract<ServerInput, { url: string }>['oauth'],
    organisationUrl?: string,
  ) {
    const fixture = await startTwoIssuerFixture({ first })
    cleanups.push(() => fixture.stop())
    const host = await startedOAuthHost(cleanups)
    if (organisationUrl) {
      host.settings.update((draft) => {
        draft.mcp.oauth = { clientMetadataUrl: organisationUrl }
      })
    }
    const input: ServerInput = {
      name: 'Notes',
      transport: 'http',
      url: fixture.mcpUrl,
      ...(oauth ? { oauth } : {}),
    }
    const { id } = await host.servers.add(input)
    return { side: fixture.first, host, id, url: fixture.mcpUrl }
  }

  function signIn({ host, id }: Awaited<ReturnType<typeof setup>>) {
    return signInAndConnect(host, id)
  }

  it('registers dynamically as a native application with a loopback redirect and refresh tokens', async () => {
    const setupResult = await setup()
    await signIn(setupResult)
    expect(setupResult.side.log.registrations).toEqual([
      expect.objectContaining({
        client_name: 'MCP Desk',
        application_type: 'native',
        redirect_uris: [expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/)],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      }),
    ])
  })

  it('asks for offline_access where the authorization server offers it, and not elsewhere', async () => {
    const offering = await setup({
      options: { scopesSupported: ['notes:read', 'notes:write', 'offline_access'] },
    })
    await signIn(offering)
    expect(offering.side.log.authorizeRequests.at(-1)?.get('scope')).toBe('notes:read offline_access')

    const plain = await setup()
    await signIn(plain)
    expect(plain.side.log.authorizeRequests.at(-1)?.get('scope')).toBe('notes:read')
  })

  it('refuses authorization-server metadata whose issuer is not the server it was fetched from', async () => {
    const setupResult = await setup({ metadata: { issuer: 'https://attacker.example.com' } })
    const { host, id, side } = setupResult
    await expect(host.signIn.start(id)).rejects.toThrow(/issuer mismatch/i)
    expect(host.servers.get(id).auth?.error).toMatch(/attacker\.example\.com/)
    // Nothing went to the endpoints that metadata names.
    expect(side.log.registrations).toEqual([])
    expect(side.log.authorizeRequests).toEqual([])
  })

  it('uses a client id metadata document URL from the server settings instead of registering', async () => {
    const setupResult = await setup(
      { metadata: CIMD_SUPPORTED, knownClientId: CLIENT_ID_URL },
      { clientMetadataUrl: CLIENT_ID_URL },
    )
    const { host, id, side, url } = setupResult
    const state = await signIn(setupResult)
    expect(side.log.registrations).toEqual([])
    expect(side.log.authorizeRequests.at(-1)?.get('client_id')).toBe(CLIENT_ID_URL)
    expect(side.log.tokenRequests.at(-1)?.params.get('client_id')).toBe(CLIENT_ID_URL)

    // A refresh keeps using it.
    side.store.expireAccessTokens()
    const result = await host.servers.connection(id).callTool('whoami', {})
    expect(result.content).toEqual([{ type: 'text', text: 'notes:read' }])
    expect(side.log.tokenRequests.at(-1)).toMatchObject({ grantType: 'refresh_token' })
    expect(side.log.tokenRequests.at(-1)?.params.get('client_id')).toBe(CLIENT_ID_URL)
    expect(state.auth?.state).toBe('signed-in')

    // Once the setting is gone, the next sign-in registers instead of reusing the URL.
    await host.servers.update(id, { name: 'Notes', transport: 'http', url })
    await signIn(setupResult)
    expect(side.log.registrations).toHaveLength(1)
    expect(side.log.authorizeRequests.at(-1)?.get('client_id')).not.toBe(CLIENT_ID_URL)
  })

  it('uses an organisation’s client id URL from the profile settings for every server', async () => {
    const setupResult = await setup(
      { metadata: CIMD_SUPPORTED, knownClientId: CLIENT_ID_URL },
      undefined,
      CLIENT_ID_URL,
    )
    await signIn(setupResult)
    expect(setupResult.side.log.registrations).toEqual([])
    expect(setupResult.side.log.authorizeRequests.at(-1)?.get('client_id')).toBe(CLIENT_ID_URL)
  })

  it('registers as usual where the authorization server does not take client id URLs', async () => {
    const setupResult = await setup({}, { clientMetadataUrl: CLIENT_ID_URL })
    await signIn(setupResult)
    expect(setupResult.side.log.registrations).toHaveLength(1)
    expect(setupResult.side.log.authorizeRequests.at(-1)?.get('client_id')).not.toBe(CLIENT_ID_URL)
  })
})
