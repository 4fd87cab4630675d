import type { ConfigValueView } from '../../../shared/settings/settings-view'
import { isOwnedSecret } from '../state/server-labels'

/**
 * A saved env or header value, which never reaches the window: bullets when it was typed in (kept in
 * the secret store or written literally in settings.json), or the name of the secret it refers to.
 */
export function StoredValue({ serverId, value }: { serverId: string; value: ConfigValueView }) {
  if ('secret' in value && !isOwnedSecret(serverId, value)) {
    return <span className="config-secret-ref selectable">secret: {value.secret}</span>
  }
  return (
    <span className="config-masked" aria-label="stored value, hidden" title="Stored value, never shown">
      ••••• stored
    </span>
  )
}
