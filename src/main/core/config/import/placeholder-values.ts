import type { ParsedServerInput as ServerInput } from '../../../../shared/mcp/server-input'
import type { Placeholder } from '../../../../shared/import/import-types'
import { looksSecret } from './placeholders'

/** Any `${…}` reference; which ones are placeholders is decided by the scan (`placeholders.ts`), not here. */
const TOKEN = /\$\{[^{}]*\}/g

export interface PlaceholderSources {
  /** Values the user typed, by token. */
  typed: Readonly<Record<string, string>>
  /** The host's environment, read only when the user agreed. */
  environment: Readonly<Record<string, string | undefined>> | undefined
}

/** The value for one token, or undefined when nobody supplied it. */
export function valueFor(
  placeholder: Pick<Placeholder, 'token' | 'kind' | 'name'>,
  sources: PlaceholderSources,
): string | undefined {
  const typed = sources.typed[placeholder.token]
  if (typed !== undefined && typed !== '') return typed
  if (placeholder.kind === 'env' && sources.environment) return sources.environment[placeholder.name]
  return undefined
}

export interface ResolvedServer {
  input: ServerInput
  /** Placeholders of this server nobody gave a value for (their tokens are still in `input`). */
  missing: string[]
  /** Where a secret placeholder's value landed in a field settings.json keeps in plain text. */
  plainSecrets: string[]
}

/**
 * The server with its placeholders replaced. Only the occurrences the scan recorded for this server are
 * touched: editor variables (`${workspaceFolder}`) and `${VAR}` in arguments that the server's own env
 * expands stay as written. Placeholders without a value are left as written and reported in `missing`, so
 * the caller can refuse before anything half-resolved is written.
 */
export function resolvePlaceholders(
  sourceName: string,
  input: ServerInput,
  placeholders: readonly Placeholder[],
  sources: PlaceholderSources,
  /** Env and header names the source marks secret (ImportedServer.secretNames). */
  secretNames: readonly string[] = [],
): ResolvedServer {
  const missing = new Set<string>()
  const plainSecrets = new Set<string>()
  const secretTokens = placeholders.filter((p) => p.secret).map((p) => p.token)
  const replace = (at: string, text: string): string =>
    text.replace(TOKEN, (token) => {
      const placeholder = placeholders.find(
        (p) => p.token === token && p.locations.includes(`${sourceName}: ${at}`),
      )
      if (!placeholder) return token
      const value = valueFor(placeholder, sources)
      if (value === undefined) {
        missing.add(token)
        return token
      }
      if (placeholder.secret && !at.startsWith('env.') && !at.startsWith('headers.')) {
        plainSecrets.add(`${at} (${token})`)
      }
      return value
    })
  const resolved: ServerInput =
    input.transport === 'stdio'
      ? {
          ...input,
          command: replace('command', input.command),
          args: input.args.map((arg, index) => replace(`args[${index}]`, arg)),
          env: mapValues('env', input.env, replace, secretTokens, secretNames),
          ...(input.cwd === undefined ? {} : { cwd: replace('cwd', input.cwd) }),
        }
      : {
          ...input,
          url: replace('url', input.url),
          headers: mapValues('headers', input.headers, replace, secretTokens, secretNames),
        }
  return { input: resolved, missing: [...missing], plainSecrets: [...plainSecrets] }
}

type ValueInputs = Extract<ServerInput, { transport: 'stdio' }>['env']

/**
 * Each env value or header with its placeholders replaced, plain or secret as its preview row said
 * (row-trust.ts): secret when the name looks secret or a secret placeholder fills it, else kept in
 * settings.json in clear like a plain value typed into the form.
 */
function mapValues(
  field: 'env' | 'headers',
  record: ValueInputs,
  replace: (at: string, text: string) => string,
  secretTokens: readonly string[],
  secretNames: readonly string[],
): ValueInputs {
  const out: ValueInputs = {}
  for (const [key, value] of Object.entries(record)) {
    if (!('value' in value)) {
      out[key] = value
      continue
    }
    const text = replace(`${field}.${key}`, value.value)
    const secret =
      looksSecret(key) ||
      secretNames.includes(key) ||
      secretTokens.some((token) => value.value.includes(token))
    out[key] = secret ? { value: text } : { plain: text }
  }
  return out
}
