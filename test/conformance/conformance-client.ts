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
  try {
    const added = await servers.add({
      name: 'conformance',
      transport: 'http',
      url,
      ...(context.client_id
        ? {
            oauth: {
              clientId: context.client_id,
              ...(context.client_secret ? { clientSecret: { value: context.client_secret } } : {}),
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
    let state = await settled(servers.get.bind(servers), servers.subscribe.bind(servers), id)
    if (state.status === 'needs-sign-in') {
      await browser.signIn(id)
      state = await settled(servers.get.bind(servers), servers.subscribe.bind(servers), id, 'connected')
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

/** Waits until the server's status settles (or reaches `wanted`), on change events only. */
function settled(
  get: (id: string) => ServerState,
  subscribe: (listener: (list: ServerState[]) => void) => () => void,
  id: string,
  wanted?: string,
): Promise<ServerState> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const state = get(id)
      const done = wanted ? state.status === wanted || state.status === 'failed' : SETTLED.has(state.status)
      if (done) resolve(state)
      return done
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
  #busy: Promise<void> | undefined

  constructor(
    private readonly start: (id: string) => Promise<{ authorizationUrl: string }>,
    private readonly log: (line: string) => void,
  ) {}

  signIn(id: string): Promise<void> {
    this.#busy ??= this.#signIn(id).finally(() => (this.#busy = undefined))
    return this.#busy
  }

  async #signIn(id: string): Promise<void> {
    try {
      const { authorizationUrl } = await this.start(id)
      let next = authorizationUrl
      for (let hop = 0; hop < 5; hop++) {
        const response = await fetch(next, { redirect: 'manual' })
        const location = response.headers.get('location')
        await response.body?.cancel()
        if (location === null) return
        next = new URL(location, next).href
        if (new URL(next).hostname === '127.0.0.1' && new URL(next).pathname === '/oauth/callback') {
          const landing = await fetch(next)
          this.log(`sign-in landed: HTTP ${landing.status}`)
          await landing.body?.cancel()
          return
        }
      }
    } catch (error) {
      this.log(`sign-in failed: ${error instanceof Error ? error.message : String(error)}`)
    }
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
