import { describe, expect, it } from 'vitest'
import indexHtml from '../../src/renderer/index.html?raw'

describe('src/renderer/index.html', () => {
  const page = new DOMParser().parseFromString(indexHtml, 'text/html')

  it('leaves the Content-Security-Policy meta tag to the build plugin (one source for every policy)', () => {
    expect(page.querySelector('meta[http-equiv="Content-Security-Policy"]')).toBeNull()
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
