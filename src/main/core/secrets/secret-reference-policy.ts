import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { ConfigValueInput } from '../../../shared/mcp/server-input'

/**
 * Which `{ secret: name }` references a config written through the contract (the window, web mode, the
 * CLI, an import) may hold. A reference is a request to send that secret wherever the config sends its
 * values, so a contract client that could name any secret could send another server's OAuth tokens or a
 * provider's API key to its own URL. A config may therefore reference only what its owner's service
 * created for it (names under `prefix`), plus references its saved config already holds: those were
 * written into settings.json by the user, which is how a shared secret is used. OAuth tokens and clients
 * (`oauth.<id>.…`) belong to the sign-in alone and are never a header or env value, not even their own
 * server's.
 */
export interface SecretOwner {
  /** Names the owner's service creates for it, e.g. `server.notes.`. */
  prefix: string
  /** How errors name the owner: `this server`, `this provider`. */
  noun: string
  /** References the owner's saved config already holds. */
  kept: ReadonlySet<string>
}

/** Throws a validation error naming the first field whose reference the owner may not hold. */
export function checkSecretReferences(
  owner: SecretOwner,
  fields: Iterable<readonly [field: string, input: ConfigValueInput | undefined]>,
): void {
  for (const [field, input] of fields) {
    if (input === undefined || !('secret' in input)) continue
    const reason = refusal(owner, input.secret)
    if (reason !== undefined) {
      throw new IpcFailure('validation_failed', `${field}: secret "${input.secret}" ${reason}`)
    }
  }
}

function refusal(owner: SecretOwner, name: string): string | undefined {
  if (name.startsWith('oauth.')) {
    // `server.notes.` owns `oauth.notes.…`, but only for signing in.
    const ownSignIn = owner.prefix.startsWith('server.') && name.startsWith(`oauth.${owner.prefix.slice(7)}`)
    return ownSignIn
      ? `belongs to ${owner.noun}'s OAuth sign-in and is never sent as a header or env value`
      : 'belongs to another server'
  }
  if (name.startsWith(owner.prefix) || owner.kept.has(name)) return undefined
  if (name.startsWith('server.')) return 'belongs to another server'
  if (name.startsWith('provider.')) return 'belongs to a model provider'
  return `is not one ${owner.noun} owns; a shared secret can only be referenced by editing settings.json`
}

/** Every field of a record of inputs with its name as errors show it: `headers.Authorization`. */
export function fieldsOf(
  kind: string,
  record: Record<string, ConfigValueInput> | undefined,
): Array<readonly [string, ConfigValueInput]> {
  return Object.entries(record ?? {}).map(([key, input]) => [`${kind}.${key}`, input] as const)
}
