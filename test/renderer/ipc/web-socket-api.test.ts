// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest'
import {
  CONNECTION_CLOSED_MESSAGE,
  TOKEN_STORAGE_KEY,
  createWebSocketApi,
} from '../../../src/renderer/src/ipc/web-socket-api'
import type { ConnectionStatus } from '../../../src/renderer/src/ipc/connection'
import { appInfoFixture } from '../support/fake-desk-api'
import { fakeBrowser } from '../support/fake-location'
import { FakeWebSocket } from '../support/fake-web-socket'

function setup(url = 'http://127.0.0.1:4321/?token=s3cr3t') {
  const browser = fakeBrowser(url)
  const problems: string[] = []
  const web = createWebSocketApi({
    WebSocket: FakeWebSocket,
    location: browser.location,
    history: browser.history,
    storage: browser.storage,
    reportProblem: (message) => problems.push(message),
  })
  return { web, browser, problems }
}

beforeEach(() => FakeWebSocket.reset())

describe('createWebSocketApi', () => {
  it('connects to /ipc on the page host, offers the token as a subprotocol and removes it from the address bar', () => {
    const { web, browser } = setup('http://127.0.0.1:4321/app?view=1&token=s3cr3t#top')
    expect(FakeWebSocket.latest().url).toBe('ws://127.0.0.1:4321/ipc')
    expect(FakeWebSocket.latest().protocols).toEqual(['mcp-desk.v1', 'mcp-desk.token.s3cr3t'])
    expect(browser.replaced).toEqual(['/app?view=1#top'])
    expect(browser.location.search).toBe('?view=1')
    expect(browser.items.get(TOKEN_STORAGE_KEY)).toBe('s3cr3t')
    expect(web.connection.current()).toEqual({ state: 'connecting' })
  })

  it('uses wss for https pages and takes the token from session storage after a reload', () => {
    const browser = fakeBrowser('https://desk.local:8443/')
    browser.storage.setItem(TOKEN_STORAGE_KEY, 'kept-token_1')
    createWebSocketApi({ ...browser, WebSocket: FakeWebSocket, reportProblem: () => {} })
    expect(FakeWebSocket.latest().url).toBe('wss://desk.local:8443/ipc')
    expect(FakeWebSocket.latest().protocols).toEqual(['mcp-desk.v1', 'mcp-desk.token.kept-token_1'])
    expect(browser.replaced).toEqual([])
  })

  it('does not connect with a token that cannot be ours, and says so', () => {
    const browser = fakeBrowser('http://127.0.0.1:4321/?token=a%20b%2Cmcp-desk.v1')
    const web = createWebSocketApi({ ...browser, WebSocket: FakeWebSocket, reportProblem: () => {} })
    expect(FakeWebSocket.instances).toHaveLength(0)
    const status = web.connection.current()
    expect(status.state === 'closed' && status.reason).toMatch(/access token in the address is not valid/)
  })

  it('does not connect without a token and says how to get one', async () => {
    const browser = fakeBrowser('http://127.0.0.1:4321/')
    const web = createWebSocketApi({ ...browser, WebSocket: FakeWebSocket, reportProblem: () => {} })
    expect(FakeWebSocket.instances).toHaveLength(0)
    const status = web.connection.current()
    expect(status.state).toBe('closed')
    expect(status.state === 'closed' && status.reason).toMatch(/no access token/)
    expect(await web.api.invoke('app:info', {})).toEqual({
      ok: false,
      error: { code: 'unavailable', message: CONNECTION_CLOSED_MESSAGE },
    })
  })

  it('queues invokes until the socket opens, then sends them in order', async () => {
    const { web } = setup()
    const socket = FakeWebSocket.latest()
    const info = web.api.invoke('app:info', {})
    const names = web.api.invoke('secrets:list', {})
    expect(socket.sent).toEqual([])

    socket.serverOpen()
    expect(web.connection.current()).toEqual({ state: 'open' })
    expect(socket.sentFrames()).toEqual([
      { type: 'invoke', id: 0, channel: 'app:info', request: {} },
      { type: 'invoke', id: 1, channel: 'secrets:list', request: {} },
    ])

    socket.serverSend({ type: 'result', id: 1, result: { ok: true, value: { names: ['b'] } } })
    socket.serverSend({ type: 'result', id: 0, result: { ok: true, value: appInfoFixture() } })
    expect(await names).toEqual({ ok: true, value: { names: ['b'] } })
    expect(await info).toEqual({ ok: true, value: appInfoFixture() })
  })

  it('correlates results by id and passes error results through unchanged', async () => {
    const { web } = setup()
    const socket = FakeWebSocket.latest()
    socket.serverOpen()
    const first = web.api.invoke('secrets:delete', { name: 'a' })
    const second = web.api.invoke('secrets:delete', { name: 'b' })
    const [a, b] = socket.sentFrames()
    socket.serverSend({ type: 'result', id: b!.id, result: { ok: true, value: { deleted: true } } })
    socket.serverSend({
      type: 'result',
      id: a!.id,
      result: { ok: false, error: { code: 'not_found', message: 'no secret named "a"' } },
    })
    expect(await second).toEqual({ ok: true, value: { deleted: true } })
    expect(await first).toEqual({ ok: false, error: { code: 'not_found', message: 'no secret named "a"' } })
  })

  it('dispatches valid events to the listeners of that event until they unsubscribe', () => {
    const { web } = setup()
    const socket = FakeWebSocket.latest()
    socket.serverOpen()
    const seen: string[][] = []
    const unsubscribe = web.api.on('secrets:changed', ({ names }) => seen.push(names))
    const settingsSeen: unknown[] = []
    web.api.on('settings:changed', (payload) => settingsSeen.push(payload))

    socket.serverSend({ type: 'event', event: 'secrets:changed', payload: { names: ['x'] } })
    unsubscribe()
    socket.serverSend({ type: 'event', event: 'secrets:changed', payload: { names: ['y'] } })

    expect(seen).toEqual([['x']])
    expect(settingsSeen).toEqual([])
  })

  it('reports and drops malformed frames, unknown events and invalid payloads without throwing', () => {
    const { web, problems } = setup()
    const socket = FakeWebSocket.latest()
    socket.serverOpen()
    const seen: unknown[] = []
    web.api.on('secrets:changed', (payload) => seen.push(payload))

    socket.serverSend('not json {')
    socket.serverSend({ type: 'mystery' })
    socket.serverSend({ type: 'event', event: 'nope:changed', payload: {} })
    socket.serverSend({ type: 'event', event: 'secrets:changed', payload: { names: 'x' } })
    socket.serverSend({ type: 'result', id: 99, result: { ok: true, value: 1 } })

    expect(seen).toEqual([])
    expect(problems).toHaveLength(5)
    expect(problems[0]).toMatch(/not JSON/)
    expect(problems[2]).toMatch(/unknown event "nope:changed"/)
    expect(problems[3]).toMatch(/invalid secrets:changed event: names/)
    expect(problems[4]).toMatch(/unknown request id 99/)
  })

  it('on close, answers every pending and queued invoke with unavailable and reports the closed state', async () => {
    const { web } = setup()
    const socket = FakeWebSocket.latest()
    const states: ConnectionStatus[] = []
    web.connection.subscribe((status) => states.push(status))
    const queued = web.api.invoke('app:info', {})
    socket.serverOpen()
    const inFlight = web.api.invoke('secrets:list', {})

    socket.serverClose(4401, 'invalid token')

    const unavailable = { ok: false, error: { code: 'unavailable', message: CONNECTION_CLOSED_MESSAGE } }
    expect(await queued).toEqual(unavailable)
    expect(await inFlight).toEqual(unavailable)
    expect(await web.api.invoke('settings:get', {})).toEqual(unavailable)
    expect(states).toEqual([
      { state: 'open' },
      { state: 'closed', reason: `${CONNECTION_CLOSED_MESSAGE}: invalid token` },
    ])
    expect(socket.sent).toHaveLength(2)
  })

  it('close() from the page closes the socket and fails later invokes', async () => {
    const { web } = setup()
    const socket = FakeWebSocket.latest()
    socket.serverOpen()
    web.close()
    expect(socket.closedByPage).toEqual({ code: 1000, reason: 'closed by the page' })
    expect((await web.api.invoke('app:info', {})).ok).toBe(false)
  })
})
