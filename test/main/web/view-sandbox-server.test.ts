import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildViewCsp } from '../../../src/main/core/apps/view-csp'
import {
  startViewSandboxServer,
  type RunningViewSandboxServer,
} from '../../../src/main/web/view-sandbox-server'
import { viewProxyUrl } from '../../../src/shared/apps/view-schema'
import { httpGet as get, sendRawUpgrade, statusOfGet } from '../../support/raw-http'

describe('the web view sandbox server', () => {
  let sandbox: RunningViewSandboxServer
  const logLines: string[] = []

  beforeEach(async () => {
    sandbox = await startViewSandboxServer({ log: (line) => logLines.push(line) })
  })
  afterEach(async () => {
    await sandbox.close()
  })

  it('listens on loopback at a random port and names its origin', () => {
    expect(sandbox.origin).toBe(`http://127.0.0.1:${sandbox.port}`)
    expect(sandbox.sandbox).toEqual({ origin: sandbox.origin })
  })

  it('serves the proxy page with the view’s policy, and its script', async () => {
    const csp = { connectDomains: ['https://api.example.com'] }
    const url = new URL(viewProxyUrl(sandbox.sandbox, { csp, permissions: {} }))
    const page = await get(sandbox.port, `${url.pathname}${url.search}`)
    expect(page.status).toBe(200)
    expect(page.headers['content-security-policy']).toBe(buildViewCsp(csp))
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin')
    const script = await get(sandbox.port, '/proxy.js')
    expect(script.status).toBe(200)
    expect(script.body).toContain('sandbox-proxy-ready')
    const head = await get(sandbox.port, '/proxy.js', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
  })

  it('serves nothing else', async () => {
    for (const path of ['/', '/index.html', '/ipc', '/proxy.html/x']) {
      expect((await get(sandbox.port, path)).status, path).toBe(404)
    }
    expect((await get(sandbox.port, '/proxy.html?csp=%7B')).status).toBe(400)
    expect((await get(sandbox.port, '/proxy.html', {}, 'POST')).status).toBe(405)
  })

  it('refuses any Host but exactly its own 127.0.0.1:PORT (DNS rebinding)', async () => {
    for (const host of [
      `localhost:${sandbox.port}`,
      `evil.example:${sandbox.port}`,
      '127.0.0.1',
      `127.0.0.1:${sandbox.port + 1}`,
      `127.0.0.1:${sandbox.port}.evil.example`,
    ]) {
      expect((await get(sandbox.port, '/proxy.js', { host })).status, host).toBe(403)
    }
  })

  it('answers request targets that do not parse and upgrades with 400, and keeps serving', async () => {
    for (const target of ['//[', '/%E0%A4%A', 'http://[', '*']) {
      expect(await statusOfGet(sandbox.port, target), target).toBe(400)
    }
    expect(await sendRawUpgrade(sandbox.port, '/proxy.html')).toMatch(/^HTTP\/1\.1 400 /)
    expect((await get(sandbox.port, '/proxy.js')).status).toBe(200)
  })
})
