import { IpcFailure } from '../../../../shared/ipc/ipc-error'

/**
 * Reading what an install link carries: its query (decoded without turning `+` into a space, since the
 * clients put standard base64 in it unescaped), base64 in every spelling the clients write, and JSON,
 * each bounded. Every failure is a sentence about the link, never a parser's dump.
 */

/** Decoded JSON larger than this is refused (a link is at most 64 KiB; a few servers are a few KiB). */
export const LINK_MAX_JSON_BYTES = 48 * 1024
/** Servers one link may add: a link is a share of a few servers, not a profile. */
export const LINK_MAX_SERVERS = 20

export function invalidLink(reason: string): IpcFailure {
  return new IpcFailure('validation_failed', `This install link cannot be read: ${reason}`)
}

/** `a=1&b=2` as a map; `%` escapes decoded, `+` kept as `+`; a repeated key keeps its first value. */
export function queryParams(query: string): Map<string, string> {
  const params = new Map<string, string>()
  for (const part of query.split('&')) {
    if (part === '') continue
    const eq = part.indexOf('=')
    const key = decode(eq === -1 ? part : part.slice(0, eq))
    const value = eq === -1 ? '' : decode(part.slice(eq + 1))
    if (!params.has(key)) params.set(key, value)
  }
  return params
}

export function decode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    throw invalidLink('it has a broken %-escape')
  }
}

/**
 * JSON from base64: standard, URL-safe, unpadded, or with spaces where a form encoder turned a `+` into
 * one. URL-safe is read as RFC 4648 (`-` for `+`, `_` for `/`), except in Cherry Studio's links
 * (`cherry`), whose handler reads the two the other way round (`_` for `+`, `-` for `/`): a link is read
 * as the client it was written for reads it.
 */
export function base64Json(text: string, what: string, options: { cherry?: boolean } = {}): unknown {
  const cleaned = text.trim().replace(/ /g, '+').replace(/=+$/, '')
  if (cleaned === '' || !/^[A-Za-z0-9+/_-]+$/.test(cleaned) || cleaned.length % 4 === 1) {
    throw invalidLink(`its ${what} is not base64`)
  }
  if (cleaned.length > Math.ceil((LINK_MAX_JSON_BYTES * 4) / 3)) {
    throw invalidLink(`its ${what} is larger than ${LINK_MAX_JSON_BYTES / 1024} KiB`)
  }
  const standard =
    options.cherry === true
      ? cleaned.replace(/_/g, '+').replace(/-/g, '/')
      : cleaned.replace(/-/g, '+').replace(/_/g, '/')
  const parsed = tryJson(Buffer.from(standard, 'base64').toString('utf8'))
  if (!parsed.ok) throw invalidLink(`its ${what} is not base64 of JSON`)
  return parsed.value
}

/** JSON written straight into the link (VS Code's form). */
export function plainJson(text: string, what: string): unknown {
  if (Buffer.byteLength(text, 'utf8') > LINK_MAX_JSON_BYTES) {
    throw invalidLink(`its ${what} is larger than ${LINK_MAX_JSON_BYTES / 1024} KiB`)
  }
  const parsed = tryJson(text)
  if (!parsed.ok) throw invalidLink(`its ${what} is not JSON`)
  return parsed.value
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
