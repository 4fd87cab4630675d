import type { ConfigValueView } from '../../../shared/settings/settings-view'
import { isOwnedSecret } from './value-rows-model'

/**
 * A saved env, header or key value. A secret never reaches the window: bullets when it was typed in (kept
 * in the secret store, or a literal under a secret-looking name), or the name of the secret it refers to.
 * A server's plain value (a path, a flag) is shown as it is. `ownedPrefix` names the secrets MCP Desk made
 * for this server or provider (undefined: not saved yet).
 */
export function StoredValue({
  ownedPrefix,
  value,
}: {
  ownedPrefix: string | undefined
  value: ConfigValueView
}) {
  if ('plain' in value) return <code className="config-plain selectable">{value.plain}</code>
  if ('secret' in value && !isOwnedSecret(ownedPrefix, value)) {
    return <span className="config-secret-ref selectable">secret: {value.secret}</span>
  }
  return (
    <span className="config-masked" aria-label="stored value, hidden" title="Stored value, never shown">
      ••••• stored
    </span>
  )
}
