import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { defaultSettings } from '../../../src/shared/settings/settings-schema'
import { toSettingsView } from '../../../src/shared/settings/settings-view'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startWebServer, type RunningWebServer } from '../../../src/main/web/web-server'
import { tokenProtocol, WEB_SOCKET_PROTOCOL } from '../../../src/shared/ipc/web-wire'
import { createTestHost } from '../../doubles/test-host'
import { httpGet as get, sendRawUpgrade, statusOfGet } from '../../support/raw-http'

/** Opens a socket as the page does: the token offered as a subprotocol beside ours. */
function openSocket(url: string, origin?: string, protocols?: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols ?? [], origin ? { origin } : {})
    ws.once('open', () => resolve(ws))
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

/** Buffers every frame as it arrives so two frames in one TCP read are never lost between awaits. */
function frameReader(ws: WebSocket): () => Promise<unknown> {
  const frames: unknown[] = []
  const waiters: Array<(frame: unknown) => void> = []
  ws.on('message', (data) => {
    const frame: unknown = JSON.parse((data as Buffer).toString('utf8'))
    const waiter = waiters.shift()
    if (waiter) waiter(frame)
    else frames.push(frame)
  })
  return () =>
    frames.length > 0 ? Promise.resolve(frames.shift()) : new Promise((resolve) => waiters.push(resolve))
}

