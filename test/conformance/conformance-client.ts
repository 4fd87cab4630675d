/**
 * The MCP client under test for `@modelcontextprotocol/conformance`: MCP Desk's own core, not a separate
 * client. The runner starts a scenario server and runs `tsx test/conformance/conformance-client.ts <url>`
 * with MCP_CONFORMANCE_SCENARIO (and MCP_CONFORMANCE_CONTEXT for pre-registered credentials).
 *
 * It does what the app does, with a scripted user: add the server to a fresh profile, connect, click
 * "Sign in" when the server asks for it (the browser step is replaced by following the authorization
 * redirect headlessly, which lands on the host's real loopback listener), sign in again when a request
 * needs more scope, accept every form as shown (defaults pre-filled), then call each tool the server lists
 * with arguments built from its schema. Exit 0 when every call answered, 1 otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServerManager } from '../../src/main/core/mcp/create-server-manager'
import { ElicitationService } from '../../src/main/core/elicitation/elicitation-service'
import { openNodeProfile } from '../../src/main/core/profile/open-node-profile'
import type { ServerState, ToolInfo } from '../../src/shared/mcp/server-state'
import { sampleArguments } from './sample-arguments'

const SETTLED = new Set(['connected', 'failed', 'needs-sign-in', 'disabled'])

/**
 * The URL-based client id (Client ID Metadata Document) the user was given, per scenario. auth/basic-cimd
 * checks for exactly this URL (its authorization server advertises support and does not fetch it); every
 * other scenario runs without one, so dynamic registration stays what they test.
 */
const CLIENT_ID_URLS: Record<string, string> = {
  'auth/basic-cimd': 'https://conformance-test.local/client-metadata.json',
}

/** Sign-ins the scripted user does when the server keeps asking (a move to another authorization server). */
const MAX_SIGN_INS = 3

