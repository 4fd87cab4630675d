import { timingSafeEqual } from 'node:crypto'
import { WEB_TOKEN_PARAM } from '../../shared/ipc/web-wire'

/**
 * Who may talk to web mode. Web mode listens on loopback only, but a page in any browser tab can still reach
 * loopback, and DNS rebinding can make an attacker's hostname resolve to 127.0.0.1. So every request must:
 * name our own Host (defeats rebinding), carry no foreign Origin (defeats cross-site requests), and present
 * the per-launch token in the URL or the cookie set from it (defeats everything else on the machine).
 */
export const TOKEN_COOKIE = 'mcp_desk_token'

export interface AccessContext {
  port: number
  token: string
}

export type AccessDecision =
  { allow: true; via: 'query' | 'cookie' } | { allow: false; status: 401 | 403; reason: string }

export interface RequestFacts {
  host: string | undefined
  origin: string | undefined
  url: string
  cookie: string | undefined
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]']

export function ownOrigins(port: number): string[] {
  return LOOPBACK_NAMES.map((name) => `http://${name}:${port}`)
}

export function isOwnHost(host: string | undefined, port: number): boolean {
  if (!host) return false
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`)
}

export function tokensEqual(presented: string | undefined, token: string): boolean {
  if (presented === undefined) return false
  const a = Buffer.from(presented)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return undefined
}

/** `requireOrigin` is set for WebSocket upgrades: browsers always send Origin there, so its absence is suspect. */
export function decideAccess(
  facts: RequestFacts,
  context: AccessContext,
  options: { requireOrigin?: boolean } = {},
): AccessDecision {
  if (!isOwnHost(facts.host, context.port)) {
    return {
      allow: false,
      status: 403,
      reason: `Host header ${JSON.stringify(facts.host ?? '')} is not this server`,
    }
  }
  if (facts.origin !== undefined || options.requireOrigin) {
    if (!facts.origin || !ownOrigins(context.port).includes(facts.origin.toLowerCase())) {
      return {
        allow: false,
        status: 403,
        reason: `Origin ${JSON.stringify(facts.origin ?? '')} is not allowed`,
      }
    }
  }
  const query = new URL(facts.url, 'http://placeholder').searchParams.get(WEB_TOKEN_PARAM) ?? undefined
  if (tokensEqual(query, context.token)) return { allow: true, via: 'query' }
  if (tokensEqual(readCookie(facts.cookie, TOKEN_COOKIE), context.token))
    return { allow: true, via: 'cookie' }
  return { allow: false, status: 401, reason: 'missing or wrong token' }
}
