import type { DeskApi } from '../../shared/ipc/contract'

declare global {
  interface Window {
    /** Injected by the preload in the desktop app; absent in web mode. Read only by ipc/client.ts. */
    api?: DeskApi
  }
}
