import { describe, expect, it } from 'vitest'
import { decideAccess, isOwnHost, readCookie, tokensEqual } from '../../../src/main/web/web-access-policy'

const context = { port: 4321, token: 'tok-0123456789' }
const facts = (over: Partial<{ host: string; origin: string; url: string; cookie: string }> = {}) => ({
  host: '127.0.0.1:4321',
  origin: undefined,
  url: '/?token=tok-0123456789',
  cookie: undefined,
  ...over,
})

describe('web access policy', () => {
  it('allows our own host with the token in the query or the cookie', () => {
    expect(decideAccess(facts(), context)).toEqual({ allow: true, via: 'query' })
    expect(
      decideAccess(facts({ url: '/assets/a.js', cookie: 'x=1; mcp_desk_token=tok-0123456789' }), context),
    ).toEqual({
      allow: true,
      via: 'cookie',
    })
    expect(
      decideAccess(facts({ host: 'localhost:4321', origin: 'http://localhost:4321' }), context).allow,
    ).toBe(true)
  })

  it('refuses a missing, wrong, or prefix-of token with 401', () => {
    for (const url of [
      '/',
      '/?token=',
      '/?token=tok-01234',
      '/?token=tok-0123456789x',
      '/?Token=tok-0123456789',
    ]) {
      expect(decideAccess(facts({ url }), context)).toMatchObject({ allow: false, status: 401 })
    }
  })

  it('refuses rebinding hosts and other ports with 403 even with the right token', () => {
    for (const host of [
      'evil.example:4321',
      '127.0.0.1:4322',
      '127.0.0.1',
      '127.0.0.1.nip.io:4321',
      '',
      'localhost.evil:4321',
    ]) {
      expect(decideAccess(facts({ host }), context), host).toMatchObject({ allow: false, status: 403 })
    }
    expect(decideAccess({ ...facts(), host: undefined }, context)).toMatchObject({
      allow: false,
      status: 403,
    })
  })

  it('refuses foreign origins with 403, and requires an origin for sockets', () => {
    for (const origin of [
      'http://evil.example',
      'http://127.0.0.1:9999',
      'null',
      'https://127.0.0.1:4321',
      'http://127.0.0.1:4321.evil',
    ]) {
      expect(decideAccess(facts({ origin }), context), origin).toMatchObject({ allow: false, status: 403 })
    }
    expect(decideAccess(facts(), context, { requireOrigin: true })).toMatchObject({
      allow: false,
      status: 403,
    })
    expect(
      decideAccess(facts({ origin: 'http://127.0.0.1:4321' }), context, { requireOrigin: true }).allow,
    ).toBe(true)
  })

  it('has helpers that do not trip on odd input', () => {
    expect(isOwnHost('LOCALHOST:4321', 4321)).toBe(true)
    expect(tokensEqual(undefined, 'a')).toBe(false)
    expect(tokensEqual('é', 'ab')).toBe(false)
    expect(readCookie('a=1;;=2; b = %E2%9C%93', 'b')).toBe('✓')
    expect(readCookie(undefined, 'a')).toBeUndefined()
  })
})
