import { describe, expect, it } from 'vitest'
import {
  decideOpenExternal,
  isLoopbackHostname,
} from '../../../../src/main/core/security/external-link-policy'

describe('decideOpenExternal', () => {
  it.each([
    ['https://modelcontextprotocol.io/docs', 'https://modelcontextprotocol.io/docs'],
    ['https://example.com:8443/a?b=c#d', 'https://example.com:8443/a?b=c#d'],
    ['HTTPS://Example.COM', 'https://example.com/'],
    ['http://localhost:3000/callback', 'http://localhost:3000/callback'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080/'],
    ['http://127.255.0.9/', 'http://127.255.0.9/'],
    ['http://[::1]:9000/', 'http://[::1]:9000/'],
    ['http://[0:0:0:0:0:0:0:1]/', 'http://[::1]/'],
    ['http://2130706433/', 'http://127.0.0.1/'],
    ['http://0x7f.1/', 'http://127.0.0.1/'],
  ])('allows %s and returns the normalised URL', (input, normalised) => {
    expect(decideOpenExternal(input)).toEqual({ allow: true, url: normalised })
  })

  it.each([
    ['http to a public host', 'http://example.com/', 'plain http'],
    ['a localhost look-alike', 'http://localhost.evil.com/', 'plain http'],
    ['a loopback-IP look-alike', 'http://127.0.0.1.evil.com/', 'plain http'],
    ['a nip.io loopback name', 'http://127.0.0.1.nip.io/', 'plain http'],
    ['credentials that move the host', 'http://localhost@evil.com/', 'user name or password'],
    ['credentials on https', 'https://bank.example@evil.example/', 'user name or password'],
    ['credentials with password', 'https://user:secret@example.com/', 'user name or password'],
    ['javascript:', 'javascript:alert(1)', 'javascript:'],
    ['file:', 'file:///etc/passwd', 'file:'],
    ['data:', 'data:text/html,hi', 'data:'],
    ['a custom scheme', 'ms-msdt:/id PCWDiagnostic', 'ms-msdt:'],
    ['smb:', 'smb://server/share', 'smb:'],
    ['ftp:', 'ftp://example.com/', 'ftp:'],
    ['an IPv4-mapped IPv6 loopback over http', 'http://[::ffff:127.0.0.1]/', 'plain http'],
    ['0.0.0.0', 'http://0.0.0.0/', 'plain http'],
    ['a relative path', '/settings', 'not a valid URL'],
    ['garbage', 'not a url', 'not a valid URL'],
    ['the empty string', '', 'empty'],
  ])('denies %s with a reason', (_label, input, reason) => {
    const decision = decideOpenExternal(input)
    expect(decision.allow).toBe(false)
    if (!decision.allow) expect(decision.reason).toContain(reason)
  })

  it('denies absurdly long links', () => {
    const decision = decideOpenExternal(`https://example.com/${'a'.repeat(10_000)}`)
    expect(decision).toMatchObject({ allow: false })
  })

  it('denies a non-string without throwing', () => {
    expect(decideOpenExternal(undefined as unknown as string)).toMatchObject({ allow: false })
  })
})

describe('isLoopbackHostname', () => {
  it('accepts only canonical loopback names', () => {
    expect(isLoopbackHostname('127.0.0.1')).toBe(true)
    expect(isLoopbackHostname('127.1.2.3')).toBe(true)
    expect(isLoopbackHostname('localhost')).toBe(true)
    expect(isLoopbackHostname('[::1]')).toBe(true)
    expect(isLoopbackHostname('127.0.0.256')).toBe(false)
    expect(isLoopbackHostname('128.0.0.1')).toBe(false)
    expect(isLoopbackHostname('localhost.evil.com')).toBe(false)
    expect(isLoopbackHostname('127.0.0.1.evil.com')).toBe(false)
  })
})
