import { describe, expect, it } from 'vitest'
import { DESKTOP_APP, type AppOrigin } from '../../../../src/main/core/security/app-origin'
import { isAllowedNavigation } from '../../../../src/main/core/security/navigation-policy'

const dev: AppOrigin = { kind: 'http', origin: 'http://localhost:5173' }
const prod: AppOrigin = DESKTOP_APP

describe('isAllowedNavigation with the vite dev server origin', () => {
  it.each([
    'http://localhost:5173',
    'http://localhost:5173/',
    'http://localhost:5173/index.html?view=settings#/servers',
    'http://LOCALHOST:5173/',
  ])('allows the app origin: %s', (url) => {
    expect(isAllowedNavigation(url, dev)).toBe(true)
  })

  it.each([
    ['a look-alike host with the origin as a prefix', 'http://localhost:5173.evil.com/'],
    ['credentials that move the host', 'http://localhost:5173@evil.com/'],
    ['credentials on the right host', 'http://user:pass@localhost:5173/'],
    ['a different port', 'http://localhost:5174/'],
    ['the default port', 'http://localhost/'],
    ['a different scheme', 'https://localhost:5173/'],
    ['a websocket scheme', 'ws://localhost:5173/'],
    ['the same machine under another name', 'http://127.0.0.1:5173/'],
    ['a DNS name that resolves to loopback', 'http://127.0.0.1.nip.io:5173/'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: with an origin-like body', 'javascript://localhost:5173/%0aalert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['file:', 'file:///etc/passwd'],
    ['about:blank', 'about:blank'],
    ['blob:', 'blob:http://localhost:5173/0f1c4c2e-1111-2222-3333-444455556666'],
    ['an empty string', ''],
    ['garbage', 'not a url'],
  ])('refuses %s', (_label, url) => {
    expect(isAllowedNavigation(url, dev)).toBe(false)
  })

  it('normalises the configured origin rather than comparing strings', () => {
    expect(
      isAllowedNavigation('http://localhost:5173/x', { kind: 'http', origin: 'http://localhost:5173/' }),
    ).toBe(true)
    expect(
      isAllowedNavigation('http://example.test/', { kind: 'http', origin: 'http://example.test:80' }),
    ).toBe(true)
  })

  it('refuses everything when the configured origin is not an http origin', () => {
    expect(isAllowedNavigation('http://localhost:5173/', { kind: 'http', origin: 'garbage' })).toBe(false)
    expect(isAllowedNavigation('file:///x', { kind: 'http', origin: 'file:///x' })).toBe(false)
  })
})

describe('isAllowedNavigation with the desktop app origin', () => {
  it.each([
    'app://mcp-desk/index.html',
    'app://mcp-desk/index.html#/settings',
    'app://mcp-desk/index.html?tab=servers',
    'app://mcp-desk/assets/index-abc.js',
    'app://MCP-DESK/index.html',
  ])('allows a page of the app: %s', (url) => {
    expect(isAllowedNavigation(url, prod)).toBe(true)
  })

  it.each([
    ['the built page on disk', 'file:///opt/mcp-desk/out/renderer/index.html'],
    ['a local file', 'file:///etc/passwd'],
    ['another host on the scheme', 'app://evil/index.html'],
    ['a look-alike host', 'app://mcp-desk.evil/index.html'],
    ['a port', 'app://mcp-desk:1234/index.html'],
    ['credentials', 'app://user@mcp-desk/index.html'],
    ['credentials that move the host', 'app://mcp-desk@evil/index.html'],
    ['the view sandbox scheme', 'mcp-desk-view://sandbox/proxy'],
    ['another scheme with the same host', 'apps://mcp-desk/index.html'],
    ['http', 'http://localhost:5173/'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
  ])('refuses %s', (_label, url) => {
    expect(isAllowedNavigation(url, prod)).toBe(false)
  })

  it('refuses the app scheme when the window trusts the dev server', () => {
    expect(isAllowedNavigation('app://mcp-desk/index.html', dev)).toBe(false)
  })
})
