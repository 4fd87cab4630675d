// Issue 22: the MCP App view sandbox in real Chromium, without the app. Web mode's sandbox listener serves
// the proxy; a small host page on another loopback port embeds it the way the renderer does, performs the
// sandbox-proxy-ready / sandbox-resource-ready handshake by hand and loads the isolation probe view
// (test/fixtures/app-server/probe-view.html), which tries everything a hostile view might and reports.
import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { viewProxyUrl, type ViewCsp } from '../../src/shared/apps/view-schema'
import { createGuardedServer } from '../../src/main/core/net/guarded-http-server'
import { startViewSandboxServer, type RunningViewSandboxServer } from '../../src/main/web/view-sandbox-server'
import { launchChromium } from './support/chromium'
import { shoot } from './support/screenshots'

const PROBE_HTML = readFileSync(new URL('../fixtures/app-server/probe-view.html', import.meta.url), 'utf8')

interface LoopbackServer {
  origin: string
  /** Every request target it got, in order. */
  requests: string[]
  close(): Promise<void>
}

/** A guarded loopback server answering every request with `answer`, recording the targets. */
async function startLoopback(
  answer: (path: string) => { type: string; body: string },
): Promise<LoopbackServer> {
  const requests: string[] = []
  const server: Server = createGuardedServer({
    name: 'test',
    request: (req, res, target) => {
      requests.push(req.url ?? '')
      const { type, body } = answer(target.path)
      // Any origin may read it: a declared fetch from the view (an opaque origin) must be able to succeed.
      res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' })
      res.end(body)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The host page: embeds the proxy with the renderer's sandbox flags and plays the host's side by hand. */
function hostPage(proxyUrl: string, sandboxOrigin: string, probeHtml: string, csp: ViewCsp): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Probe host</title>
<style>body{font:14px system-ui,sans-serif;margin:16px}iframe{width:720px;height:420px;border:1px solid #888}</style>
</head><body><h1>View sandbox probe host</h1>
<iframe id="view" title="probe view" sandbox="allow-scripts allow-same-origin" src="${proxyUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe>
<script>
window.__messages = []
const frame = document.getElementById('view')
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow) return
  const data = event.data
  window.__messages.push({ origin: event.origin, method: data && data.method, size: JSON.stringify(data ?? null).length })
  if (data && data.method === 'ui/notifications/sandbox-proxy-ready' && !window.__sent) {
    window.__sent = true
    frame.contentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready',
      params: { html: ${json(probeHtml)}, csp: ${json(csp)}, permissions: {} } }, ${json(sandboxOrigin)})
  } else if (data && data.method === 'ui/initialize') {
    frame.contentWindow.postMessage({ jsonrpc: '2.0', id: data.id, result: { protocolVersion: '2026-01-26',
      hostInfo: { name: 'probe-host', version: '1' }, hostCapabilities: {}, hostContext: {} } }, ${json(sandboxOrigin)})
  } else if (data && data.method === 'notifications/message') {
    window.__probe = data.params.data.probe
  }
})
</script></body></html>`
}

describe('the MCP App view sandbox in Chromium', () => {
  let browser: Browser
  let sandbox: RunningViewSandboxServer
  let declared: LoopbackServer
  let elsewhere: LoopbackServer
  let host: LoopbackServer
  let page: Page
  const consoleLines: string[] = []
  let probe: Record<string, string>

  beforeAll(async () => {
    sandbox = await startViewSandboxServer()
    declared = await startLoopback(() => ({ type: 'application/json', body: '{"ok":true}' }))
    elsewhere = await startLoopback(() => ({ type: 'text/html', body: '<title>escaped</title>' }))
    const config = {
      undeclaredUrl: `${elsewhere.origin}/undeclared`,
      declaredUrl: `${declared.origin}/declared`,
      navigateTo: `${elsewhere.origin}/navigated`,
      escapeTo: `${elsewhere.origin}/escape`,
      oversize: true,
    }
    const probeHtml = PROBE_HTML.replace(
      /(<script type="application\/json" id="probe-config">)[\s\S]*?(<\/script>)/,
      `$1${JSON.stringify(config)}$2`,
    )
    expect(probeHtml).toContain(config.navigateTo)
    const csp: ViewCsp = { connectDomains: [declared.origin] }
    const proxyUrl = viewProxyUrl(sandbox.sandbox, { csp, permissions: {} })
    host = await startLoopback(() => ({
      type: 'text/html; charset=utf-8',
      body: hostPage(proxyUrl, sandbox.origin, probeHtml, csp),
    }))
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    page.on('console', (message) => consoleLines.push(message.text()))
    await page.goto(`${host.origin}/`)
    // Strings, not functions: the node-side typecheck has no DOM lib.
    await page.waitForFunction('window.__probe !== undefined')
    probe = await page.evaluate<Record<string, string>>('window.__probe')
  })

  afterAll(async () => {
    await browser?.close()
    await Promise.all([sandbox?.close(), declared?.close(), elsewhere?.close(), host?.close()])
  })

  function viewFrame(): Frame {
    const frame = page.frames().find((candidate) => candidate.parentFrame()?.url().startsWith(sandbox.origin))
    if (!frame) throw new Error('no view frame inside the proxy')
    return frame
  }

  function proxyFrame(): Frame {
    const frame = page
      .frames()
      .find((candidate) => candidate.url().startsWith(`${sandbox.origin}/proxy.html`))
    if (!frame) throw new Error('no proxy frame')
    return frame
  }

  it('loads the view in an opaque origin that reaches neither the proxy nor the host page', async () => {
    // The view loaded although the proxy's own policy frames nothing: frame-src does not apply to srcdoc.
    const proxyResponse = await fetch(proxyFrame().url())
    expect(proxyResponse.headers.get('content-security-policy')).toContain("frame-src 'none'")
    expect(probe.origin).toBe('null')
    expect(probe.topDocument).toBe('threw SecurityError')
    expect(probe.parentDocument).toBe('threw SecurityError')
    expect(probe.localStorage).toBe('threw SecurityError')
    // A sandboxed document without allow-same-origin has no cookie jar: reading it throws.
    expect(probe.cookie).toBe('threw SecurityError')
  })

  it('opens no window and cannot navigate the host page', () => {
    expect(probe.windowOpen).toBe('allowed: null')
    expect(probe.topNavigation).toMatch(/^threw /)
    expect(page.url()).toBe(`${host.origin}/`)
  })

  it('fetches only what the view declared, and frames nothing', () => {
    expect(probe.fetchUndeclared).toBe('blocked by CSP')
    expect(probe.fetchDeclared).toBe('allowed: 200')
    expect(probe.nestedFrame).toBe('blocked by CSP')
    expect(declared.requests).toEqual(['/declared'])
  })

  it('shows the results in the view itself', async () => {
    const text = await viewFrame().locator('#probe-results').textContent()
    expect(text).toContain('topDocument: threw SecurityError')
    expect(text).toContain('fetchUndeclared: blocked by CSP')
    await shoot(page, 'view-sandbox-probe-1280x800.png')
  })

  it('relays the view’s messages but never its sandbox-* impostors, strings or oversized messages', async () => {
    const messages = await page.evaluate<{ origin: string; method?: string }[]>('window.__messages')
    const methods = messages.map((message) => message.method)
    expect(methods.filter((method) => method === 'ui/notifications/sandbox-proxy-ready')).toHaveLength(1)
    expect(methods).toContain('ui/initialize')
    expect(methods).toContain('ui/notifications/initialized')
    expect(methods).not.toContain('probe/oversize')
    expect(methods).toContain('probe/large')
    expect(methods).not.toContain(undefined)
    // Everything the host hears comes from the sandbox origin, never the view's opaque one.
    expect(new Set(messages.map((message) => message.origin))).toEqual(new Set([sandbox.origin]))
  })

  it('refuses the view navigating its own frame to another origin (frame-src on the proxy)', async () => {
    const refusals = () =>
      consoleLines.filter((line) => line.includes(`Framing '${elsewhere.origin}/'`)).length
    const before = refusals()
    // The host asks; the proxy relays it to the view, which then navigates its own frame.
    await page.evaluate(
      `document.querySelector('iframe').contentWindow.postMessage({ jsonrpc: '2.0', method: 'probe/navigate-self' }, '*')`,
    )
    await expect.poll(refusals).toBeGreaterThan(before)
    expect(consoleLines.filter((line) => line.includes(`Framing '${elsewhere.origin}/'`)).at(-1)).toContain(
      `frame-src 'none'`,
    )
    await expect.poll(() => page.frames().some((frame) => frame.url().startsWith('chrome-error:'))).toBe(true)
    // Nothing the view tried ever reached the other server: not the fetch, the frame, the popup or the top.
    expect(elsewhere.requests).toEqual([])
  })

  it('binds a srcdoc frame to the proxy page’s header policy even without the <meta> layer', async () => {
    // Run inside the proxy page: a srcdoc frame with the view's sandbox flags and no <meta> policy of its own.
    const url = JSON.stringify(`${elsewhere.origin}/inherited`)
    const outcome = await proxyFrame().evaluate(`new Promise((resolve) => {
      const frame = document.createElement('iframe')
      frame.setAttribute('sandbox', 'allow-scripts')
      window.addEventListener('message', (event) => {
        if (event.source === frame.contentWindow) resolve(String(event.data))
      })
      frame.srcdoc = '<script>fetch(' + ${JSON.stringify(url)} + ').then(() => parent.postMessage("fetched", "*"), () => parent.postMessage("refused", "*"))</' + 'script>'
      document.body.appendChild(frame)
    })`)
    expect(outcome).toBe('refused')
    expect(elsewhere.requests).toEqual([])
  })

  it('does not run unframed', async () => {
    const tab = await browser.newPage()
    await tab.goto(viewProxyUrl(sandbox.sandbox, { csp: {}, permissions: {} }))
    await expect.poll(() => tab.locator('body').textContent()).toContain('only shows MCP App views')
    expect(await tab.locator('iframe').count()).toBe(0)
    await tab.close()
  })
})
