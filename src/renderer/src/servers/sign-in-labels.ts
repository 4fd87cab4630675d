import type { ServerAuthState, SignInStart } from '../../../shared/mcp/server-state'

/** The host of an authorization server's origin (`https://auth.example.com` → `auth.example.com`). */
export function issuerHost(issuer: string): string {
  try {
    return new URL(issuer).host || issuer
  } catch {
    return issuer
  }
}

/** Where the browser goes to sign in: the link this window opened, else the issuer the host discovered. */
export function signInHost(link: SignInStart | undefined, auth: ServerAuthState | undefined): string | null {
  if (link) return link.host
  return auth?.issuer ? issuerHost(auth.issuer) : null
}

/** The scopes a token was granted, space-separated as OAuth writes them. */
export function scopesText(scopes: string[]): string {
  return scopes.length === 0 ? 'none requested' : scopes.join(' ')
}

/** An ISO time in the user's local time and format, or the text itself when it is not a date. */
export function localTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString()
}

/** The host refuses the redirect after the link's state expired; opening it again would only show an error. */
export function isLinkExpired(link: SignInStart, now: number = Date.now()): boolean {
  const expires = Date.parse(link.expiresAt)
  return !Number.isNaN(expires) && expires <= now
}
