import { afterEach, describe, expect, it } from 'vitest'
import type { ServerInput } from '../../../../../src/shared/mcp/server-input'
import { clientName, OAuthCredentials } from '../../../../../src/main/core/mcp/oauth/oauth-credentials'
import { signInAndConnect, startedOAuthHost, waitForServer, type Cleanups } from './oauth-support'
import {
  startTwoIssuerFixture,
  type AuthorizationServerSetup,
  type IssuerSide,
  type SideName,
} from './two-issuer-fixture'

/** Every client id a side saw: in authorization requests, token request bodies and Basic credentials. */
function clientIdsSeenBy(side: IssuerSide): string[] {
  const fromAuthorize = side.log.authorizeRequests.map((query) => query.get('client_id'))
  const fromToken = side.log.tokenRequests.flatMap((request) => [
    request.params.get('client_id'),
    request.authorization
      ? Buffer.from(request.authorization.replace(/^Basic\s+/i, ''), 'base64')
          .toString()
          .split(':')[0]
      : null,
  ])
  return [...fromAuthorize, ...fromToken].filter((id): id is string => typeof id === 'string')
}

describe('OAuth credentials keyed by the authorization server (SEP-2352 migration)', () => {
  const cleanups: Cleanups = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function setup(
    setups: Partial<Record<SideName, AuthorizationServerSetup>> = {},
    oauth?: Extract<ServerInput, { url: string }>['oauth'],
  ) {
    const fixture = await startTwoIssuerFixture(setups)
    cleanups.push(() => fixture.stop())
    const host = await startedOAuthHost(cleanups)
    const input: ServerInput = {
      name: 'Notes',
      transport: 'http',
      url: fixture.mcpUrl,
      ...(oauth ? { oauth } : {}),
    }
    const added = await host.servers.add(input)
    return { fixture, host, id: added.id }
  }

  function signIn({ host, id }: Awaited<ReturnType<typeof setup>>) {
    return signInAndConnect(host, id)
  }

  /** The server moves to `side`; the next call is refused and the server asks to sign in again. */
  async function moveAndRefuse({ fixture, host, id }: Awaited<ReturnType<typeof setup>>, side: SideName) {
    fixture.moveTo(side)
    const needsSignIn = waitForServer(host.servers, id, (state) => state.status === 'needs-sign-in')
    await expect(host.servers.connection(id).callTool('whoami', {})).rejects.toThrow(/sign/i)
    await needsSignIn
  }

  it('registers again at a new authorization server and never shows it the old client or tokens', async () => {
    const setupResult = await setup()
    const { fixture, host, id } = setupResult
    const signedIn = await signIn(setupResult)
    expect(signedIn.auth?.issuer).toBe(fixture.first.issuer)
    const firstClientIds = [...new Set(clientIdsSeenBy(fixture.first))]
    expect(fixture.first.log.registrations).toHaveLength(1)
    expect(firstClientIds).toHaveLength(1)

    // The server moves to the second authorization server: the first one's token is refused, and its
    // refresh token is not worth trying anywhere (the resource metadata names another issuer now).
    const firstTokenRequests = fixture.first.log.tokenRequests.length
    await moveAndRefuse(setupResult, 'second')
    expect(fixture.second.log.tokenRequests).toEqual([])
    expect(fixture.first.log.tokenRequests).toHaveLength(firstTokenRequests)
    expect(host.log.join('\n')).toMatch(/now uses the authorization server .* sign in again there/)

    const state = await signIn(setupResult)
    expect(state.auth?.issuer).toBe(fixture.second.issuer)
    expect(fixture.second.log.registrations).toHaveLength(1)
    for (const clientId of firstClientIds) expect(clientIdsSeenBy(fixture.second)).not.toContain(clientId)
    const result = await host.servers.connection(id).callTool('whoami', {})
    expect(result.content).toEqual([{ type: 'text', text: 'notes:read' }])

    // Both registrations are kept, each under its issuer: moving back needs a sign-in but no registration.
    const stored = host.secrets.get(clientName(id)) ?? ''
    const secondClientIds = [...new Set(clientIdsSeenBy(fixture.second))]
    expect(secondClientIds).toHaveLength(1)
    for (const clientId of [...firstClientIds, ...secondClientIds]) {
      expect(stored).toContain(clientId)
    }
    await moveAndRefuse(setupResult, 'first')
    await signIn(setupResult)
    expect(fixture.first.log.registrations).toHaveLength(1)
    expect(new Set(clientIdsSeenBy(fixture.first))).toEqual(new Set(firstClientIds))
  })

  it.each(['stamped', 'unstamped'])(
    'a registration stored before issuer keys (%s) keeps working and belongs to its issuer from then on',
    async (variant) => {
      const setupResult = await setup()
      const { fixture, host, id } = setupResult
      await signIn(setupResult)
      // Rewrite the record into the one-registration shape of earlier versions.
      const record = JSON.parse(host.secrets.get(clientName(id)) ?? '{}') as {
        byIssuer: Record<string, { client: Record<string, unknown>; redirectPort: number }>
      }
      const legacy = Object.values(record.byIssuer)[0]!
      if (variant === 'unstamped') delete legacy.client['issuer']
      host.secrets.set(clientName(id), JSON.stringify(legacy))
      const clientId = legacy.client['client_id'] as string

      // A refresh still finds the client it needs.
      fixture.first.store.expireAccessTokens()
      const result = await host.servers.connection(id).callTool('whoami', {})
      expect(result.content).toEqual([{ type: 'text', text: 'notes:read' }])
      expect(fixture.first.log.tokenRequests.at(-1)?.grantType).toBe('refresh_token')

      // So does the next sign-in; an unstamped one is stamped with this issuer and kept under it.
      await signIn(setupResult)
      expect(fixture.first.log.registrations).toHaveLength(1)
      expect(fixture.first.log.authorizeRequests.at(-1)?.get('client_id')).toBe(clientId)
      const credentials = new OAuthCredentials(host.secrets)
      expect(credentials.client(id, fixture.first.issuer)?.client).toMatchObject({
        client_id: clientId,
        issuer: fixture.first.issuer,
      })
      expect(credentials.client(id, fixture.second.issuer)).toBeUndefined()
    },
  )

  it('a client id from the settings is bound to the issuer it first signed in with', async () => {
    const known = { knownClientId: 'desk-client' }
    const setupResult = await setup({ first: known, second: known }, { clientId: 'desk-client' })
    const { fixture, host, id } = setupResult
    await signIn(setupResult)

    await moveAndRefuse(setupResult, 'second')
    await expect(host.signIn.start(id)).rejects.toThrow(/desk-client.*registered with/)
    expect(host.servers.get(id).auth?.error).toMatch(new RegExp(fixture.second.issuer.replace(/\W/g, '.')))
    expect(clientIdsSeenBy(fixture.second)).toEqual([])
    expect(fixture.second.log.registrations).toEqual([])
  })
})
