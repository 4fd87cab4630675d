import { describe, expect, it } from 'vitest'
import indexHtml from '../../src/renderer/index.html?raw'

const expectedPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
  "connect-src 'self' ws: ; base-uri 'none'; form-action 'none'; object-src 'none'"

describe('src/renderer/index.html', () => {
  const page = new DOMParser().parseFromString(indexHtml, 'text/html')

  it('declares the strict content security policy', () => {
    const meta = page.querySelector('meta[http-equiv="Content-Security-Policy"]')
    expect(meta?.getAttribute('content')).toBe(expectedPolicy)
  })

  it('has no inline scripts, style elements or style attributes (the CSP would block them)', () => {
    const scripts = [...page.querySelectorAll('script')]
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      expect(script.getAttribute('src')).toBeTruthy()
      expect(script.textContent?.trim()).toBe('')
    }
    expect(page.querySelectorAll('style')).toHaveLength(0)
    expect(page.querySelectorAll('[style]')).toHaveLength(0)
  })
})
