import { createHash } from 'node:crypto'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { ConfigValueInput } from '../../../shared/mcp/server-input'
import type { ConfigValue } from '../../../shared/settings/secret-ref'
import type { SecretStore } from './secret-store'

/**
 * How a value typed into a form (or given on the command line) becomes settings: a new value goes into the
 * secret store under a name the owning service controls and settings only receive `{ secret: name }`;
 * a plain value is written into settings.json as it is; an existing secret is referenced as-is;
 * `{ keep: true }` keeps what an edit replaces, and `{ keep: true, as: 'secret' }` moves a kept plain value
 * into the secret store. What a change stops referencing is deleted by the caller's updateWithSecrets,
 * so a secret made plain leaves the store once nothing refers to it. Shared by the server and provider
 * services so both treat keys, env values and headers the same way.
 */

/**
 * A secret name under `scope` (e.g. `server.notes.env`) for `key`. Secret names allow `[A-Za-z0-9._-]`;
 * header names allow more, so anything else is replaced and a hash of the original keeps names distinct.
 */
export function ownedSecretName(scope: string, key: string): string {
  const safe = key.replace(/[^A-Za-z0-9._-]/g, '_')
  const suffix = safe === key ? '' : `-${createHash('sha256').update(key).digest('hex').slice(0, 8)}`
  return `${scope}.${safe}${suffix}`.slice(0, 128)
}

/**
 * Stores one input. `label` names the value in errors (`header Authorization`, `apiKey`); `secretName` is
 * where a new value goes; `previous` is what `{ keep: true }` keeps; `allowPlain` lets it be a literal.
 */
export function storeConfigValue(
  secrets: SecretStore,
  input: ConfigValueInput,
  previous: ConfigValue | undefined,
  target: { label: string; secretName: string; allowPlain?: boolean },
): ConfigValue {
  if ('keep' in input) {
    if (previous === undefined) {
      throw new IpcFailure('validation_failed', `${target.label} has no stored value to keep`)
    }
    if (input.as === 'secret' && typeof previous === 'string') {
      secrets.set(target.secretName, previous)
      return { secret: target.secretName }
    }
    return previous
  }
  if ('plain' in input) {
    // A key or client secret is a credential by definition: only env values and headers may be plain.
    if (target.allowPlain !== true) {
      throw new IpcFailure('validation_failed', `${target.label} is always kept in the secret store`)
    }
    return input.plain
  }
  if ('secret' in input) {
    if (secrets.get(input.secret) === undefined) {
      throw new IpcFailure('validation_failed', `${target.label}: no secret named "${input.secret}"`)
    }
    return { secret: input.secret }
  }
  secrets.set(target.secretName, input.value)
  return { secret: target.secretName }
}

/** Stores a record of inputs (env values, headers) under `scope`, e.g. `provider.openai.header`. */
export function storeConfigValues(
  secrets: SecretStore,
  kind: string,
  scope: string,
  inputs: Record<string, ConfigValueInput>,
  previous: Record<string, ConfigValue>,
): Record<string, ConfigValue> {
  const out: Record<string, ConfigValue> = {}
  for (const [key, input] of Object.entries(inputs)) {
    out[key] = storeConfigValue(secrets, input, previous[key], {
      label: `${kind} ${key}`,
      secretName: ownedSecretName(scope, key),
      allowPlain: true,
    })
  }
  return out
}

/** The value to use: a literal as written, a reference looked up (missing secrets fail, naming the value). */
export function resolveConfigValue(secrets: SecretStore, value: ConfigValue, label: string): string {
  if (typeof value === 'string') return value
  const secret = secrets.get(value.secret)
  if (secret === undefined) {
    throw new IpcFailure(
      'not_found',
      `${label} refers to the secret "${value.secret}", which is not in the secret store`,
    )
  }
  return secret
}

export function resolveConfigValues(
  secrets: SecretStore,
  kind: string,
  record: Record<string, ConfigValue>,
): Record<string, string> {
  const resolved: Record<string, string> = {}
  for (const [key, value] of Object.entries(record)) {
    resolved[key] = resolveConfigValue(secrets, value, `${kind} ${key}`)
  }
  return resolved
}

/** The secret names a set of config values refers to. */
export function referencedSecrets(values: Iterable<ConfigValue | undefined>): Set<string> {
  const names = new Set<string>()
  for (const value of values) if (value !== undefined && typeof value !== 'string') names.add(value.secret)
  return names
}

/**
 * Deletes the secrets under `prefix` (names the service created, e.g. `provider.openai.`) that are not in
 * `referenced`: what an edit stopped using, or everything once the owner is removed.
 */
export function deleteUnreferencedSecrets(
  secrets: SecretStore,
  prefix: string,
  referenced: ReadonlySet<string>,
): void {
  for (const name of secrets.list()) {
    if (name.startsWith(prefix) && !referenced.has(name)) secrets.delete(name)
  }
}
