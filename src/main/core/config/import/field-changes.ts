import type { FieldChange } from '../../../../shared/import/import-preview'
import type { ParsedServerInput } from '../../../../shared/mcp/server-input'
import type { ServerConfig } from '../../../../shared/settings/settings-schema'
import { redactArguments, redactUrl } from '../../mcp/redact'

/**
 * What importing a server would change in the one configured under its name, field by field, for the
 * preview. Secret values (env, headers, an OAuth client secret) are compared but never shown.
 */

/**
 * Whether a stored value is what the file's value becomes once its placeholders are filled in. Before
 * apply nobody has typed them (and the environment is read only with consent), so a placeholder matches
 * any text: importing the same file twice then reads `identical`, not `changed` because `${TOKEN}` is not
 * the stored token.
 */
export function sameValue(stored: string, incoming: string, tokens: ReadonlySet<string>): boolean {
  if (stored === incoming) return true
  const parts = incoming.split(/(\$\{[^{}]*\})/)
  if (!parts.some((part) => tokens.has(part))) return false
  const pattern = parts
    .map((part) => (tokens.has(part) ? '[\\s\\S]*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${pattern}$`).test(stored)
}

/** What differs, field by field; env and header values are compared but never shown. */
export function fieldChanges(
  config: ServerConfig,
  values: Record<string, string>,
  input: ParsedServerInput,
  tokens: ReadonlySet<string> = new Set(),
): FieldChange[] {
  const changes: FieldChange[] = []
  const same = (before: string, after: string) => sameValue(before, after, tokens)
  const add = (field: string, before: string, after: string) => {
    if (!same(before, after)) changes.push({ field, before, after })
  }
  add('transport', config.transport, input.transport)
  add('enabled', String(config.enabled), String(input.enabled))
  if (config.transport === 'stdio' && input.transport === 'stdio') {
    add('command', config.command, input.command)
    // Arguments can carry tokens (`--token x`): shown redacted, like the servers panel shows them.
    const argsSame =
      config.args.length === input.args.length &&
      config.args.every((arg, index) => same(arg, input.args[index] ?? ''))
    if (!argsSame) {
      const before = redactArguments(config.args).join(' ')
      const after = redactArguments(input.args).join(' ')
      changes.push({ field: 'args', before, after: before === after ? '(changed)' : after })
    }
    add('cwd', config.cwd ?? '', input.cwd ?? '')
    compareValues(changes, 'env', config.env, values, input.env, same)
  } else if (config.transport !== 'stdio' && input.transport !== 'stdio') {
    if (!same(config.url, input.url)) {
      const before = redactUrl(config.url)
      const after = redactUrl(input.url)
      changes.push(
        before === after
          ? { field: 'url', before: '(hidden)', after: '(changed)' }
          : { field: 'url', before, after },
      )
    }
    compareValues(changes, 'headers', config.headers, values, input.headers, same)
    compareOAuth(changes, config.oauth, input.oauth, add)
  }
  return changes
}

/** OAuth client settings: the id and scopes are shown, the client secret only as set or not. */
function compareOAuth(
  changes: FieldChange[],
  before: Exclude<ServerConfig, { transport: 'stdio' }>['oauth'],
  after: Exclude<ParsedServerInput, { transport: 'stdio' }>['oauth'],
  add: (field: string, before: string, after: string) => void,
): void {
  add('oauth.clientId', before?.clientId ?? '(none)', after?.clientId ?? '(none)')
  add('oauth.scopes', before?.scopes?.join(' ') || '(none)', after?.scopes?.join(' ') || '(none)')
  const had = before?.clientSecret !== undefined
  const has = after?.clientSecret !== undefined
  if (had !== has) {
    changes.push({
      field: 'oauth.clientSecret',
      before: had ? '(set)' : '(none)',
      after: has ? '(set)' : '(none)',
    })
  }
}

function compareValues(
  changes: FieldChange[],
  field: 'env' | 'headers',
  before: Record<string, unknown>,
  resolved: Record<string, string>,
  after: Extract<ParsedServerInput, { transport: 'stdio' }>['env'],
  same: (before: string, after: string) => boolean,
): void {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  for (const key of [...keys].sort()) {
    const had = key in before
    const has = key in after
    if (!had) changes.push({ field: `${field}.${key}`, before: '(none)', after: '(set)' })
    else if (!has) changes.push({ field: `${field}.${key}`, before: '(set)', after: '(none)' })
    else {
      const next = after[key]
      const old = resolved[key]
      if (next && 'value' in next && (old === undefined || !same(old, next.value))) {
        changes.push({ field: `${field}.${key}`, before: '(hidden)', after: '(changed)' })
      }
    }
  }
}
