/**
 * The sampling request as the server sent it, for the card's raw view and its metadata line. Display only:
 * nothing here is sent to a model. The card travels to the window on every change, so the text is bounded:
 * a long string (an image's base64, a pasted document) keeps its start and says how much is left out, and
 * the whole text stops at RAW_TEXT_MAX characters.
 */

/** Strings longer than this are shown by their start and a count of the rest. */
export const RAW_STRING_MAX = 600
/** The raw view's whole text, at most. */
export const RAW_TEXT_MAX = 64 * 1024
/** The metadata line, at most. */
const METADATA_TEXT_MAX = 4 * 1024

const count = new Intl.NumberFormat('en')

function elideLongStrings(_key: string, value: unknown): unknown {
  if (typeof value !== 'string' || value.length <= RAW_STRING_MAX) return value
  return `${value.slice(0, RAW_STRING_MAX)}… (${count.format(value.length - RAW_STRING_MAX)} more characters not shown)`
}

function capped(text: string, max: number): string {
  if (text.length <= max) return text
  return `${text.slice(0, max)}\n… (${count.format(text.length - max)} more characters not shown)`
}

function pretty(value: unknown): string {
  // Parsed JSON cannot be circular; a value JSON cannot express (undefined) shows as nothing.
  return JSON.stringify(value, elideLongStrings, 2) ?? ''
}

/** The request's params as indented JSON, long strings elided, the whole bounded. */
export function receivedRequestText(params: unknown): string {
  return capped(pretty(params), RAW_TEXT_MAX)
}

/**
 * The request's `metadata` (provider-specific pass-through that the spec lets a host ignore, and MCP Desk
 * does) as JSON, so the user sees what the server attached; undefined when it sent none.
 */
export function receivedMetadataText(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null || !('metadata' in params)) return undefined
  const metadata = params.metadata
  if (metadata === undefined) return undefined
  return capped(pretty(metadata), METADATA_TEXT_MAX)
}

/** The `includeContext` the server sent, when it is one the spec names (validation refused anything else). */
export function receivedIncludeContext(params: unknown): 'none' | 'thisServer' | 'allServers' | undefined {
  if (typeof params !== 'object' || params === null) return undefined
  const value = (params as { includeContext?: unknown }).includeContext
  return value === 'none' || value === 'thisServer' || value === 'allServers' ? value : undefined
}
