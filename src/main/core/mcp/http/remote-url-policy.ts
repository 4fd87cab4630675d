import { isLoopbackHostname } from '../../security/external-link-policy'

/**
 * Which URLs a remote MCP server may have. The host sends the server's headers (often an API key) with
 * every request, so the connection must be private: https everywhere, plain http only to this computer.
 * Hosts are judged on the WHATWG parser's canonical form, so `http://2130706433/` is 127.0.0.1 while
 * `http://localhost.evil.com` and `http://127.0.0.1.nip.io` are ordinary (remote) names.
 */
export type RemoteUrlDecision = { ok: true; url: URL } | { ok: false; reason: string }

const MAX_URL_LENGTH = 8192

export function checkRemoteUrl(raw: string): RemoteUrlDecision {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, reason: 'the server URL is empty' }
  if (raw.length > MAX_URL_LENGTH) {
    return { ok: false, reason: `the server URL is longer than ${MAX_URL_LENGTH} characters` }
  }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    // The raw text is not echoed: it may carry a token in its query string.
    return { ok: false, reason: 'the server URL is not a valid URL (expected https://host/path)' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      reason: `the server URL uses ${url.protocol}; only https (and http to this computer) is supported`,
    }
  }
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      reason:
        'the server URL contains a user name or password; put credentials in a header (stored as a secret) instead',
    }
  }
  if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname)) {
    return {
      ok: false,
      reason: `plain http is only allowed to this computer (localhost, 127.0.0.0/8, [::1]); use https for ${url.host}`,
    }
  }
  return { ok: true, url }
}

/** `scheme://host/path`: what may be shown or logged of a URL (no userinfo, query string or fragment). */
export function redactUrl(url: URL | string): string {
  let parsed: URL
  try {
    parsed = typeof url === 'string' ? new URL(url) : url
  } catch {
    return '(invalid URL)'
  }
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`
}
