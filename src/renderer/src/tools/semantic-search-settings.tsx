import { useEffect, useId, useState } from 'react'
import type {
  EmbeddingSourceSetting,
  SemanticSearchSettings as StoredSemanticSettings,
} from '../../../shared/settings/settings-schema'
import { semanticSearchSettingsSchema } from '../../../shared/settings/settings-schema'
import type { ProviderView } from '../../../shared/settings/settings-view'
import { useAppState } from '../app/store-context'
import { SemanticEmbeddingSource } from './semantic-embedding-source'
import { semanticStatusLine } from './semantic-status-model'

// Shown, disabled, until the settings have loaded; never saved.
const defaults = semanticSearchSettingsSchema.parse({})
const noProviders: ProviderView[] = []

/** The live line under the switch: the state, where the vectors come from, and any fallback note. */
function SemanticStatusView() {
  const status = useAppState((state) => state.semanticStatus)
  const problem = useAppState((state) => state.semanticStatusProblem)
  const follow = useAppState((state) => state.followSemanticStatus)
  useEffect(() => follow(), [follow])
  const line = semanticStatusLine(status, problem)
  return (
    <>
      {/* Progress is rendered as it comes but announced once it settles (aria-busy), not for every tool. */}
      <p
        className="semantic-status"
        role="status"
        aria-live="polite"
        aria-busy={status?.state === 'embedding'}
        data-testid="semantic-status"
        data-state={status?.state ?? 'unknown'}
      >
        <span className="semantic-status-main">
          <span className={`semantic-status-dot semantic-status-dot--${line.tone}`} aria-hidden="true" />
          <span className="semantic-status-text">{line.text}</span>
        </span>
        {/* Its own line: the label is long, and it names what runs now (the built-in model after a fallback). */}
        {line.source && (
          <>
            {' '}
            <span className="semantic-status-source">Model in use: {line.source}</span>
          </>
        )}
      </p>
      {line.note && (
        <p
          className={`callout ${line.tone === 'failed' ? 'callout--danger' : 'callout--warning'} semantic-status-note`}
          data-testid="semantic-status-note"
        >
          {line.note}
        </p>
      )}
    </>
  )
}

/**
 * "Search by meaning" under Tool search: whether tool search also ranks tools by an embedding model
 * (tools.semantic.enabled), which model (the bundled one or a provider's), and what the layer is doing now.
 * Every save sends the whole semantic block, built from what is stored, so one change never resets another.
 * Like the tool search mode, a clicked value shows while its save is in flight and the stored one after.
 */
export function SemanticSearchSettings() {
  const stored = useAppState((state) => state.settings?.tools.semantic)
  const providers = useAppState((state) => state.settings?.models.providers) ?? noProviders
  const updateToolSettings = useAppState((state) => state.updateToolSettings)
  const [savingEnabled, setSavingEnabled] = useState<boolean | null>(null)
  const [sourceSaved, setSourceSaved] = useState(false)
  const id = useId()
  const current = stored ?? defaults
  const enabled = savingEnabled ?? current.enabled

  const save = (semantic: StoredSemanticSettings) => updateToolSettings({ semantic })
  const toggle = async (next: boolean) => {
    if (!stored) return
    setSavingEnabled(next)
    await save({ ...stored, enabled: next })
    setSavingEnabled(null)
  }
  const saveSource = (source: EmbeddingSourceSetting) =>
    stored ? save({ ...stored, source }) : Promise.resolve(false)

  return (
    <fieldset
      className="plain-fieldset semantic-search"
      aria-labelledby={`${id}-title`}
      disabled={stored === undefined}
      data-testid="semantic-search"
    >
      <label className="checkbox semantic-search-switch">
        <input
          type="checkbox"
          checked={enabled}
          aria-describedby={`${id}-explanation`}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span id={`${id}-title`}>Search by meaning</span>
      </label>
      <p id={`${id}-explanation`} className="field-hint semantic-search-indent">
        Finds tools by what they do, not only by the words they use. It runs a small model on this machine;
        turning it off frees that model’s memory.
      </p>
      <div className="semantic-search-indent semantic-search-body">
        <SemanticStatusView />
        <SemanticEmbeddingSource
          // A new stored source (saved here, or by the CLI) starts the choice over from it.
          key={JSON.stringify(current.source)}
          stored={current.source}
          providers={providers}
          onSave={saveSource}
          saved={sourceSaved}
          onSaved={setSourceSaved}
        />
      </div>
    </fieldset>
  )
}
