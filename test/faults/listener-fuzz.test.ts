// Issue 19 item 2: a request anyone can send must never crash the host. Every listener the host opens
// (web mode's HTTP and WebSocket upgrade, its MCP App view sandbox, the OAuth loopback redirect) gets random request lines, targets,
// headers and cookies over raw TCP, including the ones that used to kill it (`//[`, a cookie that is not
// valid percent-encoding); an authenticated web-mode socket gets malformed frames. Each listener runs in a
// child process, and after every case the process must be alive and answer a good request.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestChannels } from '../../src/shared/ipc/contract'
import { WEB_TOKEN_PARAM } from '../../src/shared/ipc/web-wire'
import { openContractSocket, type ContractSocket } from './support/contract-socket'
import { ownHostRequest, requestBytes, upgradeRequest, anyRequest } from './support/http-fuzz'
import { startListenerProcess, type ListenerProcess } from './support/listener-process'
import { sendRaw, sendRawUpgrade, statusOfGet } from '../support/raw-http'

/** Cases per property, and a time bound after which a property stops early (still passing) on a slow machine. */
const RUNS = 300
const TIME_LIMIT_MS = 30_000
const bounded = { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false }

function expectAlive(listener: ListenerProcess): void {
  expect(listener.alive(), `the listener died:\n${listener.stderr()}`).toBe(true)
}

describe('web mode under fuzzed requests (a child process)', () => {
  let home: string
  let web: ListenerProcess
  let port: number
  let token: string

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'mcp-desk-listener-fuzz-'))
    const rendererDir = join(home, 'renderer')
    mkdirSync(join(rendererDir, 'assets'), { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>MCP Desk</title>')
    writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
    web = await startListenerProcess(['web', join(home, 'profile'), rendererDir])
    port = Number(web.url.port)
    token = web.url.searchParams.get(WEB_TOKEN_PARAM) ?? ''
  })

  afterAll(async () => {
    await web?.stop()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  async function expectServing(): Promise<void> {
    expectAlive(web)
    expect(await statusOfGet(port, `/?${WEB_TOKEN_PARAM}=${token}`)).toBe(200)
  }

  it('answers the requests that used to kill it with 400', async () => {
    for (const target of ['//[', '/%E0%A4%A', 'http://[']) {
      expect(await statusOfGet(port, target), target).toBe(400)
      expectAlive(web)
    }
    const upgrade = (target: string, extra: string[] = []) => sendRawUpgrade(port, target, extra)
    expect(await upgrade('//[')).toMatch(/^HTTP\/1\.1 400 /)
    expectAlive(web)
    expect(await upgrade('/ipc', ['Cookie: mcp_desk_token=%E0%A4%A'])).toMatch(/^HTTP\/1\.1 40[01] /)
    await expectServing()
  })

  it('survives random HTTP requests and still serves the page', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyRequest, ownHostRequest(port)), async (parts) => {
        await sendRaw(port, requestBytes(parts))
        await expectServing()
      }),
      bounded,
    )
  })

  it('survives random WebSocket upgrade requests and still serves the contract', async () => {
    await fc.assert(
      fc.asyncProperty(upgradeRequest(port, token), async (parts) => {
        await sendRaw(port, requestBytes(parts))
        await expectServing()
      }),
      bounded,
    )
    // The cases got past node's parser to the upgrade handler, which refused them.
    expect(web.stderr()).toContain('web: refused a socket')
    const client = await openContractSocket(port, token)
    expect(await client.invoke('app:info', {})).toMatchObject({ ok: true, value: { mode: 'web' } })
    client.close()
  })

  it('runs its view sandbox on another loopback origin, which the page may frame and the Host learns', async () => {
    const client = await openContractSocket(port, token)
    const info = (await client.invoke('app:info', {})) as { value: { viewSandbox?: { origin: string } } }
    client.close()
    const origin = info.value.viewSandbox?.origin ?? ''
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(origin).not.toBe(`http://127.0.0.1:${port}`)
    expect(await statusOfGet(Number(new URL(origin).port), '/proxy.js')).toBe(200)
    const policy = (await fetch(`http://127.0.0.1:${port}/`)).headers.get('content-security-policy')
    expect(policy).toContain(`frame-src ${origin};`)
  })

  it('answers malformed frames on an authenticated socket and keeps answering the contract', async () => {
    const channels = Object.keys(requestChannels)
    const depth = fc.integer({ min: 1_000, max: 200_000 })
    const frame = fc.oneof(
      fc.string().map((text) => ({ text })),
      fc.json().map((text) => ({ text })),
      fc
        .record({
          type: fc.constantFrom('invoke', 'result', 'event', ''),
          id: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.string(), fc.constant(null)),
          channel: fc.oneof(fc.constantFrom(...channels), fc.string()),
          request: fc.jsonValue(),
        })
        .map((value) => ({ text: JSON.stringify(value) })),
      depth.map((n) => ({
        text: `{"type":"invoke","id":1,"channel":"settings:update","request":${'['.repeat(n)}${']'.repeat(n)}}`,
      })),
      depth.map((n) => ({
        text: `{"type":"invoke","id":1,"channel":"app:info","request":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`,
      })),
      fc.uint8Array({ maxLength: 256 }).map((bytes) => ({ binary: Buffer.from(bytes) })),
      // Not UTF-8, sent as a text frame: the socket is closed (1007), the host lives on.
      fc.constant({ invalidText: Buffer.from([0xe0, 0xa4, 0x41]) }),
    )
    let client: ContractSocket | undefined
    await fc.assert(
      fc.asyncProperty(frame, async (sent) => {
        client ??= await openContractSocket(port, token)
        if ('text' in sent) client.socket.send(sent.text)
        else if ('binary' in sent) client.socket.send(sent.binary, { binary: true })
        else client.socket.send(sent.invalidText, { binary: false })
        try {
          expect(await client.invoke('app:info', {})).toMatchObject({ ok: true })
        } catch (error) {
          // Only a protocol violation (invalid UTF-8) may close the socket; a fresh one must then work.
          if (!('invalidText' in sent)) throw error
          client = await openContractSocket(port, token)
          expect(await client.invoke('app:info', {})).toMatchObject({ ok: true })
        }
        expectAlive(web)
      }),
      { ...bounded, numRuns: 60 },
    )
    client?.close()
  })
})

