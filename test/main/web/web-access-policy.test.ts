import { describe, expect, it } from 'vitest'
import {
  decideAssetAccess,
  decideSocketAccess,
  isOwnHost,
  offeredProtocols,
  tokenFromProtocols,
  tokensEqual,
} from '../../../src/main/web/web-access-policy'

const context = { port: 4321, token: 'tok-0123456789' }
const facts = (over: Partial<{ host: string; origin: string; protocols: string }> = {}) => ({
  host: '127.0.0.1:4321',
  origin: undefined,
  protocols: undefined,
  ...over,
})
const socketFacts = (over: Partial<{ host: string; origin: string; protocols: string }> = {}) =>
  facts({ origin: 'http://127.0.0.1:4321', protocols: 'mcp-desk.v1, mcp-desk.token.tok-0123456789', ...over })

describe('web access policy', () => {
  it('serves assets to our own host without any token', () => {
    expect(decideAssetAccess(facts(), 4321)).toEqual({ allow: true })
    expect(
      decideAssetAccess(facts({ host: 'localhost:4321', origin: 'http://localhost:4321' }), 4321),
    ).toEqual({ allow: true })
  })

  it('lets a socket in with our origin and the token offered as a subprotocol', () => {
    expect(decideSocketAccess(socketFacts(), context)).toEqual({ allow: true })
    expect(
      decideSocketAccess(socketFacts({ protocols: 'mcp-desk.token.tok-0123456789,mcp-desk.v1' }), context),
    ).toEqual({ allow: true })
  })

  it('refuses a socket with a missing, wrong, prefix-of, doubled or misplaced token with 401', () => {
    for (const protocols of [
      'mcp-desk.v1',
      'mcp-desk.v1, mcp-desk.token.',
      'mcp-desk.v1, mcp-desk.token.tok-01234',
      'mcp-desk.v1, mcp-desk.token.tok-0123456789x',
      'mcp-desk.v1, mcp-desk.token.tok-0123456789, mcp-desk.token.other',
      'mcp-desk.v1, Mcp-Desk.token.tok-0123456789',
      'mcp-desk.token.tok-0123456789',
      '',
    ]) {
      expect(decideSocketAccess(socketFacts({ protocols }), context), protocols).toMatchObject({
        allow: false,
        status: 401,
      })
    }
    expect(decideSocketAccess({ ...socketFacts(), protocols: undefined }, context)).toMatchObject({
      allow: false,
      status: 401,
    })
  })

  it('refuses rebinding hosts and other ports with 403, for assets and sockets', () => {
    for (const host of [
      'evil.example:4321',
      '127.0.0.1:4322',
      '127.0.0.1',
      '127.0.0.1.nip.io:4321',
      '',
      'localhost.evil:4321',
    ]) {
      expect(decideAssetAccess(facts({ host }), 4321), host).toMatchObject({ allow: false, status: 403 })
      expect(decideSocketAccess(socketFacts({ host }), context), host).toMatchObject({
        allow: false,
        status: 403,
      })
    }
    expect(decideAssetAccess({ ...facts(), host: undefined }, 4321)).toMatchObject({
      allow: false,
      status: 403,
    })
  })

  it('refuses foreign origins with 403 even with the token, and requires an origin for sockets', () => {
    for (const origin of [
      'http://evil.example',
      'http://127.0.0.1:9999',
      'null',
      'https://127.0.0.1:4321',
      'http://127.0.0.1:4321.evil',
    ]) {
      expect(decideAssetAccess(facts({ origin }), 4321), origin).toMatchObject({ allow: false, status: 403 })
      expect(decideSocketAccess(socketFacts({ origin }), context), origin).toMatchObject({
        allow: false,
        status: 403,
      })
    }
    expect(decideSocketAccess({ ...socketFacts(), origin: undefined }, context)).toMatchObject({
      allow: false,
      status: 403,
    })
  })

  it('has helpers that do not trip on odd input', () => {
    expect(isOwnHost('LOCALHOST:4321', 4321)).toBe(true)
    expect(tokensEqual(undefined, 'a')).toBe(false)
    expect(tokensEqual('é', 'ab')).toBe(false)
    expect(offeredProtocols(' a ,, b,')).toEqual(['a', 'b'])
    expect(offeredProtocols(undefined)).toEqual([])
    expect(tokenFromProtocols('%E0%A4%A, mcp-desk.token.%E0%A4%A')).toBe('%E0%A4%A')
    expect(tokenFromProtocols(',,,')).toBeUndefined()
  })
})
