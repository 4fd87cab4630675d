import { describe, expect, it } from 'vitest'
import {
  electronEventChannel,
  electronInvokeChannel,
  eventChannelNames,
  requestChannelNames,
  type DeskApi,
} from '../../src/shared/ipc/contract'
import { createDeskApiBridge, type IpcRendererLike } from '../../src/preload/desk-api-bridge'

type Listener = (event: unknown, ...args: unknown[]) => void

/** Records what the bridge does with ipcRenderer and lets a test emit events as the main process would. */
class FakeIpcRenderer implements IpcRendererLike {
  readonly invocations: { channel: string; args: unknown[] }[] = []
  readonly listeners = new Map<string, Listener[]>()
  answer: (channel: string, request: unknown) => unknown = () => ({ ok: true, value: {} })

  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ channel, args })
    return Promise.resolve().then(() => this.answer(channel, args[0]))
  }
  on(channel: string, listener: Listener): this {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener])
    return this
  }
  removeListener(channel: string, listener: Listener): this {
    const remaining = (this.listeners.get(channel) ?? []).filter((l) => l !== listener)
    this.listeners.set(channel, remaining)
    return this
  }
  emit(channel: string, payload: unknown): void {
    const event = { sender: { send: () => 'raw ipc' }, ports: [] }
    for (const listener of this.listeners.get(channel) ?? []) listener(event, payload)
  }
}

describe('createDeskApiBridge invoke', () => {
  it('sends every contract channel under its namespaced Electron name and returns the result', async () => {
    const ipc = new FakeIpcRenderer()
    ipc.answer = (channel) => ({ ok: true, value: { echoed: channel } })
    const api = createDeskApiBridge(ipc)
    for (const channel of requestChannelNames) {
      const result = await (api.invoke as (c: string, r: unknown) => Promise<unknown>)(channel, {})
      expect(result).toEqual({ ok: true, value: { echoed: electronInvokeChannel(channel) } })
    }
    expect(ipc.invocations.map((i) => i.channel)).toEqual(requestChannelNames.map(electronInvokeChannel))
  })

  it('passes the request as the single argument', async () => {
    const ipc = new FakeIpcRenderer()
    const api = createDeskApiBridge(ipc)
    await api.invoke('secrets:set', { name: 'OPENAI_KEY', value: 'sk-1' })
    expect(ipc.invocations).toEqual([
      { channel: 'mcp-desk:invoke:secrets:set', args: [{ name: 'OPENAI_KEY', value: 'sk-1' }] },
    ])
  })

  it.each(['nope', 'mcp-desk:invoke:app:info', '__proto__', 'toString', 'constructor'])(
    'refuses the non-contract channel %j without touching ipcRenderer',
    async (channel) => {
      const ipc = new FakeIpcRenderer()
      const api = createDeskApiBridge(ipc)
      const result = await (api.invoke as (c: string, r: unknown) => Promise<unknown>)(channel, {})
      expect(result).toEqual({
        ok: false,
        error: { code: 'unknown_channel', message: `unknown channel "${channel}"` },
      })
      expect(ipc.invocations).toEqual([])
    },
  )

  it('turns a rejected invoke (no handler registered) into an unavailable result instead of a rejection', async () => {
    const ipc = new FakeIpcRenderer()
    ipc.answer = () => {
      throw new Error("No handler registered for 'mcp-desk:invoke:app:info'")
    }
    const result = await createDeskApiBridge(ipc).invoke('app:info', {})
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } })
    if (!result.ok) expect(result.error.message).toContain('No handler registered')
  })

  it('turns an uncloneable request into a validation_failed result', async () => {
    const ipc = new FakeIpcRenderer()
    ipc.invoke = () => {
      throw new Error('An object could not be cloned.')
    }
    const result = await createDeskApiBridge(ipc).invoke('settings:get', {})
    expect(result).toMatchObject({ ok: false, error: { code: 'validation_failed' } })
  })
})

describe('createDeskApiBridge on', () => {
  it('delivers only the payload, never the IpcRendererEvent', () => {
    const ipc = new FakeIpcRenderer()
    const api = createDeskApiBridge(ipc)
    const received: unknown[][] = []
    api.on('secrets:changed', (...args: unknown[]) => received.push(args))
    ipc.emit(electronEventChannel('secrets:changed'), { names: ['A'] })
    expect(received).toEqual([[{ names: ['A'] }]])
  })

  it('subscribes each contract event on its namespaced channel', () => {
    const ipc = new FakeIpcRenderer()
    const api = createDeskApiBridge(ipc) as { on: (e: string, l: (p: unknown) => void) => () => void }
    for (const event of eventChannelNames) api.on(event, () => {})
    expect([...ipc.listeners.keys()]).toEqual(eventChannelNames.map(electronEventChannel))
  })

  it('unsubscribes exactly the listener it added, once', () => {
    const ipc = new FakeIpcRenderer()
    const api = createDeskApiBridge(ipc)
    const first: unknown[] = []
    const second: unknown[] = []
    const offFirst = api.on('settings:changed', (p) => first.push(p))
    api.on('settings:changed', (p) => second.push(p))
    ipc.emit('mcp-desk:event:settings:changed', 1)
    offFirst()
    offFirst()
    ipc.emit('mcp-desk:event:settings:changed', 2)
    expect(first).toEqual([1])
    expect(second).toEqual([1, 2])
    expect(ipc.listeners.get('mcp-desk:event:settings:changed')).toHaveLength(1)
  })

  it('lets the same function subscribe twice and unsubscribe each independently', () => {
    const ipc = new FakeIpcRenderer()
    const api = createDeskApiBridge(ipc)
    const seen: unknown[] = []
    const listener = (p: unknown) => seen.push(p)
    const offA = api.on('secrets:changed', listener)
    api.on('secrets:changed', listener)
    offA()
    ipc.emit('mcp-desk:event:secrets:changed', 'x')
    expect(seen).toEqual(['x'])
  })

  it('throws a TypeError for unknown events and non-function listeners', () => {
    const ipc = new FakeIpcRenderer()
    const api = createDeskApiBridge(ipc) as { on: (e: string, l: unknown) => () => void }
    expect(() => api.on('nope', () => {})).toThrow(TypeError)
    expect(() => api.on('mcp-desk:event:settings:changed', () => {})).toThrow(/unknown event/)
    expect(() => api.on('settings:changed', 'not a function')).toThrow(TypeError)
    expect(ipc.listeners.size).toBe(0)
  })
})

describe('createDeskApiBridge surface', () => {
  it('exposes only invoke and on, frozen, with no route to ipcRenderer', () => {
    const ipc = new FakeIpcRenderer()
    const api: DeskApi = createDeskApiBridge(ipc)
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on'])
    expect(Object.isFrozen(api)).toBe(true)
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true)
    expect(Object.values(api)).not.toContain(ipc)
  })
})
