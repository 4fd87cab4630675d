import { decideOpenExternal } from '../security/external-link-policy'

export type UrlCheck = { ok: true; url: string; host: string } | { ok: false; reason: string }

/**
 * Whether a URL-mode elicitation may be shown: the same rule as every link the app opens (https, or plain
 * http only to this computer, no user name or password in it), judged after the WHATWG parser resolved the
 * host. The host comes back as the browser will see it, punycode for non-ASCII names, so a look-alike
 * domain shows as what it is when the card emphasises it.
 */
export function checkElicitationUrl(url: string): UrlCheck {
  const decision = decideOpenExternal(url)
  if (!decision.allow) return { ok: false, reason: decision.reason }
  const parsed = new URL(decision.url)
  return { ok: true, url: decision.url, host: parsed.host }
}
