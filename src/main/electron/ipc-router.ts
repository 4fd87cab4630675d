import { ipcMain, type WebContents } from 'electron'
import { electronEventChannel, electronInvokeChannel, requestChannelNames } from '../../shared/ipc/contract'
import type { IpcResult } from '../../shared/ipc/ipc-error'
import type { Host } from '../core/host'
import type { AppOrigin } from '../core/security/app-origin'
import { isTrustedSender } from '../core/security/sender-policy'

export interface IpcRouterOptions {
  host: Host
  appOrigin: AppOrigin
  /** The main window's contents: host events are sent here. */
  webContents: WebContents
  log?: (message: string) => void
}

/**
 * Connects Electron IPC to the host: one `ipcMain.handle` per contract channel, each refusing senders that
 * are not the app's own page before the host sees the payload, and host events forwarded to the window.
 * Handlers never throw (the dispatcher answers every failure as a result). Returns a dispose function.
 */
export function registerIpcRouter(options: IpcRouterOptions): () => void {
  const { host, appOrigin, webContents, log } = options
  const channels = requestChannelNames.map((name) => ({ name, electronName: electronInvokeChannel(name) }))

  for (const { name, electronName } of channels) {
    ipcMain.handle(electronName, async (event, payload: unknown): Promise<IpcResult<unknown>> => {
      const frameUrl = event.senderFrame?.url
      if (!isTrustedSender(frameUrl, appOrigin)) {
        log?.(`refused ${name} from an untrusted frame (${describeFrame(frameUrl)})`)
        return {
          ok: false,
          error: { code: 'forbidden_sender', message: `${name} is only answered for the app's own page` },
        }
      }
      return host.dispatch(name, payload)
    })
  }

  const unsubscribe = host.events.subscribe((event, payload) => {
    // A closed window keeps its WebContents object for a moment; sending to a destroyed one throws.
    if (webContents.isDestroyed()) return
    webContents.send(electronEventChannel(event), payload)
  })

  let disposed = false
  return () => {
    if (disposed) return
    disposed = true
    unsubscribe()
    for (const { electronName } of channels) ipcMain.removeHandler(electronName)
  }
}

/** Origin only: a frame URL may carry tokens in its query, and this goes to the log. */
function describeFrame(url: string | undefined): string {
  if (!url) return 'no frame URL'
  try {
    const parsed = new URL(url)
    return parsed.origin === 'null' ? `a ${parsed.protocol} page` : parsed.origin
  } catch {
    return 'an unparseable frame URL'
  }
}
