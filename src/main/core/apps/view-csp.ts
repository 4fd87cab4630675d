import { VIEW_DOMAIN_PATTERN, type ViewCsp, type ViewPermissions } from '../../../shared/apps/view-schema'

/**
 * The Content-Security-Policy an MCP App view runs under (SEP-1865 "Content Security Policy"). The default
 * is the spec's restrictive one; a server's `_meta.ui.csp` can only add the origins it declares, each to
 * the directives the spec maps it to, and nothing else: a declared entry that is not exactly
 * `scheme://host[:port]` (VIEW_DOMAIN_PATTERN) is dropped, so quotes, spaces, `;`, `*`, keywords such as
 * 'unsafe-eval' and schemes such as data: never reach the header. Nothing here can loosen the default.
 */
const BASE: readonly (readonly [string, readonly string[]])[] = [
  ['default-src', ["'none'"]],
  ['script-src', ["'self'", "'unsafe-inline'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:']],
  ['font-src', ["'self'"]],
  ['media-src', ["'self'", 'data:']],
  ['connect-src', []],
  ['frame-src', []],
  ['base-uri', ["'self'"]],
  ['object-src', ["'none'"]],
  // Not in the spec's list, only tighter: a form may never submit anywhere (allow-forms lets it try).
  ['form-action', ["'none'"]],
]

/** Which declaration adds to which directive. */
const DECLARED_INTO: Record<string, keyof ViewCsp> = {
  'script-src': 'resourceDomains',
  'style-src': 'resourceDomains',
  'img-src': 'resourceDomains',
  'font-src': 'resourceDomains',
  'media-src': 'resourceDomains',
  'connect-src': 'connectDomains',
  'frame-src': 'frameDomains',
  'base-uri': 'baseUriDomains',
}

const MAX_DOMAINS_PER_LIST = 32

/** The declared entries that are safe to put in a policy: well-formed origins only, lower-cased, unique. */
export function safeDomains(declared: unknown): string[] {
  if (!Array.isArray(declared)) return []
  const kept: string[] = []
  for (const entry of declared.slice(0, MAX_DOMAINS_PER_LIST)) {
    if (typeof entry !== 'string' || entry.length > 253 || !VIEW_DOMAIN_PATTERN.test(entry)) continue
    const domain = entry.toLowerCase()
    if (!kept.includes(domain)) kept.push(domain)
  }
  return kept
}

/** The view's policy as one header value. */
export function buildViewCsp(csp: ViewCsp | undefined): string {
  const declared = csp ?? {}
  return BASE.map(([name, base]) => {
    const list = DECLARED_INTO[name]
    const extra = list === undefined ? [] : safeDomains(declared[list])
    const sources = [...base, ...extra]
    return `${name} ${sources.length === 0 ? "'none'" : sources.join(' ')}`
  }).join('; ')
}

/** The features a view may be granted, as the `allow` attribute (Permissions Policy) names them. */
const FEATURES: readonly (readonly [keyof ViewPermissions, string])[] = [
  ['camera', 'camera'],
  ['microphone', 'microphone'],
  ['geolocation', 'geolocation'],
  ['clipboardWrite', 'clipboard-write'],
]

/**
 * The inner iframe's `allow` attribute: only the features the view declared, each for the frame's own
 * origin only (the attribute's default). Empty when nothing is declared. Declaring a feature only makes it
 * askable: the browser (or on the desktop the user, through a dialog) still decides.
 */
export function buildViewAllow(permissions: ViewPermissions | undefined): string {
  if (permissions === undefined || permissions === null || typeof permissions !== 'object') return ''
  return FEATURES.filter(([key]) => isDeclared(permissions[key]))
    .map(([, feature]) => feature)
    .join('; ')
}

function isDeclared(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false
}
