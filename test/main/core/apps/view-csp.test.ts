import { describe, expect, it } from 'vitest'
import { buildViewAllow, buildViewCsp, safeDomains } from '../../../../src/main/core/apps/view-csp'
import type { ViewCsp } from '../../../../src/shared/apps/view-schema'

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((part) => {
      const [name = '', ...sources] = part.split(' ')
      return [name, sources]
    }),
  )
}

describe('buildViewCsp', () => {
  it('is the spec’s restrictive default when nothing is declared', () => {
    const policy = directives(buildViewCsp(undefined))
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(policy.get('img-src')).toEqual(["'self'", 'data:'])
    expect(policy.get('media-src')).toEqual(["'self'", 'data:'])
    expect(policy.get('connect-src')).toEqual(["'none'"])
    expect(policy.get('frame-src')).toEqual(["'none'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'none'"])
    expect(buildViewCsp({})).toBe(buildViewCsp(undefined))
  })

  it('adds each declared origin only to the directives the spec maps it to', () => {
    const policy = directives(
      buildViewCsp({
        connectDomains: ['https://api.example.com'],
        resourceDomains: ['https://cdn.example.com'],
        frameDomains: ['https://embed.example.com'],
        baseUriDomains: ['https://base.example.com'],
      }),
    )
    expect(policy.get('connect-src')).toEqual(['https://api.example.com'])
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src']) {
      expect(policy.get(name)).toContain('https://cdn.example.com')
      expect(policy.get(name)).not.toContain('https://api.example.com')
    }
    expect(policy.get('frame-src')).toEqual(['https://embed.example.com'])
    expect(policy.get('base-uri')).toEqual(["'self'", 'https://base.example.com'])
    expect(policy.get('default-src')).toEqual(["'none'"])
  })

  it('accepts ports, wildcard subdomains and websockets, lower-cased and de-duplicated', () => {
    expect(
      safeDomains(['http://127.0.0.1:8080', 'wss://*.Example.com', 'WSS://*.example.com', 'https://a.b']),
    ).toEqual(['http://127.0.0.1:8080', 'wss://*.example.com', 'https://a.b'])
  })

  const hostile = [
    '*',
    'https://*',
    "'unsafe-eval'",
    "'unsafe-inline'",
    "'self'",
    "'none'",
    'data:',
    'blob:',
    'https:',
    'javascript:alert(1)',
    'https://a.com; script-src *',
    'https://a.com script-src',
    'https://a.com\tdata:',
    'https://a.com\ndata:',
    "https://a.com'",
    'https://a.com"',
    'https://a.com/path',
    'https://a.com,https://b.com',
    'file:///etc',
    'ftp://a.com',
    'https://user@a.com',
    'https://a.com:99999999',
    "'nonce-abc'",
    "'sha256-abc'",
    '',
    ' ',
    'x'.repeat(300),
  ]

  it.each(hostile)('drops %j and never lets it reach the policy', (entry) => {
    const declared: ViewCsp = {
      connectDomains: [entry],
      resourceDomains: [entry],
      frameDomains: [entry],
      baseUriDomains: [entry],
    }
    expect(buildViewCsp(declared)).toBe(buildViewCsp(undefined))
  })

  it('drops non-strings and non-arrays that slipped past the schema', () => {
    const smuggled = {
      connectDomains: [42, null, { toString: () => '*' }, ['https://a.com']],
      resourceDomains: 'https://a.com; script-src *',
    } as unknown as ViewCsp
    expect(buildViewCsp(smuggled)).toBe(buildViewCsp(undefined))
  })

  it('never loosens: every declared policy still has the default’s restrictions', () => {
    const policy = buildViewCsp({ connectDomains: ['https://a.com'], resourceDomains: ['https://b.com'] })
    expect(policy).not.toMatch(/unsafe-eval|\*(?!\.)|data:[^;]*connect|blob:|wasm/)
    expect(directives(policy).get('object-src')).toEqual(["'none'"])
    expect(policy.split(';')).toHaveLength(directives(buildViewCsp(undefined)).size)
  })

  it('keeps at most 32 entries per list', () => {
    const many = Array.from({ length: 40 }, (_, i) => `https://h${i}.example.com`)
    expect(directives(buildViewCsp({ connectDomains: many })).get('connect-src')).toHaveLength(32)
  })
})

describe('buildViewAllow', () => {
  it('is empty when nothing is declared', () => {
    expect(buildViewAllow(undefined)).toBe('')
    expect(buildViewAllow({})).toBe('')
  })

  it('names exactly the declared features', () => {
    expect(buildViewAllow({ camera: {} })).toBe('camera')
    expect(buildViewAllow({ microphone: {}, geolocation: {}, clipboardWrite: {} })).toBe(
      'microphone; geolocation; clipboard-write',
    )
    expect(buildViewAllow({ camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} })).toBe(
      'camera; microphone; geolocation; clipboard-write',
    )
  })

  it('ignores anything it does not know, and features switched off', () => {
    const smuggled = {
      camera: false,
      usb: {},
      'display-capture': {},
      "camera *; usb 'self'": {},
      microphone: null,
    } as unknown as Parameters<typeof buildViewAllow>[0]
    expect(buildViewAllow(smuggled)).toBe('')
  })
})
