import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cspMetaContent, rendererCspPlugin } from '../../build/renderer-csp-plugin'

function scriptSrc(policy: string): string {
  return policy.split('; ').find((d) => d.startsWith('script-src ')) ?? ''
}

describe('renderer CSP plugin', () => {
  it('gives the build the strict policy: no inline or eval scripts or styles, nothing but our own files', () => {
    const policy = cspMetaContent(false)
    expect(scriptSrc(policy)).toBe("script-src 'self'")
    expect(policy).toContain("style-src 'self';")
    expect(policy).toContain("default-src 'none'")
    expect(policy).not.toContain('unsafe')
    expect(policy).not.toContain('frame-ancestors')
  })

  it('lets the page frame only the view sandbox: the desktop scheme, or a loopback port web mode narrows', () => {
    const frameSrc = cspMetaContent(false)
      .split('; ')
      .find((directive) => directive.startsWith('frame-src '))
    // Without it default-src 'none' refused every view (a meta policy is enforced beside web mode's header).
    expect(frameSrc).toBe('frame-src mcp-desk-view: http://127.0.0.1:*')
  })

  it('relaxes only what the dev server needs: the refresh preamble by hash, injected styles, the HMR socket', () => {
    const policy = cspMetaContent(true)
    expect(scriptSrc(policy)).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/=]+'$/)
    expect(policy).toContain("style-src 'self' 'unsafe-inline'")
    expect(policy).toContain('ws://localhost:*')
  })

  it('injects the meta tag first in <head>, per command', () => {
    for (const command of ['build', 'serve'] as const) {
      const plugin = rendererCspPlugin()
      ;(plugin.configResolved as (c: { command: string }) => void)({ command })
      const hook = plugin.transformIndexHtml as { handler: () => unknown }
      expect(hook.handler()).toEqual([
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: cspMetaContent(command === 'serve') },
          injectTo: 'head-prepend',
        },
      ])
    }
  })

  it('is in the built page when a build exists', () => {
    const built = resolve(import.meta.dirname, '../../out/renderer/index.html')
    if (!existsSync(built)) return // the e2e global setup builds; this check rides along when it has
    const html = readFileSync(built, 'utf8').replaceAll('&#39;', "'")
    expect(html).toContain(`content="${cspMetaContent(false)}"`)
  })
})
