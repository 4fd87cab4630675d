import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { defaultSettings } from '../../../src/shared/settings/settings-schema'
import { toSettingsView } from '../../../src/shared/settings/settings-view'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startWebServer, type RunningWebServer } from '../../../src/main/web/web-server'
import { createTestHost } from '../../doubles/test-host'

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

function openSocket(url: string, origin?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {})
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

  it('refuses requests without the token (401) and serves the page with it, setting a strict cookie', async () => {
    expect((await get(server.port, '/')).status).toBe(401)
    expect((await get(server.port, '/?token=nope')).status).toBe(401)
    expect((await get(server.port, '/assets/app.js')).status).toBe(401)
    const page = await get(server.port, `/?token=${token}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>MCP Desk</title>')
    expect(String(page.headers['set-cookie'])).toMatch(
      /mcp_desk_token=.+; HttpOnly; SameSite=Strict; Path=\//,
    )
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['access-control-allow-origin']).toBeUndefined()
    const asset = await get(server.port, '/assets/app.js', { cookie: `mcp_desk_token=${token}` })
    expect(asset.status).toBe(200)
    expect(asset.headers['content-type']).toContain('text/javascript')
  })

  it('refuses a rebinding Host and a foreign Origin with 403 even with the token', async () => {
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
      const res = await get(server.port, `${path}?token=${token}`)
      expect(res.body).not.toContain('outside')
    }
    expect((await get(server.port, `/?token=${token}`, {}, 'POST')).status).toBe(405)
  })

  it('serves the contract over the socket: requests, validation errors, malformed frames and events', async () => {
    const wsUrl = `ws://127.0.0.1:${server.port}/ipc?token=${token}`
    const ws = await openSocket(wsUrl, `http://127.0.0.1:${server.port}`)
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

  it('refuses sockets without the token, with a foreign or missing origin, or on another path', async () => {
    const origin = `http://127.0.0.1:${server.port}`
    await expect(openSocket(`ws://127.0.0.1:${server.port}/ipc`, origin)).rejects.toThrow('status 401')
    await expect(
      openSocket(`ws://127.0.0.1:${server.port}/ipc?token=${token}`, 'http://evil.example'),
    ).rejects.toThrow('status 403')
    await expect(openSocket(`ws://127.0.0.1:${server.port}/ipc?token=${token}`)).rejects.toThrow('status 403')
    await expect(openSocket(`ws://127.0.0.1:${server.port}/other?token=${token}`, origin)).rejects.toThrow(
      'status 403',
    )
  })
})
