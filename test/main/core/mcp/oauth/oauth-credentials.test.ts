import { describe, expect, it } from 'vitest'
import {
  clientName,
  OAuthCredentials,
  sameIssuer,
  tokensName,
  type StoredClient,
} from '../../../../../src/main/core/mcp/oauth/oauth-credentials'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'

const A = 'https://a.example'
const B = 'https://b.example/tenant'

function registration(clientId: string, issuer?: string, redirectPort = 40123): StoredClient {
  return {
    client: { client_id: clientId, ...(issuer === undefined ? {} : { issuer }) },
    redirectPort,
  }
}

function stored(secrets: MemorySecretStore, name: string): unknown {
  return JSON.parse(secrets.get(name) ?? 'null') as unknown
}

describe('OAuthCredentials: registrations keyed by issuer', () => {
  it('keeps one registration per issuer, each found only under its own', () => {
    const secrets = new MemorySecretStore()
    const credentials = new OAuthCredentials(secrets)
    credentials.saveClient('notes', A, registration('client-a', A))
    credentials.saveClient('notes', B, registration('client-b', B, 40124))
    expect(credentials.client('notes', A)?.client.client_id).toBe('client-a')
    expect(credentials.client('notes', B)?.client.client_id).toBe('client-b')
    expect(credentials.client('notes', 'https://c.example')).toBeUndefined()
    // One trailing slash apart is the same issuer, as the SDK compares them.
    expect(credentials.client('notes', `${A}/`)?.client.client_id).toBe('client-a')
    expect(credentials.latestClient('notes')?.redirectPort).toBe(40124)

    credentials.forgetClient('notes', B)
    expect(credentials.client('notes', B)).toBeUndefined()
    expect(credentials.client('notes', A)?.client.client_id).toBe('client-a')
    credentials.forgetClient('notes', A)
    expect(secrets.list()).not.toContain(clientName('notes'))
  })

  it('reads a record from before issuer keys under the issuer its client was stamped with', () => {
    const secrets = new MemorySecretStore()
    secrets.set(clientName('notes'), JSON.stringify(registration('old-client', A)))
    const credentials = new OAuthCredentials(secrets)
    expect(credentials.client('notes', A)?.client.client_id).toBe('old-client')
    expect(credentials.client('notes', B)).toBeUndefined()

    // The next change writes the keyed shape and keeps the old registration.
    credentials.saveClient('notes', B, registration('client-b', B))
    expect(credentials.client('notes', A)?.client.client_id).toBe('old-client')
    expect(stored(secrets, clientName('notes'))).toMatchObject({
      byIssuer: { [A]: { client: { client_id: 'old-client' } }, [B]: { client: { client_id: 'client-b' } } },
    })
  })

  it('serves an unstamped old registration to the first issuer that asks, then keys it there', () => {
    const secrets = new MemorySecretStore()
    secrets.set(clientName('notes'), JSON.stringify(registration('unstamped')))
    const credentials = new OAuthCredentials(secrets)
    expect(credentials.client('notes', A)?.client.client_id).toBe('unstamped')
    expect(credentials.latestClient('notes')?.client.client_id).toBe('unstamped')

    credentials.saveClient('notes', A, registration('unstamped', A))
    expect(credentials.client('notes', A)?.client.client_id).toBe('unstamped')
    expect(credentials.client('notes', B)).toBeUndefined()
  })

  it('changes the record as it is in the store now: another process’s registration survives', () => {
    const secrets = new MemorySecretStore()
    const here = new OAuthCredentials(secrets)
    const there = new OAuthCredentials(secrets)
    here.saveClient('notes', A, registration('client-a', A))
    there.saveClient('notes', B, registration('client-b', B))
    here.bindClientId('notes', 'desk-client', A)
    expect(there.client('notes', A)?.client.client_id).toBe('client-a')
    expect(here.client('notes', B)?.client.client_id).toBe('client-b')
    expect(there.boundIssuer('notes', 'desk-client')).toBe(A)
  })

  it('treats a damaged entry as absent without losing the others', () => {
    const secrets = new MemorySecretStore()
    secrets.set(
      clientName('notes'),
      JSON.stringify({
        byIssuer: { [A]: { client: {}, redirectPort: 'no' }, [B]: registration('client-b', B) },
        boundClientIds: {},
      }),
    )
    const credentials = new OAuthCredentials(secrets)
    expect(credentials.client('notes', A)).toBeUndefined()
    expect(credentials.client('notes', B)?.client.client_id).toBe('client-b')
    secrets.set(clientName('other'), '{not json')
    expect(credentials.client('other', A)).toBeUndefined()
    expect(credentials.boundIssuer('other', 'desk-client')).toBeUndefined()
  })

  it('hands tokens out only to the issuer that stamped them (or to any, before stamps)', () => {
    const secrets = new MemorySecretStore()
    const credentials = new OAuthCredentials(secrets)
    credentials.saveTokens('notes', {
      tokens: { access_token: 'at', token_type: 'Bearer', issuer: A },
      obtainedAt: 0,
    })
    expect(credentials.tokensFrom('notes', A)?.tokens.access_token).toBe('at')
    expect(credentials.tokensFrom('notes', `${A}/`)?.tokens.access_token).toBe('at')
    expect(credentials.tokensFrom('notes', B)).toBeUndefined()
    // The bearer for the MCP server itself: whatever the current sign-in holds.
    expect(credentials.tokens('notes')?.tokens.access_token).toBe('at')

    secrets.set(
      tokensName('notes'),
      JSON.stringify({ tokens: { access_token: 'old', token_type: 'Bearer' }, obtainedAt: 0 }),
    )
    expect(credentials.tokensFrom('notes', B)?.tokens.access_token).toBe('old')
  })

  it('forgets everything of a server at sign-out', () => {
    const secrets = new MemorySecretStore()
    const credentials = new OAuthCredentials(secrets)
    credentials.saveClient('notes', A, registration('client-a', A))
    credentials.saveTokens('notes', { tokens: { access_token: 'at', token_type: 'Bearer' }, obtainedAt: 0 })
    credentials.saveClient('other', A, registration('client-o', A))
    credentials.forgetAll('notes')
    expect(secrets.list()).toEqual([clientName('other')])
  })

  it('compares issuers like the SDK: exact, or one trailing slash apart', () => {
    expect(sameIssuer(A, `${A}/`)).toBe(true)
    expect(sameIssuer(`${A}/`, A)).toBe(true)
    expect(sameIssuer(A, 'https://A.example')).toBe(false)
    expect(sameIssuer(A, `${A}/x`)).toBe(false)
  })
})
