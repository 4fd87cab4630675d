import { timingSafeEqual } from 'node:crypto'
import { WEB_SOCKET_PROTOCOL, WEB_TOKEN_PROTOCOL_PREFIX } from '../../shared/ipc/web-wire'

/**
 * Who may talk to web mode. Web mode listens on loopback only, but a page in any browser tab can still reach
 * loopback, and DNS rebinding can make an attacker's hostname resolve to 127.0.0.1. So every request must
 * name our own Host (defeats rebinding) and carry no foreign Origin (defeats cross-site requests). The
 * assets (html, js, css) hold no secret and need nothing more. The WebSocket, which carries the whole
 * contract, must also carry our Origin and present the per-launch token as a subprotocol (defeats everything
 * else on the machine). There is no cookie: cookies are not port-scoped, so every other server on 127.0.0.1
 * would receive it.
 */
export interface AccessContext {
  port: number
  token: string
}

export type AccessDecision = { allow: true } | { allow: false; status: 401 | 403; reason: string }

export interface RequestFacts {
  host: string | undefined
  origin: string | undefined
  /** The Sec-WebSocket-Protocol header as node joined it ("a, b"); only read for upgrades. */
  protocols?: string | undefined
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

/** The offered subprotocols, in order; an absent or empty header offers none. */
export function offeredProtocols(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '')
}

/** The token the page offered as `mcp-desk.token.<token>`, if it offered exactly one. */
export function tokenFromProtocols(header: string | undefined): string | undefined {
  const offered = offeredProtocols(header).filter((value) => value.startsWith(WEB_TOKEN_PROTOCOL_PREFIX))
  return offered.length === 1 ? offered[0]?.slice(WEB_TOKEN_PROTOCOL_PREFIX.length) : undefined
}

/** Assets: our Host, and no foreign Origin (a same-origin GET of a script or stylesheet may carry ours). */
export function decideAssetAccess(facts: RequestFacts, port: number): AccessDecision {
  if (!isOwnHost(facts.host, port)) {
    return {
      allow: false,
      status: 403,
      reason: `Host header ${JSON.stringify(facts.host ?? '')} is not this server`,
    }
  }
  if (facts.origin !== undefined && !ownOrigins(port).includes(facts.origin.toLowerCase())) {
    return { allow: false, status: 403, reason: `Origin ${JSON.stringify(facts.origin)} is not allowed` }
  }
  return { allow: true }
}

/**
 * The contract's WebSocket: our Host, our Origin (browsers always send one on a WebSocket, so its absence is
 * suspect), our subprotocol, and the token.
 */
export function decideSocketAccess(facts: RequestFacts, context: AccessContext): AccessDecision {
  const asset = decideAssetAccess(facts, context.port)
  if (!asset.allow) return asset
  if (facts.origin === undefined) return { allow: false, status: 403, reason: 'a socket without an Origin' }
  if (!offeredProtocols(facts.protocols).includes(WEB_SOCKET_PROTOCOL)) {
    return { allow: false, status: 401, reason: `the ${WEB_SOCKET_PROTOCOL} subprotocol was not offered` }
  }
  if (!tokensEqual(tokenFromProtocols(facts.protocols), context.token)) {
    return { allow: false, status: 401, reason: 'missing or wrong token' }
  }
  return { allow: true }
}
