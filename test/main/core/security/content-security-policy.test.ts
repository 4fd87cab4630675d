import { describe, expect, it } from 'vitest'
import {
  buildContentSecurityPolicy,
  type ContentSecurityPolicyOptions,
} from '../../../../src/main/core/security/content-security-policy'
import { DEV_INLINE_SCRIPT_HASHES } from '../../../../src/main/core/security/dev-inline-scripts'

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (!name) continue
    expect(map.has(name), `duplicate directive ${name}`).toBe(false)
    map.set(name, sources)
  }
  return map
}

const allModes: ContentSecurityPolicyOptions[] = [
  { mode: 'desktop' },
  { mode: 'desktop', dev: true },
  { mode: 'web', connectSrc: ['ws://127.0.0.1:4321'] },
  { mode: 'web', dev: true, connectSrc: ['ws://127.0.0.1:4321'] },
]

describe('buildContentSecurityPolicy', () => {
  it('produces the exact production desktop policy', () => {
    expect(buildContentSecurityPolicy({ mode: 'desktop' })).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
    )
  })

  it.each(allModes)('never allows inline or eval scripts: %j', (options) => {
    const policy = directives(buildContentSecurityPolicy(options))
    const script = policy.get('script-src') ?? []
    expect(script).toContain("'self'")
    expect(script).not.toContain("'unsafe-inline'")
    expect(script).not.toContain("'unsafe-eval'")
    expect(script).not.toContain("'wasm-unsafe-eval'")
    expect(script).not.toContain('*')
    expect(script.filter((s) => !s.startsWith("'sha256-") && s !== "'self'")).toEqual([])
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('form-action')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
  })

  it('adds web mode socket sources to connect-src only', () => {
    const policy = directives(
      buildContentSecurityPolicy({ mode: 'web', connectSrc: ['ws://127.0.0.1:4321', 'ws://localhost:4321'] }),
    )
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:4321', 'ws://localhost:4321'])
    expect(policy.get('style-src')).toEqual(["'self'"])
    expect(policy.get('script-src')).toEqual(["'self'"])
  })

  it('loosens styles and HMR sockets only in dev, and allows only the known preamble script by hash', () => {
    for (const mode of ['desktop', 'web'] as const) {
      const prod = directives(buildContentSecurityPolicy({ mode }))
      expect(prod.get('style-src')).toEqual(["'self'"])
      expect(prod.get('connect-src')).toEqual(["'self'"])

      const dev = directives(buildContentSecurityPolicy({ mode, dev: true }))
      expect(dev.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
      expect(dev.get('connect-src')).toEqual(["'self'", 'ws://localhost:*', 'ws://127.0.0.1:*'])
      expect(dev.get('script-src')).toEqual(["'self'", ...DEV_INLINE_SCRIPT_HASHES])
    }
  })

  it('treats dev as off unless it is exactly true', () => {
    const options = { mode: 'desktop', dev: 'yes' } as unknown as ContentSecurityPolicyOptions
    expect(buildContentSecurityPolicy(options)).toBe(buildContentSecurityPolicy({ mode: 'desktop' }))
  })

  it('does not repeat a connect source', () => {
    const policy = directives(
      buildContentSecurityPolicy({ mode: 'desktop', dev: true, connectSrc: ['ws://localhost:*'] }),
    )
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://localhost:*', 'ws://127.0.0.1:*'])
  })

  it.each([
    "ws://127.0.0.1:1 'unsafe-inline'",
    'ws://127.0.0.1:1; script-src *',
    "'unsafe-eval'",
    '*',
    'ws:',
    'ws://a,b',
    '',
  ])('refuses a connect-src entry that could inject into the policy: %j', (entry) => {
    expect(() => buildContentSecurityPolicy({ mode: 'web', connectSrc: [entry] })).toThrow(
      /connect-src entry/,
    )
  })

  it('accepts wildcard ports, IPv6 hosts and paths in connect sources', () => {
    for (const entry of [
      'ws://localhost:*',
      'ws://[::1]:9000',
      'wss://*.example.com',
      'https://api.example.com/v1',
    ]) {
      expect(
        directives(buildContentSecurityPolicy({ mode: 'web', connectSrc: [entry] })).get('connect-src'),
      ).toContain(entry)
    }
  })

  it('adds frame-src only when a frame source is given: the view sandbox origin or the desktop view scheme', () => {
    expect(directives(buildContentSecurityPolicy({ mode: 'web' })).has('frame-src')).toBe(false)
    expect(
      directives(buildContentSecurityPolicy({ mode: 'web', frameSrc: ['http://127.0.0.1:4444'] })).get(
        'frame-src',
      ),
    ).toEqual(['http://127.0.0.1:4444'])
    const desktop = directives(buildContentSecurityPolicy({ mode: 'desktop', frameSrc: ['mcp-desk-view:'] }))
    expect(desktop.get('frame-src')).toEqual(['mcp-desk-view:'])
    // Nothing else moves: the page itself still may not be framed, and scripts are still only its own.
    expect(desktop.get('frame-ancestors')).toEqual(["'none'"])
    expect(desktop.get('script-src')).toEqual(["'self'"])
  })

  it.each([
    "http://127.0.0.1:1 'unsafe-inline'",
    'http://127.0.0.1:1; script-src *',
    "'self'",
    '*',
    'http:',
    'https:',
    'data:',
    'blob:',
    'file:',
    'javascript:',
    'about:',
    'mcp-desk-view: data:',
    '',
  ])('refuses a frame-src entry that could widen or inject into the policy: %j', (entry) => {
    expect(() => buildContentSecurityPolicy({ mode: 'web', frameSrc: [entry] })).toThrow(/frame-src entry/)
  })

  it('refuses an unknown mode', () => {
    expect(() =>
      buildContentSecurityPolicy({ mode: 'mobile' } as unknown as ContentSecurityPolicyOptions),
    ).toThrow(/mode/)
  })
})
