import type { ConfigValueInput } from '../shared/mcp/server-input'
import { looksSecretName } from '../shared/settings/secret-names'
import type { OptionValues } from './cli-args'
import { UsageError } from './cli-io'
import { parseHeaders } from './header-option'

/**
 * A stdio server's env values and a remote server's headers for `servers add`, each marked plain or secret
 * as the form marks them: `--env`/`--header` go by the name (a secret-looking name — TOKEN, KEY, SECRET,
 * PASSWORD, AUTH… — goes to the secret store, anything else is kept in settings.json in clear), and
 * `--secret-env`/`--secret-header` or `--plain-env`/`--plain-header` say so outright. A value read from the
 * shell (`--env K`) is secret unless `--plain-env` says otherwise: reading it from the shell is how a value
 * is kept out of the history, so it is treated as one that must not be written in clear.
 */

type Secrecy = 'by-name' | 'secret' | 'plain'

function inputOf(secrecy: Secrecy, name: string, value: string, fromShell: boolean): ConfigValueInput {
  const secret = secrecy === 'secret' || (secrecy === 'by-name' && (fromShell || looksSecretName(name)))
  return secret ? { value } : { plain: value }
}

const ENV_OPTIONS = [
  ['env', 'by-name'],
  ['secret-env', 'secret'],
  ['plain-env', 'plain'],
] as const

export const STDIO_VALUE_OPTIONS = ENV_OPTIONS.map(([option]) => option)

/**
 * `--env K=V` (the value as given) or `--env K` (the value of K in this shell, so it stays out of the
 * shell history); the same for `--secret-env` and `--plain-env`. Error messages name the key, never the
 * value: a value may be a token.
 */
export function serverEnvFrom(
  values: OptionValues,
  shellEnv: NodeJS.ProcessEnv,
): Record<string, ConfigValueInput> {
  const env: Record<string, ConfigValueInput> = {}
  for (const [option, secrecy] of ENV_OPTIONS) {
    for (const pair of values[option] ?? []) {
      const equals = pair.indexOf('=')
      const key = equals === -1 ? pair : pair.slice(0, equals)
      if (key === '') {
        throw new UsageError(
          `an --${option} starts with "=": expected --${option} NAME=value or --${option} NAME`,
        )
      }
      if (Object.hasOwn(env, key)) throw new UsageError(`--env ${key} is given more than once`)
      const value = equals === -1 ? shellEnv[key] : pair.slice(equals + 1)
      if (value === undefined) {
        throw new UsageError(`--${option} ${key}: ${key} is not set in this shell's environment`)
      }
      env[key] = inputOf(secrecy, key, value, equals === -1)
    }
  }
  return env
}

const HEADER_OPTIONS = [
  ['header', 'by-name'],
  ['secret-header', 'secret'],
  ['plain-header', 'plain'],
] as const

export const REMOTE_VALUE_OPTIONS = HEADER_OPTIONS.map(([option]) => option)

/** `--header 'Name: value'`, `--secret-header …` and `--plain-header …`; a name may be given once in all. */
export function serverHeadersFrom(values: OptionValues): Record<string, ConfigValueInput> {
  const headers: Record<string, ConfigValueInput> = {}
  for (const [option, secrecy] of HEADER_OPTIONS) {
    for (const [name, input] of Object.entries(parseHeaders(values[option] ?? [], option))) {
      if (Object.keys(headers).some((known) => known.toLowerCase() === name.toLowerCase())) {
        throw new UsageError(`--header ${name} is given more than once`)
      }
      headers[name] = 'value' in input ? inputOf(secrecy, name, input.value, false) : input
    }
  }
  return headers
}
