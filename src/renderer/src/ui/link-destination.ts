/** Where a link in the model's text really goes, for the host shown beside it and the confirm dialog. */
export interface LinkDestination {
  /** The parsed, canonical URL: what is opened. */
  url: string
  /** The host the browser contacts (with its port), or a mailto link's address; emphasised when shown. */
  host: string
}

/** Only these schemes become links; anything else (javascript:, data:, file:) stays text. */
const LINK_SCHEMES = new Set(['https:', 'http:', 'mailto:'])

export function linkDestination(href: string | undefined): LinkDestination | undefined {
  if (!href) return undefined
  let parsed: URL
  try {
    parsed = new URL(href)
  } catch {
    return undefined
  }
  if (!LINK_SCHEMES.has(parsed.protocol)) return undefined
  return { url: parsed.href, host: parsed.protocol === 'mailto:' ? parsed.pathname : parsed.host }
}

/** A URL as people write it in text: no scheme, no `www.`, no trailing slash, any letter case. */
function loosely(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^(https?:\/\/|mailto:)/, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '')
}

/**
 * Whether a link's visible text is its destination (`https://example.com/docs`, an autolink), so showing
 * the host again would only repeat it. Any other text — words, or a different URL — gets the host shown.
 */
export function textIsDestination(text: string, destination: LinkDestination, href: string): boolean {
  const shown = loosely(text)
  return shown !== '' && (shown === loosely(destination.url) || shown === loosely(href))
}
