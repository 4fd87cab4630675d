import { describe, expect, it, vi } from 'vitest'
import { electronFake } from '../main/electron/fake-electron'

vi.mock('electron', async () => (await import('../main/electron/fake-electron')).electronFake.module)

describe('the preload entry', () => {
  it('exposes only the contract bridge as window.api', async () => {
    // Imported inside the test: vitest clears mock call history before each test.
    await import('../../src/preload/index')
    expect(electronFake.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1)
    const [key, api] = electronFake.contextBridge.exposeInMainWorld.mock.calls[0] ?? []
    expect(key).toBe('api')
    expect(Object.keys(api as object).sort()).toEqual(['invoke', 'on'])
    expect(Object.values(api as object)).not.toContain(electronFake.ipcRenderer)

    const bridge = api as { invoke: (channel: string, request: unknown) => Promise<unknown> }
    await expect(bridge.invoke('settings:get', {})).resolves.toEqual({ ok: true, value: {} })
    expect(electronFake.ipcRenderer.invoke).toHaveBeenCalledWith('mcp-desk:invoke:settings:get', {})
  })
})
