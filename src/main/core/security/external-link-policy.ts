/**
 * Which links may leave the app for the system browser. https is fine anywhere; plain http only to this
 * machine (a local MCP server's docs or OAuth callback page), because elsewhere it is readable and
 * rewritable on the wire. Every other scheme can launch a local program or file, so it is refused.
 * Hosts are judged after the WHATWG parser resolves them, which defeats `http://localhost@evil.com`.
 */
export type OpenExternalDecision = { allow: true; url: string } | { allow: false; reason: string }

const MAX_URL_LENGTH = 8192

export function decideOpenExternal(url: string): OpenExternalDecision {
  if (typeof url !== 'string' || url === '') return { allow: false, reason: 'the link is empty' }
  if (url.length > MAX_URL_LENGTH)
    return { allow: false, reason: `the link is longer than ${MAX_URL_LENGTH} characters` }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { allow: false, reason: 'the link is not a valid URL' }
  }
  if (parsed.username !== '' || parsed.password !== '') {
    // `https://bank.example@evil.example` reads as the bank but goes to evil.example.
    return { allow: false, reason: 'links carrying a user name or password are not opened' }
  }
  if (parsed.protocol === 'https:') return { allow: true, url: parsed.href }
  if (parsed.protocol === 'http:') {
    if (isLoopbackHostname(parsed.hostname)) return { allow: true, url: parsed.href }
    return {
      allow: false,
      reason: `plain http links are only opened for this computer (localhost), not ${parsed.hostname}`,
    }
  }
  return {
    allow: false,
    reason: `links using ${parsed.protocol} are not opened; only https (and http to localhost) are`,
  }
}

/**
 * `hostname` here is the parser's canonical form: IPv4 in any spelling (`0x7f.1`, `2130706433`) becomes
 * dotted decimal and IPv6 becomes its compressed bracketed form, so exact matches are sufficient.
 */
export function isLoopbackHostname(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname)
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255)
}
