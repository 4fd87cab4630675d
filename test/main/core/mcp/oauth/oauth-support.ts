import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { createServerManager } from '../../../../../src/main/core/mcp/create-server-manager'
import type { ServerState } from '../../../../../src/shared/mcp/server-state'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'
import { consentFormFields } from '../../../../fixtures/oauth-server/headless-oauth-provider'

/** A server manager as the app composes it (OAuth included), on memory settings and secrets. */
export function oauthHost() {
  const settings = new SettingsService(new MemoryJsonDocument())
  const secrets = new MemorySecretStore()
  const log: string[] = []
  const managed = createServerManager({ settings, secrets, log: (line) => log.push(line) })
  return { ...managed, settings, secrets, log }
}

/** Resolves with the server's state once `done` holds, checked on every change (never on a timer). */
export function waitForServer(
  servers: ReturnType<typeof oauthHost>['servers'],
  id: string,
  done: (state: ServerState) => boolean,
): Promise<ServerState> {
  return new Promise((resolve) => {
    const check = () => {
      const state = servers.get(id)
      if (!done(state)) return false
      resolve(state)
      return true
    }
    if (check()) return
    const stop = servers.subscribe(() => {
      if (check()) stop()
    })
  })
}

/**
 * The user's browser: opens the authorization URL, presses Allow (or Deny) on a consent page, and follows
 * the redirect to the host's loopback listener. Returns that final page.
 */
export async function browse(
  authorizationUrl: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<Response> {
  let response = await fetch(authorizationUrl, { redirect: 'manual' })
  if (response.status === 200) {
    // A consent page: submit its form the way the Allow/Deny buttons do.
    const fields = consentFormFields(await response.text())
    fields.set('decision', decision)
    response = await fetch(new URL('/authorize', authorizationUrl), {
      method: 'POST',
      body: fields,
      redirect: 'manual',
    })
  }
  const location = response.headers.get('location')
  if (location === null)
    throw new Error(`the authorization server did not redirect (HTTP ${response.status})`)
  return fetch(location)
}

/** Clean-ups a test file runs after each test, last registered first. */
export type Cleanups = Array<() => Promise<void> | void>

/** oauthHost(), started, and closed again by `cleanups`. */
export async function startedOAuthHost(cleanups: Cleanups): Promise<ReturnType<typeof oauthHost>> {
  const host = oauthHost()
  cleanups.push(async () => {
    host.oauth.close()
    await host.servers.shutdown()
  })
  await host.servers.start()
  return host
}

/** The user clicks Sign in and allows it in the browser; resolves once the server is connected. */
export async function signInAndConnect(host: ReturnType<typeof oauthHost>, id: string): Promise<ServerState> {
  const start = await host.signIn.start(id)
  const connected = waitForServer(host.servers, id, (state) => state.status === 'connected')
  const landing = await browse(start.authorizationUrl)
  if (landing.status !== 200) throw new Error(`the sign-in landing page answered HTTP ${landing.status}`)
  return connected
}