describe('the view sandbox listener under fuzzed requests (a child process)', () => {
  let sandbox: ListenerProcess
  let port: number

  beforeAll(async () => {
    sandbox = await startListenerProcess(['view-sandbox'])
    port = Number(sandbox.url.port)
  })

  afterAll(async () => {
    await sandbox?.stop()
  })

  async function expectServing(): Promise<void> {
    expectAlive(sandbox)
    expect(await statusOfGet(port, '/proxy.js')).toBe(200)
  }

  it('answers the requests that used to kill a listener with 400', async () => {
    for (const target of [
      '//[',
      '/%E0%A4%A',
      'http://[',
      '/proxy.html?csp=%E0%A4%A',
      '/proxy.html?csp=%7B',
    ]) {
      expect(await statusOfGet(port, target), target).toBe(400)
      expectAlive(sandbox)
    }
    await expectServing()
  })

  it('survives random requests and upgrades and still serves the proxy', async () => {
    const proxyTarget = fc
      .tuple(fc.oneof(fc.string(), fc.json()), fc.oneof(fc.string(), fc.json()))
      .map(
        ([csp, permissions]) =>
          `/proxy.html?csp=${encodeURIComponent(csp)}&permissions=${encodeURIComponent(permissions)}`,
      )
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyRequest, ownHostRequest(port), upgradeRequest(port, 'x')),
        async (parts) => {
          await sendRaw(port, requestBytes(parts))
          await expectServing()
        },
      ),
      bounded,
    )
    await fc.assert(
      fc.asyncProperty(proxyTarget, async (target) => {
        expect([200, 400]).toContain(await statusOfGet(port, target))
        await expectServing()
      }),
      { ...bounded, numRuns: 100 },
    )
  })
})

describe('the OAuth loopback redirect listener under fuzzed requests (a child process)', () => {
  let oauth: ListenerProcess
  let port: number

  beforeAll(async () => {
    oauth = await startListenerProcess(['oauth'])
    port = Number(oauth.url.port)
  })

  afterAll(async () => {
    await oauth?.stop()
  })

  async function expectListening(): Promise<void> {
    expectAlive(oauth)
    // A redirect for another sign-in: answered with the "not recognised" page, and the flow goes on.
    expect(await statusOfGet(port, '/oauth/callback?code=x&state=another')).toBe(400)
  }

  it('answers `GET //[` with 400 and keeps listening', async () => {
    expect(await statusOfGet(port, '//[')).toBe(400)
    await expectListening()
  })

  it('survives random requests and still answers a redirect', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyRequest, ownHostRequest(port), upgradeRequest(port, 'x')),
        async (parts) => {
          await sendRaw(port, requestBytes(parts))
          await expectListening()
        },
      ),
      bounded,
    )
  })
})
