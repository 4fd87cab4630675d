import { modelRef } from '../../../shared/models/model-schema'
import type { ProviderPreset } from '../../../shared/models/provider-input'
import type { ProviderView } from '../../../shared/settings/settings-view'
import { chunkTimeoutText, keyStatus, providerSecretPrefix } from './model-labels'
import { useAppState } from '../app/store-context'
import { ConfirmGroup } from '../ui/confirm-group'
import { ModelDiscovery } from './model-discovery'
import { ModelRow } from './model-row'
import { StoredValue } from '../ui/stored-value'
import { useInPlaceConfirm } from '../ui/use-in-place-confirm'

function countModels(count: number): string {
  if (count === 0) return 'its settings'
  return count === 1 ? 'its model' : `its ${count} models`
}

function ProviderActions({ provider, onEdit }: { provider: ProviderView; onEdit: () => void }) {
  const removeProvider = useAppState((state) => state.removeProvider)
  const { confirming, busy, triggerRef, cancelRef, ask, cancel, run } = useInPlaceConfirm()
  if (confirming) {
    return (
      <ConfirmGroup
        busy={busy}
        cancelRef={cancelRef}
        onCancel={cancel}
        className="server-actions"
        questionClassName="server-actions-question"
        groupLabel={`Confirm removing provider ${provider.name}`}
        question={`Remove “${provider.name}”, ${countModels(provider.models.length)} and its stored key?`}
        confirmText="Remove"
        confirmLabel={`Yes, remove provider ${provider.name}`}
        onConfirm={() => void run(() => removeProvider(provider.id))}
      />
    )
  }
  return (
    <div className="server-actions" role="group" aria-label={`Actions for ${provider.name}`}>
      <button
        type="button"
        className="button"
        data-action="edit-provider"
        aria-label={`Edit ${provider.name}`}
        onClick={onEdit}
      >
        Edit
      </button>
      <button
        type="button"
        className="button button--quiet-danger"
        ref={triggerRef}
        aria-label={`Remove ${provider.name}`}
        onClick={ask}
      >
        Remove
      </button>
    </div>
  )
}

/**
 * One provider: who it is, where it points (secrets hidden), whether it has a key (never the key), its
 * models, discovery of more, and what can be done to it.
 */
export function ProviderCard({
  provider,
  preset,
  defaultModel,
  onEdit,
  onEditModel,
}: {
  provider: ProviderView
  preset: ProviderPreset | undefined
  defaultModel: string | undefined
  onEdit: () => void
  onEditModel: (modelId: string) => void
}) {
  const headingId = `provider-${provider.id}-name`
  const headers = Object.entries(provider.headers)
  const key = keyStatus(provider)
  return (
    <li
      className="server-card provider-card"
      aria-labelledby={headingId}
      data-testid={`provider-card-${provider.id}`}
    >
      <div className="server-card-header">
        <h3 id={headingId} className="server-card-name selectable" tabIndex={-1}>
          {provider.name}
        </h3>
        <span className="pill" title="Preset">
          {preset?.name ?? provider.preset}
        </span>
      </div>
      <code className="server-card-destination selectable" title="Base URL (secrets hidden)">
        {provider.baseUrl}
      </code>
      <p className="server-card-meta">
        <span
          className={provider.apiKey ? 'key-status key-status--stored' : 'key-status'}
          data-testid="key-status"
        >
          {key}
        </span>
        {' · '}
        {chunkTimeoutText(provider.chunkTimeoutMs)}
      </p>
      {headers.length > 0 && (
        <dl className="key-values" aria-label="Headers">
          {headers.map(([name, value]) => (
            <div key={name} className="key-value">
              <dt className="selectable">{name}</dt>
              <dd>
                <StoredValue ownedPrefix={providerSecretPrefix(provider.id)} value={value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <h4 className="server-card-subtitle">Models</h4>
      {provider.models.length === 0 ? (
        <p className="empty-note">No models yet: discover them below, or add one by its id.</p>
      ) : (
        <ul className="model-list">
          {provider.models.map((model) => {
            const ref = modelRef(provider.id, model.id)
            return (
              <ModelRow
                key={model.id}
                providerId={provider.id}
                model={model}
                modelRef={ref}
                isDefault={defaultModel === ref}
                onEdit={() => onEditModel(model.id)}
              />
            )
          })}
        </ul>
      )}
      <ModelDiscovery provider={provider} />
      <ProviderActions provider={provider} onEdit={onEdit} />
    </li>
  )
}
