import { contextBridge, ipcRenderer } from 'electron'
import { createDeskApiBridge } from './desk-api-bridge'

// Sandboxed preload: only `electron` may be required here; everything else is bundled into index.cjs.
contextBridge.exposeInMainWorld('api', createDeskApiBridge(ipcRenderer))
