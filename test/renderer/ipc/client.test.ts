// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest'
import { createCall, createDeskClient, IpcCallError } from '../../../src/renderer/src/ipc/client'
import { FakeDeskApi } from '../support/fake-desk-api'
import { fakeBrowser } from '../support/fake-location'
import { FakeWebSocket } from '../support/fake-web-socket'

function host(url: string, api?: FakeDeskApi) {
  const browser = fakeBrowser(url)
  const errors: unknown[] = []
  return {
    browser,
    errors,
    host: {
      api,
      location: browser.location as unknown as Location,
      history: browser.history as unknown as History,
      sessionStorage: browser.storage as unknown as Storage,
      WebSocket: FakeWebSocket,
      console: { error: (...args: unknown[]) => void errors.push(args.join(' ')) },
    },
  }
}

beforeEach(() => FakeWebSocket.reset())

describe('createDeskClient', () => {
  it('uses the preload api when the window has one, and never opens a socket', () => {
    const api = new FakeDeskApi()
    const client = createDeskClient(host('file:///index.html', api).host)
    expect(client.mode).toBe('desktop')
    expect(client.api).toBe(api)
    expect(client.connection.current()).toEqual({ state: 'open' })
    expect(FakeWebSocket.instances).toHaveLength(0)
  })

  it('falls back to the WebSocket api in web mode and reports bad frames on the console', () => {
    const { host: webHost, errors } = host('http://127.0.0.1:5000/?token=t')
    const client = createDeskClient(webHost)
    expect(client.mode).toBe('web')
    expect(FakeWebSocket.latest().url).toBe('ws://127.0.0.1:5000/ipc')
    expect(FakeWebSocket.latest().protocols).toEqual(['mcp-desk.v1', 'mcp-desk.token.t'])
    FakeWebSocket.latest().serverSend('garbage')
    expect(errors).toEqual(['MCP Desk web connection: ignored a frame from the server that is not JSON'])
    expect(client.connection.current()).toEqual({ state: 'connecting' })
  })
})

describe('createCall', () => {
  it('returns the value of a successful result', async () => {
    const call = createCall(new FakeDeskApi({ secretNames: ['b', 'a'] }))
    expect(await call('secrets:list', {})).toEqual({ names: ['a', 'b'] })
  })

  it('throws an IpcCallError carrying the code, message and channel of a failed result', async () => {
    const api = new FakeDeskApi()
    api.fail('settings:get', { code: 'internal', message: 'settings:get failed unexpectedly' })
    const error = await createCall(api)('settings:get', {}).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(IpcCallError)
    expect(error).toMatchObject({
      code: 'internal',
      message: 'settings:get failed unexpectedly',
      channel: 'settings:get',
    })
  })
})
