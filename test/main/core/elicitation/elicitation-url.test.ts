import { describe, expect, it } from 'vitest'
import { checkElicitationUrl } from '../../../../src/main/core/elicitation/elicitation-url'

describe('checkElicitationUrl', () => {
  it.each([
    ['https://auth.example.com/consent?x=1', 'auth.example.com'],
    ['https://example.com:8443/pay', 'example.com:8443'],
    ['http://localhost:3000/callback', 'localhost:3000'],
    ['http://127.0.0.1/ok', '127.0.0.1'],
    ['http://[::1]:8080/', '[::1]:8080'],
    // A look-alike name shows as the punycode the browser will actually resolve.
    ['https://exаmple.com/', 'xn--exmple-4nf.com'],
  ])('shows %s with host %s', (url, host) => {
    const check = checkElicitationUrl(url)
    expect(check).toMatchObject({ ok: true, host })
  })

  it.each([
    ['http://example.com/login', 'plain http links are only opened for this computer'],
    ['http://localhost.evil.com/', 'plain http links are only opened for this computer'],
    ['javascript:alert(1)', 'links using javascript: are not opened'],
    ['file:///etc/passwd', 'links using file: are not opened'],
    ['https://bank.example@evil.example/', 'links carrying a user name or password are not opened'],
    ['not a url', 'the link is not a valid URL'],
  ])('refuses %s', (url, reason) => {
    const check = checkElicitationUrl(url)
    expect(check.ok).toBe(false)
    expect(check.ok ? '' : check.reason).toContain(reason)
  })
})
