import { describe, expect, it } from 'vitest'
import { pathToFileURL } from 'node:url'
import type { AppOrigin } from '../../../../src/main/core/security/app-origin'
import { isAllowedNavigation } from '../../../../src/main/core/security/navigation-policy'

const dev: AppOrigin = { kind: 'http', origin: 'http://localhost:5173' }
const rendererDir = '/opt/mcp-desk/out/renderer'
const prod: AppOrigin = { kind: 'file', rendererDir }
const page = pathToFileURL(`${rendererDir}/index.html`).href

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

describe('isAllowedNavigation with the production file origin', () => {
  it.each([
    page,
    `${page}#/settings`,
    `${page}?tab=servers`,
    pathToFileURL(`${rendererDir}/assets/index-abc.js`).href,
    'file://localhost/opt/mcp-desk/out/renderer/index.html',
    'file:///opt/mcp-desk/out/renderer/./index.html',
  ])('allows a page inside the renderer directory: %s', (url) => {
    expect(isAllowedNavigation(url, prod)).toBe(true)
  })

  it.each([
    ['a file outside the renderer directory', 'file:///etc/passwd'],
    ['a sibling directory sharing the prefix', 'file:///opt/mcp-desk/out/renderer-evil/index.html'],
    ['a .. escape', 'file:///opt/mcp-desk/out/renderer/../main/index.js'],
    ['an encoded .. escape', 'file:///opt/mcp-desk/out/renderer/%2e%2e/main/index.js'],
    ['an encoded slash', 'file:///opt/mcp-desk/out/renderer/..%2F..%2Fetc/passwd'],
    ['the directory itself', 'file:///opt/mcp-desk/out/renderer/'],
    ['a network share with the same path', 'file://evil.example/opt/mcp-desk/out/renderer/index.html'],
    ['credentials', 'file://user@/opt/mcp-desk/out/renderer/index.html'],
    ['http', 'http://localhost:5173/'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
  ])('refuses %s', (_label, url) => {
    expect(isAllowedNavigation(url, prod)).toBe(false)
  })

  it('allows a file whose name merely starts with two dots', () => {
    expect(isAllowedNavigation(pathToFileURL(`${rendererDir}/..hidden.html`).href, prod)).toBe(true)
  })

  it('refuses everything when the renderer directory is relative', () => {
    expect(isAllowedNavigation(page, { kind: 'file', rendererDir: 'out/renderer' })).toBe(false)
  })
})
