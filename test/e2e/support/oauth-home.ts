import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import type { OAuthMcpServerLog } from '../../fixtures/oauth-server/start-oauth-mcp-server'

/** A fresh profile whose one server, `notes` (Notes), is the OAuth-protected fixture over Streamable HTTP. */
export function oauthHome(mcpUrl: string): string {
  const home = mkdtempSync(join(tmpdir(), 'mcp-desk-e2e-oauth-'))
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({
      schemaVersion: 1,
      servers: [{ id: 'notes', name: 'Notes', transport: 'http', url: mcpUrl }],
    }),
  )
  return home
}

/**
 * The shape of every token and client secret the fixture issues (a prefix and 24 random bytes in base64url),
 * so a search also finds ones no request carried back, such as the last refresh token.
 */
export const FIXTURE_SECRET_PATTERN = /\b(?:at|rt|secret)_[A-Za-z0-9_-]{32}/g

/** Every token value the fixture's log shows a client sending: bearer tokens and refresh tokens. */
export function tokensSeenBy(log: OAuthMcpServerLog): string[] {
  const bearer = log.mcpAuthorizationHeaders.flatMap((header) =>
    header?.startsWith('Bearer ') ? [header.slice('Bearer '.length)] : [],
  )
  const refresh = log.tokenRequests.flatMap((request) => {
    const token = request.params.get('refresh_token')
    return token ? [token] : []
  })
  return [...new Set([...bearer, ...refresh])]
}

/** Which of `tokens` (and which fixture-shaped secrets) appear in `text`, for a readable failure. */
export function secretsIn(text: string, tokens: readonly string[]): string[] {
  const shaped = text.match(FIXTURE_SECRET_PATTERN) ?? []
  return [...new Set([...tokens.filter((token) => text.includes(token)), ...shaped])]
}

/** Every WebSocket frame the page sends or receives, as text, from the moment this is called. */
export function recordWebSocketFrames(page: Page): string[] {
  const frames: string[] = []
  page.on('websocket', (socket) => {
    const keep = ({ payload }: { payload: string | Buffer }) =>
      frames.push(typeof payload === 'string' ? payload : payload.toString('utf8'))
    socket.on('framereceived', keep)
    socket.on('framesent', keep)
  })
  return frames
}
