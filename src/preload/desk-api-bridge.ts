import {
  electronEventChannel,
  electronInvokeChannel,
  isEventChannel,
  isRequestChannel,
  type DeskApi,
} from '../shared/ipc/contract'
import type { IpcResult } from '../shared/ipc/ipc-error'

type IpcListener = (event: unknown, ...args: unknown[]) => void

/** The slice of Electron's ipcRenderer the bridge uses; tests pass a fake. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: IpcListener): unknown
  removeListener(channel: string, listener: IpcListener): unknown
}

/**
 * `window.api`, derived from the contract tables. Only contract channels get through, under their
 * namespaced Electron names, and the page never receives ipcRenderer or an IpcRendererEvent (whose `sender`
 * would hand it raw IPC). `invoke` never rejects: every failure arrives as `{ ok: false, error }`.
 */
export function createDeskApiBridge(ipcRenderer: IpcRendererLike): DeskApi {
  async function invoke(channel: string, request: unknown): Promise<IpcResult<unknown>> {
    if (!isRequestChannel(channel)) {
      return {
        ok: false,
        error: { code: 'unknown_channel', message: `unknown channel "${String(channel)}"` },
      }
    }
    let pending: Promise<unknown>
    try {
      // Sending can throw synchronously when the request cannot be structured-cloned (e.g. holds a function).
      pending = ipcRenderer.invoke(electronInvokeChannel(channel), request)
    } catch (error) {
      return failure('validation_failed', `request for ${channel} could not be sent: ${messageOf(error)}`)
    }
    try {
      return (await pending) as IpcResult<unknown>
    } catch (error) {
      // The main side answers with results, never throws; a rejection means no handler is there (yet).
      return failure('unavailable', `${channel} is unavailable: ${messageOf(error)}`)
    }
  }

  function on(event: string, listener: (payload: unknown) => void): () => void {
    if (!isEventChannel(event)) throw new TypeError(`unknown event "${String(event)}"`)
    if (typeof listener !== 'function') throw new TypeError(`listener for "${event}" must be a function`)
    const channel = electronEventChannel(event)
    const forward: IpcListener = (_event, payload) => listener(payload)
    ipcRenderer.on(channel, forward)
    let subscribed = true
    return () => {
      if (!subscribed) return
      subscribed = false
      ipcRenderer.removeListener(channel, forward)
    }
  }

  const api: DeskApi = { invoke: invoke as DeskApi['invoke'], on: on as DeskApi['on'] }
  return Object.freeze(api)
}

function failure(code: 'validation_failed' | 'unavailable', message: string): IpcResult<never> {
  return { ok: false, error: { code, message } }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
