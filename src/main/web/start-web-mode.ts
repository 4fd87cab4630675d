import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { inspect } from 'node:util'
import { composeHost } from '../core/compose-host'
import { openNodeProfile } from '../core/profile/open-node-profile'
import { APP_NAME, APP_VERSION } from '../core/app-identity'
import { locateRendererDir } from './locate-renderer'
import { startViewSandboxServer } from './view-sandbox-server'
import { startWebServer } from './web-server'

export interface WebModeOptions {
  home: string
  port?: number
  host?: '127.0.0.1'
  rendererDir?: string
  log: (line: string) => void
}

export interface RunningWebMode {
  url: string
  close(): Promise<void>
}

/** `mcp-desk web` / `npm run web`: the same core as the desktop app, served to a browser on loopback. */
export async function startWebMode(options: WebModeOptions): Promise<RunningWebMode> {
  const rendererDir = options.rendererDir ?? locateRendererDir()
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(
      `the renderer is not built (${join(rendererDir, 'index.html')} is missing): run "npm run build"`,
    )
  }
  const profile = openNodeProfile(options.home)
  // MCP App views load from their own loopback origin, never the page's; it is known before the Host is.
  const sandbox = await startViewSandboxServer({ log: options.log })
  const composed = composeHost({
    settings: profile.settings,
    secrets: profile.secrets,
    info: {
      name: APP_NAME,
      version: APP_VERSION,
      mode: 'web',
      platform: process.platform,
      home: options.home,
    },
    viewSandbox: sandbox.sandbox,
    semanticSearch: {},
    // Most lines carry no error; only those that do get one appended.
    log: (message, error) =>
      options.log(
        error === undefined
          ? message
          : `${message}: ${error instanceof Error ? error.stack : inspect(error)}`,
      ),
  })
  for (const warning of profile.settings.startupWarnings) options.log(`warning: ${warning}`)
  if (!profile.secrets.backend.secure && profile.secrets.backend.warning) {
    options.log(`note: ${profile.secrets.backend.warning}`)
  }
  let server: Awaited<ReturnType<typeof startWebServer>>
  try {
    server = await startWebServer({
      host: composed.host,
      rendererDir,
      port: options.port,
      viewSandboxOrigin: sandbox.origin,
      log: options.log,
    })
  } catch (error) {
    await sandbox.close()
    await composed.shutdown()
    throw error
  }
  void composed.servers.start()
  return {
    url: server.url,
    close: async () => {
      await server.close()
      await sandbox.close()
      await composed.shutdown()
    },
  }
}
