import { Script } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { answerSandboxRequest, VIEW_PROXY_SCRIPT_PATH } from '../../../../src/main/core/apps/sandbox-proxy'
import { SANDBOX_PROXY_SCRIPT } from '../../../../src/main/core/apps/sandbox-proxy-script'
import { buildViewCsp } from '../../../../src/main/core/apps/view-csp'
import { viewProxyUrl } from '../../../../src/shared/apps/view-schema'

function get(target: string, method = 'GET') {
  const url = new URL(target, 'http://127.0.0.1:1')
  return answerSandboxRequest({ method, path: decodeURIComponent(url.pathname), query: url.searchParams })
}

const proxyTarget = (csp: unknown, permissions: unknown) =>
  `/proxy.html?csp=${encodeURIComponent(JSON.stringify(csp))}&permissions=${encodeURIComponent(JSON.stringify(permissions))}`

describe('answerSandboxRequest', () => {
  it('answers the proxy page with the view’s policy as a header, and the confining headers', () => {
    const csp = { connectDomains: ['https://api.example.com'] }
    const answer = get(viewProxyUrl({ origin: 'http://127.0.0.1:1' }, { csp, permissions: { camera: {} } }))
    expect(answer.status).toBe(200)
    expect(answer.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': buildViewCsp(csp),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
    })
    expect(answer.body).toContain(`<script src="${VIEW_PROXY_SCRIPT_PATH}" defer></script>`)
    expect(answer.body).toContain('<meta name="mcp-desk-view-allow" content="camera">')
    expect(answer.body).toContain('connect-src https://api.example.com')
    // The page never frames anything itself: it has no inline script, and no X-Frame-Options (the app frames it).
    expect(answer.body).not.toMatch(/<script>/)
    expect(Object.keys(answer.headers)).not.toContain('x-frame-options')
  })

  it('treats absent declarations as nothing declared', () => {
    const answer = get('/proxy.html')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-security-policy']).toBe(buildViewCsp(undefined))
    expect(answer.body).toContain('<meta name="mcp-desk-view-allow" content="">')
  })

  it('never lets a hostile declaration into the header or the page', () => {
    const answer = get(
      proxyTarget(
        { connectDomains: ["* 'unsafe-eval'; script-src *", 'https://ok.example.com'] },
        { camera: {}, 'usb; camera *': {} },
      ),
    )
    expect(answer.status).toBe(200)
    expect(answer.headers['content-security-policy']).toBe(
      buildViewCsp({ connectDomains: ['https://ok.example.com'] }),
    )
    expect(answer.body).not.toContain('unsafe-eval')
    expect(answer.body).toContain('content="camera"')
  })

  it.each([
    ['csp that is not JSON', '/proxy.html?csp=%7Bnope'],
    ['csp of the wrong shape', proxyTarget({ connectDomains: 'https://a.com' }, {})],
    ['permissions of the wrong shape', proxyTarget({}, { camera: true })],
    ['a csp array', proxyTarget([], {})],
    ['two csp values', '/proxy.html?csp=%7B%7D&csp=%7B%7D'],
    ['a huge csp', `/proxy.html?csp=${'%20'.repeat(40_000)}%7B%7D`],
    [
      'too many domains',
      proxyTarget({ connectDomains: Array.from({ length: 33 }, () => 'https://a.b') }, {}),
    ],
  ])('answers 400 to %s', (_name, target) => {
    const answer = get(target)
    expect(answer.status).toBe(400)
    expect(answer.headers['content-type']).toMatch(/^text\/plain/)
  })

  it('serves the script with nosniff', () => {
    const answer = get('/proxy.js')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.body).toBe(SANDBOX_PROXY_SCRIPT)
  })

  it.each([
    '/',
    '/index.html',
    '/proxy.html/',
    '/PROXY.html',
    '/x/proxy.html',
    '/proxy.js.map',
    '/favicon.ico',
  ])('answers 404 to %s', (target) => expect(get(target).status).toBe(404))

  it('refuses methods other than GET and HEAD', () => {
    expect(get('/proxy.html', 'HEAD').status).toBe(200)
    const answer = get('/proxy.html', 'POST')
    expect(answer.status).toBe(405)
    expect(answer.headers.allow).toBe('GET, HEAD')
  })
})

describe('the proxy script', () => {
  it('gives the view frame only allow-scripts and allow-forms', () => {
    expect(SANDBOX_PROXY_SCRIPT).toContain(`setAttribute('sandbox', 'allow-scripts allow-forms')`)
    for (const flag of ['allow-same-origin', 'allow-popups', 'allow-top-navigation', 'allow-modals']) {
      expect(SANDBOX_PROXY_SCRIPT).not.toContain(flag)
    }
  })

  it('is valid JavaScript', () => {
    // Compiled, not run: it needs a browser.
    expect(() => new Script(SANDBOX_PROXY_SCRIPT)).not.toThrow()
  })
})
