import { describe, expect, it } from 'vitest'
import { DESKTOP_APP, type AppOrigin } from '../../../../src/main/core/security/app-origin'
import { isTrustedSender } from '../../../../src/main/core/security/sender-policy'

const dev: AppOrigin = { kind: 'http', origin: 'http://localhost:5173' }
const prod: AppOrigin = DESKTOP_APP

describe('isTrustedSender', () => {
  it('trusts the app page in dev and production', () => {
    expect(isTrustedSender('http://localhost:5173/', dev)).toBe(true)
    expect(isTrustedSender('http://localhost:5173/#/settings', dev)).toBe(true)
    expect(isTrustedSender('app://mcp-desk/index.html', prod)).toBe(true)
    expect(isTrustedSender('app://mcp-desk/index.html#/servers', prod)).toBe(true)
  })

  it.each([
    ['no frame', undefined],
    ['a null frame URL', null],
    ['an empty URL', ''],
    ['about:blank', 'about:blank'],
    ['about:srcdoc', 'about:srcdoc'],
    ['DevTools', 'devtools://devtools/bundled/devtools_app.html'],
    ['a foreign https page', 'https://evil.example/'],
    ['a look-alike host', 'http://localhost:5173.evil.com/'],
    ['a credentials trick', 'http://localhost:5173@evil.com/'],
    ['data:', 'data:text/html,hi'],
    ['a local file outside the app', 'file:///tmp/evil.html'],
    ['the built page loaded from disk', 'file:///opt/mcp-desk/out/renderer/index.html'],
    ['another host on the app scheme', 'app://evil/index.html'],
    ['the app scheme with a port', 'app://mcp-desk:99/index.html'],
    ['an MCP App view', 'mcp-desk-view://sandbox/proxy'],
  ])('refuses %s', (_label, url) => {
    expect(isTrustedSender(url, dev)).toBe(false)
    expect(isTrustedSender(url, prod)).toBe(false)
  })
})
