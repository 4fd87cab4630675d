import { UsageError, type CliIo } from '../cli-io'

/** `mcp-desk import <file>` as the command line gave it. */
export interface ImportOptions {
  file: string
  /** Apply (or install) without asking. */
  yes: boolean
  /** Replace existing servers the file changes or conflicts with (a bundle: the server of its name). */
  replace: boolean
  /** `--set NAME=VALUE`: placeholder values for a config file, user_config answers for a bundle. */
  set: string[]
  /** Consent to read `env` placeholders from this shell's environment. */
  useEnv: boolean
  /** `--allow-sampling NAME`: keep the file's `sampling: allow` for these servers (else they get `ask`). */
  allowSampling: string[]
  /** A bundle's server name, instead of its display name. */
  name: string | undefined
  json: boolean
}

export interface SetValue {
  name: string
  value: string
}

/**
 * `--set NAME=VALUE` pairs in order. Messages name the option, never the text: a value may be a token, and
 * text without `=` may be a value pasted in the wrong place.
 */
export function parseSetOptions(pairs: readonly string[]): SetValue[] {
  return pairs.map((pair) => {
    const equals = pair.indexOf('=')
    if (equals === -1) throw new UsageError('each --set takes NAME=VALUE; one has no "="')
    const name = pair.slice(0, equals).trim()
    if (name === '') throw new UsageError('a --set starts with "=": expected --set NAME=VALUE')
    return { name, value: pair.slice(equals + 1) }
  })
}

/**
 * Asks a yes/no question on stderr when someone at a terminal can answer; undefined when nobody can
 * (stdin is not a terminal), so the caller says how to go ahead without asking.
 */
export async function askToProceed(io: CliIo, question: string): Promise<boolean | undefined> {
  const readLine = io.stdinIsTty === true ? io.readLine : undefined
  if (!readLine) return undefined
  io.stderr(`${question} [y/N] `)
  const answer = ((await readLine()) ?? '').trim().toLowerCase()
  return answer === 'y' || answer === 'yes'
}
