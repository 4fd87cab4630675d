import type { ConfigValueView } from '../../../shared/settings/settings-view'
import { isOwnedSecret } from './value-rows-model'

/**
 * A saved env, header or key value, which never reaches the window: bullets when it was typed in (kept in
 * the secret store or written literally in settings.json), or the name of the secret it refers to.
 * `ownedPrefix` names the secrets MCP Desk made for this server or provider (undefined: not saved yet).
 */
export function StoredValue({
  ownedPrefix,
  value,
}: {
  ownedPrefix: string | undefined
  value: ConfigValueView
}) {
  if ('secret' in value && !isOwnedSecret(ownedPrefix, value)) {
    return <span className="config-secret-ref selectable">secret: {value.secret}</span>
  }
  return (
    <span className="config-masked" aria-label="stored value, hidden" title="Stored value, never shown">
      ••••• stored
    </span>
  )
}
