import { join } from 'node:path'
import { flipFuses, FuseV1Options, FuseVersion, type FuseConfig } from '@electron/fuses'

/**
 * The Electron fuses of the shipped app, flipped in the packaged binary (electron-builder's afterPack
 * hook, before signing). Fuses are compiled into Electron itself and are read before any of the app's
 * code runs, so they close what an environment variable or a command-line flag could otherwise open:
 *
 * - RunAsNode off: `ELECTRON_RUN_AS_NODE=1 "MCP Desk"` would be a signed Node.js for anyone to script.
 *   Nothing in the app needs it: the CLI runs on node (bin/mcp-desk.mjs), MCP stdio servers are spawned
 *   with their own command (never process.execPath), and the embedding model runs in a worker_threads
 *   thread of the main process.
 * - EnableNodeOptionsEnvironmentVariable off: NODE_OPTIONS could `--require` code into the main process.
 * - EnableNodeCliInspectArguments off: `--inspect` would open a debugger on the main process, secrets and all.
 * - EnableCookieEncryption on: cookies at rest are encrypted with the OS keychain key (like safeStorage).
 * - EnableEmbeddedAsarIntegrityValidation on and OnlyLoadAppFromAsar on: the app runs only from its
 *   app.asar, whose hash electron-builder embeds (macOS, Windows); a swapped or edited archive, or an
 *   `app/` folder placed beside it, does not load. Files unpacked beside the archive (asarUnpack: the
 *   embedding worker and model) are outside that check.
 * - GrantFileProtocolExtraPrivileges off: the app page loads from app://mcp-desk (app-protocol.ts), so
 *   file:// pages need none of the extra reach Chromium gives them in Electron by default.
 */
export const FUSES = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
} as const satisfies Partial<Record<FuseV1Options, boolean>>

/** What the hook reads of electron-builder's AfterPackContext. */
export interface FusePackContext {
  appOutDir: string
  electronPlatformName: string
  packager: { appInfo: { productFilename: string }; executableName?: string }
}

export type FlipFuses = (electronBinaryPath: string, config: FuseConfig) => Promise<unknown>

/**
 * The fuse configuration for one platform. On macOS flipping the fuses breaks the binary's ad-hoc
 * signature, which Apple Silicon refuses to launch: it is reset (a real identity signs after this hook).
 */
export function fuseConfig(platform: string): FuseConfig {
  return {
    version: FuseVersion.V1,
    ...(platform === 'darwin' || platform === 'mas' ? { resetAdHocDarwinSignature: true } : {}),
    ...FUSES,
  }
}

/** Where electron-builder put the app's Electron binary: the .app bundle, the .exe, or the Linux executable. */
export function electronBinaryPath(context: FusePackContext): string {
  const { appOutDir, electronPlatformName, packager } = context
  const name = packager.appInfo.productFilename
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(appOutDir, `${name}.app`)
    case 'win32':
      return join(appOutDir, `${name}.exe`)
    case 'linux':
      return join(appOutDir, packager.executableName ?? name)
    default:
      throw new Error(`the fuses cannot be set for the platform ${JSON.stringify(electronPlatformName)}`)
  }
}

/** Flips FUSES in the packaged binary; `flip` is @electron/fuses' flipFuses (a test passes its own). */
export async function applyFuses(context: FusePackContext, flip: FlipFuses = flipFuses): Promise<void> {
  await flip(electronBinaryPath(context), fuseConfig(context.electronPlatformName))
}

/** electron-builder's afterPack hook (electron-builder.config.ts). */
export function afterPack(context: FusePackContext): Promise<void> {
  return applyFuses(context)
}