describe('web server', () => {
  let dir: string
  let server: RunningWebServer
  let hostBundle: ReturnType<typeof createTestHost>
  const token = 'test-token-abcdefghijklmnopqrstuvwxyz'

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'renderer-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><title>MCP Desk</title><script type="module" src="/assets/app.js"></script>',
    )
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)')
    writeFileSync(join(tmpdir(), 'outside-secret.txt'), 'outside')
    hostBundle = createTestHost()
    server = await startWebServer({ host: hostBundle.host, rendererDir: dir, token })
  })
  afterEach(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('binds loopback on a random port and prints a URL carrying the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${token}`)
    expect(server.port).toBeGreaterThan(0)
  })

  it('serves the page and assets without a token, and never sets a cookie or serves the token', async () => {
    for (const path of ['/', `/?token=${token}`, '/assets/app.js']) {
      const res = await get(server.port, path)
      expect(res.status, path).toBe(200)
      expect(res.headers['set-cookie'], path).toBeUndefined()
      expect(res.body, path).not.toContain(token)
      expect(JSON.stringify(res.headers), path).not.toContain(token)
    }
    const page = await get(server.port, '/')
    expect(page.body).toContain('<title>MCP Desk</title>')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['access-control-allow-origin']).toBeUndefined()
    expect((await get(server.port, '/assets/app.js')).headers['content-type']).toContain('text/javascript')
  })

  it('lets the page frame only the view sandbox origin it was given', async () => {
    const framing = await startWebServer({
      host: hostBundle.host,
      rendererDir: dir,
      token,
      viewSandboxOrigin: 'http://127.0.0.1:4567',
    })
    try {
      const policy = (await get(framing.port, '/')).headers['content-security-policy']
      expect(policy).toContain('frame-src http://127.0.0.1:4567;')
      expect(policy).toContain("frame-ancestors 'none'")
    } finally {
      await framing.close()
    }
    // Without a sandbox, frames stay refused by default-src 'none'.
    expect((await get(server.port, '/')).headers['content-security-policy']).not.toContain('frame-src')
  })

  it('answers request targets that do not parse with 400, as requests and as upgrades, and keeps serving', async () => {
    for (const target of ['//[', '/%E0%A4%A', 'http://[', '*']) {
      expect(await statusOfGet(server.port, target), target).toBe(400)
    }
    const upgrade = (target: string, extra: string[] = []) => sendRawUpgrade(server.port, target, extra)
    expect(await upgrade('//[')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(await upgrade('/ipc', ['Cookie: mcp_desk_token=%E0%A4%A'])).toMatch(/^HTTP\/1\.1 401 /)
    expect(await upgrade('/ipc', ['Sec-WebSocket-Protocol: mcp-desk.v1, mcp-desk.token.%E0%A4%A'])).toMatch(
      /^HTTP\/1\.1 401 /,
    )
    expect(await statusOfGet(server.port, '/')).toBe(200)
  })

  it('refuses a rebinding Host and a foreign Origin with 403', async () => {
    expect((await get(server.port, `/?token=${token}`, { host: `evil.example:${server.port}` })).status).toBe(
      403,
    )
    expect((await get(server.port, `/?token=${token}`, { origin: 'http://evil.example' })).status).toBe(403)
  })

  it('never serves files outside the renderer folder, and only GET/HEAD', async () => {
    for (const path of [
      '/../outside-secret.txt',
      '/%2e%2e/outside-secret.txt',
      '/assets/..%2f..%2foutside-secret.txt',
    ]) {
      const res = await get(server.port, path)
      expect(res.body).not.toContain('outside')
    }
    expect((await get(server.port, '/', {}, 'POST')).status).toBe(405)
  })

  it('serves the contract over the socket: requests, validation errors, malformed frames and events', async () => {
    const ws = await openSocket(`ws://127.0.0.1:${server.port}/ipc`, `http://127.0.0.1:${server.port}`, [
      WEB_SOCKET_PROTOCOL,
      tokenProtocol(token),
    ])
    // The server selects our protocol name, never the entry carrying the token.
    expect(ws.protocol).toBe(WEB_SOCKET_PROTOCOL)
    const nextFrame = frameReader(ws)
    ws.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'settings:get', request: {} }))
    expect(await nextFrame()).toEqual({
      type: 'result',
      id: 1,
      result: { ok: true, value: toSettingsView(defaultSettings()) },
    })
    ws.send(
      JSON.stringify({
        type: 'invoke',
        id: 2,
        channel: 'settings:update',
        request: { appearance: { theme: 7 } },
      }),
    )
    expect(await nextFrame()).toMatchObject({
      id: 2,
      result: { ok: false, error: { code: 'validation_failed' } },
    })
    ws.send('not json {')
    expect(await nextFrame()).toMatchObject({
      id: -1,
      result: { ok: false, error: { code: 'validation_failed' } },
    })
    ws.send(
      JSON.stringify({
        type: 'invoke',
        id: 3,
        channel: 'settings:update',
        request: { appearance: { theme: 'dark' } },
      }),
    )
    const frames = [await nextFrame(), await nextFrame()]
    expect(frames).toContainEqual(expect.objectContaining({ type: 'event', event: 'settings:changed' }))
    expect(frames).toContainEqual(expect.objectContaining({ type: 'result', id: 3 }))
    ws.close()
  })

  it('refuses sockets without the token, with it only in the URL or a cookie, with a foreign or missing origin, or on another path', async () => {
    const origin = `http://127.0.0.1:${server.port}`
    const ipc = `ws://127.0.0.1:${server.port}/ipc`
    const offered = [WEB_SOCKET_PROTOCOL, tokenProtocol(token)]
    await expect(openSocket(ipc, origin)).rejects.toThrow('status 401')
    await expect(openSocket(ipc, origin, [WEB_SOCKET_PROTOCOL])).rejects.toThrow('status 401')
    await expect(openSocket(ipc, origin, [WEB_SOCKET_PROTOCOL, tokenProtocol('wrong')])).rejects.toThrow(
      'status 401',
    )
    await expect(openSocket(`${ipc}?token=${token}`, origin, [WEB_SOCKET_PROTOCOL])).rejects.toThrow(
      'status 401',
    )
    await expect(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(ipc, [WEB_SOCKET_PROTOCOL], {
          origin,
          headers: { cookie: `mcp_desk_token=${token}` },
        })
        ws.once('open', resolve)
        ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)))
      }),
    ).rejects.toThrow('status 401')
    await expect(openSocket(ipc, 'http://evil.example', offered)).rejects.toThrow('status 403')
    await expect(openSocket(ipc, undefined, offered)).rejects.toThrow('status 403')
    await expect(openSocket(`ws://127.0.0.1:${server.port}/other`, origin, offered)).rejects.toThrow(
      'status 403',
    )
  })

  it('answers a frame whose handling throws with an internal error instead of ending the process', async () => {
    const failing = await startWebServer({
      host: { ...hostBundle.host, dispatch: () => Promise.reject(new RangeError('stack overflow')) },
      rendererDir: dir,
      token,
    })
    try {
      const ws = await openSocket(`ws://127.0.0.1:${failing.port}/ipc`, `http://127.0.0.1:${failing.port}`, [
        WEB_SOCKET_PROTOCOL,
        tokenProtocol(token),
      ])
      const nextFrame = frameReader(ws)
      ws.send(JSON.stringify({ type: 'invoke', id: 7, channel: 'app:info', request: {} }))
      expect(await nextFrame()).toEqual({
        type: 'result',
        id: 7,
        result: { ok: false, error: { code: 'internal', message: 'the request could not be handled' } },
      })
      ws.close()
    } finally {
      await failing.close()
    }
  })
})
