import { useId, useState } from 'react'
import type { ConversationMeta } from '../../../shared/chat/transcript-schema'
import { modelRef } from '../../../shared/models/model-schema'
import { modelName } from '../models/model-labels'
import { modelNameForRef } from '../sampling/sampling-labels'
import { useAppState } from '../app/store-context'

/**
 * The conversation's model, chosen from every configured model. "Default (Provider · model)" stays a choice
 * even after a model is picked, so a conversation can go back to following the default (issue 21 §4);
 * with no default there is nothing to go back to. A model removed from the settings stays listed as not
 * configured.
 */
function ModelPicker({ meta }: { meta: ConversationMeta }) {
  const models = useAppState((state) => state.settings?.models)
  const setConversationModel = useAppState((state) => state.setConversationModel)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const providers = models?.providers.filter((provider) => provider.models.length > 0) ?? []
  const configured = providers.some((provider) =>
    provider.models.some((model) => modelRef(provider.id, model.id) === meta.model),
  )
  const fallback = models?.defaultModel

  const choose = async (ref: string) => {
    if (ref === (meta.model ?? '')) return
    setBusy(true)
    // The empty value is the "Default (…)" option: null tells the host to forget the conversation's model.
    await setConversationModel(meta.id, ref === '' ? null : ref)
    setBusy(false)
  }

  return (
    <div className="conversation-model">
      <label htmlFor={id} className="conversation-model-label">
        Model
      </label>
      <select
        id={id}
        className="text-input conversation-model-select"
        value={meta.model ?? ''}
        disabled={busy || providers.length === 0}
        onChange={(event) => void choose(event.target.value)}
      >
        {fallback ? (
          <option value="">Default ({modelNameForRef(models, fallback)})</option>
        ) : (
          !meta.model && (
            <option value="" disabled>
              Choose a model
            </option>
          )
        )}
        {meta.model && !configured && (
          <option value={meta.model} disabled>
            {meta.model} (not configured)
          </option>
        )}
        {providers.map((provider) => (
          <optgroup key={provider.id} label={provider.name}>
            {provider.models.map((model) => {
              const ref = modelRef(provider.id, model.id)
              return (
                <option key={ref} value={ref}>
                  {modelName(model)}
                </option>
              )
            })}
          </optgroup>
        ))}
      </select>
    </div>
  )
}

/** The open conversation's title and model. */
export function ConversationHeader({ meta, running }: { meta: ConversationMeta; running: boolean }) {
  return (
    <header className="conversation-header">
      <h2 className="conversation-title selectable" data-testid="conversation-title" title={meta.title}>
        {meta.title}
      </h2>
      {running && <span className="conversation-running">Running…</span>}
      <ModelPicker meta={meta} />
    </header>
  )
}
