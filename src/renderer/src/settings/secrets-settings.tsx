import { useAppState } from '../app/store-context'
import { SecretForm } from './secret-form'
import { SecretRow } from './secret-row'

/** Secret names only: values go to the host's secret store and never come back to the window. */
export function SecretsSettings() {
  const names = useAppState((state) => state.secretNames)
  return (
    <section className="settings-group" aria-labelledby="secrets-heading" data-testid="secrets">
      <h3 id="secrets-heading" className="settings-title">
        Secrets
      </h3>
      <p className="hint">
        Reference a secret from settings.json as <code>{'{ "secret": "name" }'}</code>. Stored values are
        never shown again.
      </p>
      {names.length === 0 ? (
        <p className="empty-note">No secrets stored.</p>
      ) : (
        <ul className="secret-list" aria-label="Stored secrets">
          {names.map((name) => (
            <SecretRow key={name} name={name} />
          ))}
        </ul>
      )}
      <SecretForm />
    </section>
  )
}
