import { describe, expect, it } from 'vitest'
import { checkRemoteUrl, redactUrl } from '../../../../../src/main/core/mcp/http/remote-url-policy'

describe('checkRemoteUrl', () => {
  it.each([
    ['https://mcp.example.com/mcp', 'https://mcp.example.com/mcp'],
    ['https://mcp.example.com:8443/v1/mcp?tenant=a', 'https://mcp.example.com:8443/v1/mcp?tenant=a'],
    ['http://localhost:3001/mcp', 'http://localhost:3001/mcp'],
    ['http://LOCALHOST:3001/mcp', 'http://localhost:3001/mcp'],
    ['http://127.0.0.1:3001/mcp', 'http://127.0.0.1:3001/mcp'],
    ['http://127.255.10.3/mcp', 'http://127.255.10.3/mcp'],
    ['http://[::1]:3001/mcp', 'http://[::1]:3001/mcp'],
    ['http://[0:0:0:0:0:0:0:1]/mcp', 'http://[::1]/mcp'],
    // The WHATWG parser turns every IPv4 spelling into dotted decimal before the host is judged.
    ['http://2130706433/', 'http://127.0.0.1/'],
    ['http://0x7f.1/mcp', 'http://127.0.0.1/mcp'],
    ['http://127.1/mcp', 'http://127.0.0.1/mcp'],
  ])('allows %s', (raw, href) => {
    const decision = checkRemoteUrl(raw)
    expect(decision).toEqual({ ok: true, url: new URL(href) })
  })

  it.each([
    ['http://example.test/mcp', /plain http is only allowed to this computer.*example\.test/],
    ['http://localhost.evil.com/mcp', /plain http .*localhost\.evil\.com/],
    ['http://127.0.0.1.nip.io/mcp', /plain http .*127\.0\.0\.1\.nip\.io/],
    ['http://foo.localhost/mcp', /plain http/],
    ['http://localhost./mcp', /plain http/],
    ['http://[::ffff:127.0.0.1]/mcp', /plain http/],
    ['http://10.0.0.5/mcp', /plain http .*10\.0\.0\.5/],
    ['http://0.0.0.0:3001/mcp', /plain http/],
    ['https://user:pass@mcp.example.com/mcp', /user name or password; put credentials in a header/],
    ['https://token@mcp.example.com/mcp', /user name or password/],
    ['http://localhost@evil.example/mcp', /user name or password/],
    ['ftp://mcp.example.com/mcp', /uses ftp:; only https/],
    ['ws://localhost:3001/mcp', /uses ws:/],
    ['file:///etc/passwd', /uses file:/],
    ['javascript:alert(1)', /uses javascript:/],
    ['mcp.example.com/mcp', /not a valid URL/],
    ['', /empty/],
    ['   ', /empty/],
    [`https://example.com/${'a'.repeat(9000)}`, /longer than 8192 characters/],
  ])('refuses %s', (raw, reason) => {
    const decision = checkRemoteUrl(raw)
    expect(decision.ok).toBe(false)
    if (!decision.ok) {
      expect(decision.reason).toMatch(reason)
      expect(decision.reason).not.toContain('\n')
    }
  })

  it('never echoes the query string or the password in a reason', () => {
    for (const raw of [
      'http://example.test/mcp?api_key=s3cr3t-query',
      'https://alice:s3cr3t-pass@example.com/mcp?api_key=s3cr3t-query',
      'not a url ?api_key=s3cr3t-query',
    ]) {
      const decision = checkRemoteUrl(raw)
      expect(decision.ok).toBe(false)
      if (!decision.ok) expect(decision.reason).not.toMatch(/s3cr3t/)
    }
  })

  it('does not crash on input that is not a string', () => {
    expect(checkRemoteUrl(undefined as unknown as string)).toEqual({
      ok: false,
      reason: 'the server URL is empty',
    })
  })
})

describe('redactUrl', () => {
  it('keeps scheme, host and path only', () => {
    expect(redactUrl('https://alice:pw@mcp.example.com:8443/v1/mcp?api_key=k#frag')).toBe(
      'https://mcp.example.com:8443/v1/mcp',
    )
    expect(redactUrl(new URL('http://127.0.0.1:3001/mcp?x=1'))).toBe('http://127.0.0.1:3001/mcp')
    expect(redactUrl('not a url?key=1')).toBe('(invalid URL)')
  })
})
