// One OAuth-protected MCP server on loopback with two authorization servers behind it, built from the
// endpoints of test/fixtures/oauth-server: the protected-resource metadata names one of them, and the MCP
// endpoint accepts only that one's tokens. `moveTo` switches both at once, which is what an
// authorization-server migration (SEP-2352) looks like from the client. Each authorization server can
// also advertise extra metadata (Client ID Metadata Document support, a forged issuer) and know a client
// id without registration (a URL-based client id whose document it has "fetched").
import type { IncomingMessage, ServerResponse } from 'node:http'
import { authorizationServerHandler } from '../../../../fixtures/oauth-server/authorization-server'
import type { FixtureContext } from '../../../../fixtures/oauth-server/fixture-context'
import { GrantStore } from '../../../../fixtures/oauth-server/grant-store'
import { closeNow, listenOnLoopback, pathOf, sendJson } from '../../../../fixtures/oauth-server/http-io'
import { McpSessions } from '../../../../fixtures/oauth-server/mcp-sessions'
import {
  authorizationServerMetadata,
  authorizationServerMetadataPath,
} from '../../../../fixtures/oauth-server/metadata-documents'
import {
  resolveConfig,
  type OAuthMcpServerLog,
  type OAuthMcpServerOptions,
} from '../../../../fixtures/oauth-server/oauth-server-config'
import { protectedResourceHandler } from '../../../../fixtures/oauth-server/protected-resource'

export interface AuthorizationServerSetup {
  /** Options of the fixture (scopes, registration, refresh tokens) for this authorization server. */
  options?: OAuthMcpServerOptions
  /** Merged over this authorization server's metadata document. */
  metadata?: Record<string, unknown>
  /** A public client this server knows without registration (e.g. a client id metadata document URL). */
  knownClientId?: string
}

export interface IssuerSide {
  issuer: string
  log: OAuthMcpServerLog
  store: GrantStore
}

export type SideName = 'first' | 'second'

export interface TwoIssuerFixture {
  mcpUrl: string
  first: IssuerSide
  second: IssuerSide
  /** From now on the resource metadata names `side`, and only tokens `side` issued are accepted. */
  moveTo(side: SideName): void
  stop(): Promise<void>
}

function emptyLog(): OAuthMcpServerLog {
  return { authorizeRequests: [], tokenRequests: [], registrations: [], mcpAuthorizationHeaders: [] }
}

export async function startTwoIssuerFixture(
  setups: Partial<Record<SideName, AuthorizationServerSetup>> = {},
): Promise<TwoIssuerFixture> {
  const contexts: Partial<Record<SideName, FixtureContext>> = {}
  let current: SideName = 'first'
  const contextOf = (side: SideName): FixtureContext => {
    const context = contexts[side]
    if (context === undefined) throw new Error('two-issuer fixture: request before it finished starting')
    return context
  }
  const sessions = new McpSessions()
  const resourceServer = await listenOnLoopback(protectedResourceHandler(() => contextOf(current), sessions))
  const authorizationServers = {
    first: await listenOnLoopback(withMetadata(() => contextOf('first'), setups.first?.metadata)),
    second: await listenOnLoopback(withMetadata(() => contextOf('second'), setups.second?.metadata)),
  }
  const sides = {} as Record<SideName, IssuerSide>
  for (const side of ['first', 'second'] as const) {
    const setup = setups[side] ?? {}
    const config = resolveConfig(setup.options ?? {}, {
      mcpOrigin: resourceServer.origin,
      issuer: authorizationServers[side].origin,
    })
    const store = new GrantStore()
    if (setup.knownClientId !== undefined) {
      store.addClient({ clientId: setup.knownClientId, authMethods: ['none'], redirectUris: undefined })
    }
    const log = emptyLog()
    contexts[side] = { config, store, log }
    sides[side] = { issuer: config.issuer, log, store }
  }

  let stopped = false
  return {
    mcpUrl: contextOf('first').config.mcpUrl,
    ...sides,
    moveTo: (side) => (current = side),
    async stop() {
      if (stopped) return
      stopped = true
      await sessions.closeAll()
      await Promise.all(
        [resourceServer, authorizationServers.first, authorizationServers.second].map(({ server }) =>
          closeNow(server),
        ),
      )
    },
  }
}

/** The fixture's authorization server, with its metadata document amended. */
function withMetadata(
  context: () => FixtureContext,
  extra: Record<string, unknown> | undefined,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const handler = authorizationServerHandler(context)
  return async (req, res) => {
    const { config } = context()
    if (
      extra !== undefined &&
      req.method === 'GET' &&
      pathOf(req) === authorizationServerMetadataPath(config)
    ) {
      return sendJson(res, 200, { ...authorizationServerMetadata(config), ...extra })
    }
    return handler(req, res)
  }
}
