import type { ServerConfig } from '../../../shared/settings/settings-schema'

/**
 * Redaction for everything about a server that reaches logs, the renderer or the terminal: destinations
 * keep where they point (scheme, host, port, path) and lose what authenticates (credentials, query,
 * fragment, env values, secret-looking arguments).
 */

export const MASK = '***'

/** Flag names whose value is a secret, e.g. `--token`, `--api-key`, `--client-secret`, `--auth`. */
const SECRET_NAME =
  /(token|secret|passw(or)?d|api[-_]?key|authori[sz]ation|auth(?!or)|credential|private[-_]?key)/i
/** Tokens recognisable on their own (GitHub, Slack, OpenAI-style, Stripe, GitLab, AWS key ids, JWTs, Bearer). */
const KNOWN_TOKEN =
  /^(?:gh[pousr]_|github_pat_|xox[abeprs]-|sk-|sk_live_|rk_live_|glpat-|AKIA|eyJ)[\w.+/=-]{16,}$/
const BEARER = /^Bearer\s+\S+$/i
const FLAG = /^--?([A-Za-z0-9][A-Za-z0-9_.-]*)$/
const FLAG_WITH_VALUE = /^(--?[A-Za-z0-9][A-Za-z0-9_.-]*)=(.*)$/s
/** `NAME=value`, as passed to env, docker -e and many server CLIs. */
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_.-]*)=(.*)$/s
/** `Name: value`, as passed to `--header` (e.g. mcp-remote's `Authorization: Bearer …`). */
const HEADER = /^([A-Za-z0-9-]+):\s*(.*)$/s
const URL_WITH_AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//
/** Quoted so word boundaries stay visible; the result is for reading only and is never executed. */
const NEEDS_QUOTES = /[\s'"\\]/

/** A URL without query, fragment and credentials; `<invalid URL>` for text that does not parse. */
export function redactUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return '<invalid URL>'
  }
  // Opaque URLs (`mailto:`, `data:`) have no host to keep; everything after the scheme may be private.
  if (!URL_WITH_AUTHORITY.test(url.trim())) return `${parsed.protocol}${MASK}`
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`
}

/** Like redactUrl, but marks what was removed so a reader of a command line sees that something was there. */
function maskUrlArgument(arg: string): string {
  let parsed: URL
  try {
    parsed = new URL(arg)
  } catch {
    return arg
  }
  const hasCredentials = parsed.username !== '' || parsed.password !== ''
  if (!hasCredentials && parsed.search === '' && parsed.hash === '') return arg
  const userinfo = hasCredentials ? `${MASK}@` : ''
  const query = parsed.search === '' ? '' : `?${MASK}`
  const fragment = parsed.hash === '' ? '' : `#${MASK}`
  return `${parsed.protocol}//${userinfo}${parsed.host}${parsed.pathname}${query}${fragment}`
}

function maskValue(value: string): string {
  return URL_WITH_AUTHORITY.test(value) ? maskUrlArgument(value) : value
}

/** One argument on its own; `secretFollows` says the previous flag announced a secret value. */
function redactArgument(arg: string, secretFollows: boolean): string {
  if (secretFollows || KNOWN_TOKEN.test(arg) || BEARER.test(arg)) return MASK
  if (URL_WITH_AUTHORITY.test(arg)) return maskUrlArgument(arg)
  const flagWithValue = FLAG_WITH_VALUE.exec(arg)
  if (flagWithValue) {
    const [, flag = '', value = ''] = flagWithValue
    return `${flag}=${SECRET_NAME.test(flag) ? MASK : maskValue(value)}`
  }
  if (arg.startsWith('-')) return arg
  const assignment = ASSIGNMENT.exec(arg)
  // Every assignment value is masked: env-style pairs carry credentials far too often to guess which.
  if (assignment) return `${assignment[1] ?? ''}=${MASK}`
  const header = HEADER.exec(arg)
  if (header && SECRET_NAME.test(header[1] ?? '')) return `${header[1] ?? ''}: ${MASK}`
  return arg
}

function quoteForDisplay(arg: string): string {
  if (arg === MASK) return arg
  if (arg.length > 0 && !NEEDS_QUOTES.test(arg)) return arg
  return `'${arg.replace(/'/g, `'\\''`)}'`
}

/** A command line safe to show: secret flag values, `KEY=VALUE` values and URL credentials/queries masked. */
export function redactCommand(command: string, args: readonly string[]): string {
  return [quoteForDisplay(maskValue(command)), ...redactArguments(args)].join(' ')
}

/** The arguments of a command line, each masked and quoted as redactCommand shows them. */
export function redactArguments(args: readonly string[]): string[] {
  const shown: string[] = []
  let secretFollows = false
  for (const arg of args) {
    shown.push(quoteForDisplay(redactArgument(arg, secretFollows)))
    const flag = FLAG.exec(arg)
    secretFollows = !secretFollows && flag !== null && SECRET_NAME.test(flag[1] ?? '')
  }
  return shown
}

/** Shortest secret that is replaced: shorter ones (`1`, `yes`) would shred ordinary text without hiding anything. */
export const MIN_REDACTED_SECRET_LENGTH = 4

/**
 * Replaces every occurrence of each known secret value with `***`, also in the forms it takes inside
 * JSON strings and URLs. Longer secrets go first so one that contains another is masked whole.
 */
export function redactForLog(text: string, secrets: readonly string[]): string {
  const forms = new Set<string>()
  for (const secret of secrets) {
    if (secret.length < MIN_REDACTED_SECRET_LENGTH) continue
    forms.add(secret)
    forms.add(JSON.stringify(secret).slice(1, -1))
    forms.add(encodeURIComponent(secret))
  }
  let redacted = text
  for (const form of [...forms].sort((a, b) => b.length - a.length)) {
    redacted = redacted.split(form).join(MASK)
  }
  return redacted
}

/** Where a server is, as shown and logged: its command or URL with anything secret-looking masked. */
export function describeDestination(config: ServerConfig): string {
  return config.transport === 'stdio'
    ? `stdio: ${redactCommand(config.command, config.args)}`
    : redactUrl(config.url)
}