async function main(): Promise<number> {
  const url = process.argv[2]
  if (!url)
    throw new Error('usage: conformance-client <server-url> (MCP_CONFORMANCE_SCENARIO set by the runner)')
  const context = JSON.parse(process.env['MCP_CONFORMANCE_CONTEXT'] ?? '{}') as {
    client_id?: string
    client_secret?: string
    /** The calls a scenario wants made, with exact arguments (http-custom-headers). */
    toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }>
  }
  const home = mkdtempSync(join(tmpdir(), 'mcp-desk-conformance-'))
  const log = (line: string) => process.stderr.write(`${line}\n`)
  const profile = openNodeProfile(home)
  const elicitation = new ElicitationService({ log })
  // The scripted user accepts each form exactly as shown: every field at its default.
  elicitation.subscribe((cards) => {
    for (const card of cards) {
      if (card.mode === 'form') elicitation.answer({ id: card.id, action: 'accept', content: {} })
    }
  })
  const { servers, signIn } = createServerManager({
    settings: profile.settings,
    secrets: profile.secrets,
    log,
    features: [elicitation],
  })
  const browser = new HeadlessBrowser(signIn.start.bind(signIn), log)
  const clientMetadataUrl = CLIENT_ID_URLS[process.env['MCP_CONFORMANCE_SCENARIO'] ?? '']
  try {
    const added = await servers.add({
      name: 'conformance',
      transport: 'http',
      url,
      ...(context.client_id || clientMetadataUrl
        ? {
            oauth: {
              ...(context.client_id ? { clientId: context.client_id } : {}),
              ...(context.client_secret ? { clientSecret: { value: context.client_secret } } : {}),
              ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
            },
          }
        : {}),
    })
    const id = added.id
    // Step-up: a request waiting for more scope shows `requestedScopes`; the user signs in again.
    servers.subscribe((list) => {
      const server = list.find((candidate) => candidate.id === id)
      if (server?.auth?.requestedScopes && server.auth.state !== 'waiting-for-browser')
        void browser.signIn(id)
    })
    await servers.start()
    const get = servers.get.bind(servers)
    const subscribe = servers.subscribe.bind(servers)
    let state = await settled(get, subscribe, id, SETTLED.has.bind(SETTLED))
    // The user signs in whenever the server asks, also again when it refuses the new token (its resource
    // metadata may name another authorization server by then). After a sign-in the server shows signed-in
    // until the reconnect settles: connected, or asking again with the refused token forgotten.
    for (let signIns = 0; state.status === 'needs-sign-in' && signIns < MAX_SIGN_INS; signIns++) {
      if (!(await browser.signIn(id))) break
      state = await settled(get, subscribe, id, (status, auth) =>
        status === 'needs-sign-in' ? auth !== 'signed-in' : status !== 'connecting',
      )
    }
    if (state.status !== 'connected') {
      log(`not connected: ${state.status}${state.failure ? `: ${state.failure.reason}` : ''}`)
      return 1
    }
    let failures = 0
    for (const tool of state.tools) {
      try {
        const scripted = context.toolCalls?.find((call) => call.name === tool.name)?.arguments
        const args = scripted ?? argumentsFor(tool, state.tools)
        const result = await servers.connection(id).callTool(tool.name, args)
        log(`called ${tool.name}: ${result.isError ? 'tool error' : 'ok'}`)
      } catch (error) {
        failures++
        log(`calling ${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    return failures === 0 ? 0 : 1
  } finally {
    await servers.shutdown()
    elicitation.shutdown()
    rmSync(home, { recursive: true, force: true })
  }
}

/**
 * Sample arguments from the tool's schema; an echo tool (json-schema-2020-12-preservation) gets the other
 * tool's inputSchema exactly as the host holds it, which is what that scenario checks.
 */
function argumentsFor(tool: ToolInfo, tools: readonly ToolInfo[]): Record<string, unknown> {
  if (tool.name !== 'json_schema_echo') return sampleArguments(tool.inputSchema)
  const focal = tools.find((other) => other.name !== tool.name)
  return { schema: focal?.inputSchema ?? {} }
}

/** Waits until the server's status (and sign-in state) satisfies `done`, on change events only. */
function settled(
  get: (id: string) => ServerState,
  subscribe: (listener: (list: ServerState[]) => void) => () => void,
  id: string,
  done: (status: string, auth: string | undefined) => boolean,
): Promise<ServerState> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const state = get(id)
      const finished = done(state.status, state.auth?.state)
      if (finished) resolve(state)
      return finished
    }
    if (check()) return
    const stop = subscribe(() => {
      if (check()) stop()
    })
  })
}

/**
 * Stands in for the user's browser: opens the authorization URL, lets the authorization server redirect
 * (its scenario servers approve at once) and delivers that redirect to the host's loopback listener.
 */
class HeadlessBrowser {
  #busy: Promise<boolean> | undefined

  constructor(
    private readonly start: (id: string) => Promise<{ authorizationUrl: string }>,
    private readonly log: (line: string) => void,
  ) {}

  /** True when the redirect landed on the host's listener and the host answered with its success page. */
  signIn(id: string): Promise<boolean> {
    this.#busy ??= this.#signIn(id).finally(() => (this.#busy = undefined))
    return this.#busy
  }

  async #signIn(id: string): Promise<boolean> {
    try {
      const { authorizationUrl } = await this.start(id)
      let next = authorizationUrl
      for (let hop = 0; hop < 5; hop++) {
        const response = await fetch(next, { redirect: 'manual' })
        const location = response.headers.get('location')
        await response.body?.cancel()
        if (location === null) return false
        next = new URL(location, next).href
        if (new URL(next).hostname === '127.0.0.1' && new URL(next).pathname === '/oauth/callback') {
          const landing = await fetch(next)
          this.log(`sign-in landed: HTTP ${landing.status}`)
          await landing.body?.cancel()
          return landing.ok
        }
      }
    } catch (error) {
      this.log(`sign-in failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    return false
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `conformance client crashed: ${error instanceof Error ? error.stack : String(error)}\n`,
    )
    process.exit(1)
  },
)
