import { useId, useState, type FormEvent } from 'react'
import type { RegistryState } from '../../../shared/registry/registry-view'
import { useAppState } from '../app/store-context'
import { registryHost } from './registry-labels'

/**
 * The saved registries: the official one by default, a subregistry or an organisation's mirror beside or
 * instead of it. Adding one only saves it; Sync fetches its servers. Each refusal is shown where it happened.
 */
export function RegistryManager({ registries }: { registries: readonly RegistryState[] }) {
  const addRegistry = useAppState((state) => state.addRegistry)
  const removeRegistry = useAppState((state) => state.removeRegistry)
  const [url, setUrl] = useState('')
  const [name, setName] = useState('')
  const [adding, setAdding] = useState(false)
  const [addError, setAddError] = useState<string | null>(null)
  const [removeError, setRemoveError] = useState<{ url: string; message: string } | null>(null)
  const id = useId()

  const add = async (event: FormEvent) => {
    event.preventDefault()
    if (adding || !url.trim()) return
    setAdding(true)
    const refusal = await addRegistry(url.trim(), name)
    setAdding(false)
    setAddError(refusal)
    if (refusal === null) {
      setUrl('')
      setName('')
    }
  }

  const remove = async (registry: RegistryState) => {
    setRemoveError(null)
    const refusal = await removeRegistry(registry.url)
    if (refusal !== null) setRemoveError({ url: registry.url, message: refusal })
  }

  return (
    <section className="registry-manager" aria-labelledby={`${id}-title`} data-testid="registry-manager">
      <h3 id={`${id}-title`} className="settings-title">
        Registries
      </h3>
      {registries.length === 0 ? (
        <p className="hint">No registry is saved: add one to browse its servers.</p>
      ) : (
        <ul className="registry-manager-list">
          {registries.map((registry) => (
            <li key={registry.url} className="registry-manager-row">
              <span className="registry-manager-name">
                <span>{registry.name}</span>
                <span className="hint selectable">{registry.url}</span>
              </span>
              <button
                type="button"
                className="button button--small"
                aria-label={`Remove ${registry.name} (${registryHost(registry.url)})`}
                onClick={() => void remove(registry)}
              >
                Remove
              </button>
              {removeError?.url === registry.url && (
                <p className="field-error selectable registry-manager-error" role="alert">
                  {removeError.message}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="registry-add" noValidate onSubmit={(event) => void add(event)}>
        <div className="field">
          <label htmlFor={`${id}-url`} className="field-label">
            Registry URL
          </label>
          <input
            id={`${id}-url`}
            className="text-input"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://registry.example.com"
            value={url}
            aria-invalid={addError !== null}
            aria-describedby={addError !== null ? `${id}-add-error` : undefined}
            onChange={(event) => {
              setUrl(event.target.value)
              setAddError(null)
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`} className="field-label">
            Name (optional)
          </label>
          <input
            id={`${id}-name`}
            className="text-input"
            type="text"
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {addError !== null && (
          <p id={`${id}-add-error`} className="field-error selectable" role="alert">
            {addError}
          </p>
        )}
        <div className="registry-add-actions">
          <button type="submit" className="button" disabled={adding || !url.trim()}>
            {adding ? 'Adding…' : 'Add registry'}
          </button>
        </div>
      </form>
    </section>
  )
}
