import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { DiscoveredModel } from '../../../shared/models/provider-input'
import type { ProviderView } from '../../../shared/settings/settings-view'
import { useAppState } from '../app/store-context'
import { statedFactsText } from './model-labels'

type Listing =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'listed'; models: DiscoveredModel[] }

/** Lists past this length get a filter: OpenRouter alone lists hundreds of models. */
const FILTER_FROM = 12

function DiscoveredList({
  provider,
  models,
  onAdded,
  onNewDefault,
  onClose,
}: {
  provider: ProviderView
  models: DiscoveredModel[]
  onAdded: (count: number) => void
  onNewDefault: (label: string) => void
  onClose: () => void
}) {
  const addDiscoveredModels = useAppState((state) => state.addDiscoveredModels)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [filter, setFilter] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  // What the settings view says now wins over the listing, so a model added meanwhile shows as added.
  const configured = new Set(provider.models.map((model) => model.id))
  const isConfigured = (model: DiscoveredModel) => model.configured || configured.has(model.id)
  const needle = filter.trim().toLowerCase()
  const shown = needle === '' ? models : models.filter((model) => model.id.toLowerCase().includes(needle))
  const chosen = models.filter((model) => selected.has(model.id) && !isConfigured(model)).map((m) => m.id)
  // Select-all acts on what the filter shows: "select everything matching gpt-4" is the common wish.
  const selectable = shown.filter((model) => !isConfigured(model)).map((model) => model.id)
  const selectedShown = selectable.filter((modelId) => selected.has(modelId)).length
  const allShown = selectable.length > 0 && selectedShown === selectable.length
  const selectAllRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    // "Some selected" has no attribute: only the DOM property shows the mixed state (and its ARIA).
    if (selectAllRef.current) selectAllRef.current.indeterminate = selectedShown > 0 && !allShown
  }, [selectedShown, allShown])

  const selectAll = (on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous)
      for (const modelId of selectable) {
        if (on) next.add(modelId)
        else next.delete(modelId)
      }
      return next
    })

  const toggle = (modelId: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous)
      if (on) next.add(modelId)
      else next.delete(modelId)
      return next
    })

  const add = async () => {
    setBusy(true)
    setProblem(null)
    const result = await addDiscoveredModels(provider.id, chosen)
    setBusy(false)
    // Said even when a later model was refused: the first one did become the default.
    if (result.newDefault) onNewDefault(result.newDefault)
    if (result.ok) onAdded(chosen.length)
    else setProblem(result.message)
  }

  return (
    <div className="discovery" data-testid="discovery">
      {models.length === 0 ? (
        <p className="empty-note">{provider.name} lists no models.</p>
      ) : (
        <fieldset className="plain-fieldset">
          <legend className="field-label">Models {provider.name} offers</legend>
          {models.length >= FILTER_FROM && (
            <input
              className="text-input discovery-filter"
              type="search"
              value={filter}
              placeholder="Filter"
              aria-label="Filter the discovered models"
              aria-controls={`${id}-list`}
              onChange={(event) => setFilter(event.target.value)}
            />
          )}
          <label className="checkbox discovery-select-all">
            <input
              type="checkbox"
              ref={selectAllRef}
              checked={allShown}
              disabled={busy || selectable.length === 0}
              aria-controls={`${id}-list`}
              onChange={(event) => selectAll(event.target.checked)}
            />
            {needle === '' ? 'Select all' : `Select all shown (${selectable.length})`}
          </label>
          <ul id={`${id}-list`} className="discovery-list">
            {shown.map((model, index) => {
              const added = isConfigured(model)
              const stated = statedFactsText(model.stated)
              const statedId = `${id}-stated-${index}`
              return (
                <li key={model.id}>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={added || selected.has(model.id)}
                      disabled={added || busy}
                      aria-describedby={stated ? statedId : undefined}
                      onChange={(event) => toggle(model.id, event.target.checked)}
                    />
                    <code className="selectable">{model.id}</code>
                    {added && (
                      <>
                        {' '}
                        <span className="discovery-added">already added</span>
                      </>
                    )}
                  </label>
                  {stated && (
                    <span id={statedId} className="discovery-stated selectable">
                      {/* The provider's own word, recorded as such when the model is added. */}
                      {provider.name} says: {stated}
                    </span>
                  )}
                </li>
              )
            })}
          </ul>
        </fieldset>
      )}
      {problem && (
        <p className="callout callout--danger selectable" role="alert">
          <strong>Not added:</strong> {problem}
        </p>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || chosen.length === 0}
          onClick={() => void add()}
        >
          {busy ? 'Adding…' : `Add selected (${chosen.length})`}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  )
}

/** Adds one model by its id, for providers whose `/models` is missing or incomplete. */
function AddById({
  provider,
  onAdded,
  onNewDefault,
}: {
  provider: ProviderView
  onAdded: (count: number) => void
  onNewDefault: (label: string) => void
}) {
  const addDiscoveredModels = useAppState((state) => state.addDiscoveredModels)
  const [modelId, setModelId] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const trimmed = modelId.trim()
    if (trimmed === '') return setProblem('enter the model id, e.g. gpt-4o-mini')
    if (provider.models.some((model) => model.id === trimmed))
      return setProblem(`${trimmed} is already added`)
    setBusy(true)
    setProblem(null)
    const result = await addDiscoveredModels(provider.id, [trimmed])
    setBusy(false)
    if (result.newDefault) onNewDefault(result.newDefault)
    if (!result.ok) return setProblem(result.message)
    setModelId('')
    onAdded(1)
  }

  return (
    <form
      className="add-by-id"
      aria-label={`Add a model to ${provider.name} by id`}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <label htmlFor={`${id}-model-id`} className="visually-hidden">
        Model id
      </label>
      <input
        id={`${id}-model-id`}
        className="text-input"
        value={modelId}
        placeholder="model id"
        spellCheck={false}
        autoComplete="off"
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setModelId(event.target.value)
          setProblem(null)
        }}
      />
      <button type="submit" className="button" disabled={busy}>
        Add model
      </button>
      {problem && (
        <p id={`${id}-problem`} className="field-error add-by-id-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  )
}

/**
 * Asks the provider which models it serves (`GET {baseUrl}/models`) and adds the chosen ones by id: the host
 * records what the provider's list stated about each (shown here beside it), then what the model-family
 * table knows, and leaves the rest unknown. A refusal (down, wrong key…) is shown here, on the card.
 */
export function ModelDiscovery({ provider }: { provider: ProviderView }) {
  const discoverModels = useAppState((state) => state.discoverModels)
  const [listing, setListing] = useState<Listing>({ status: 'idle' })
  const [added, setAdded] = useState<number | null>(null)
  /** The label of the model that became the default by being the first one added (issue 21 §4). */
  const [newDefault, setNewDefault] = useState<string | null>(null)
  const discoverRef = useRef<HTMLButtonElement>(null)

  const discover = async () => {
    setListing({ status: 'loading' })
    setAdded(null)
    setNewDefault(null)
    const result = await discoverModels(provider.id)
    setListing(
      result.ok ? { status: 'listed', models: result.models } : { status: 'failed', message: result.message },
    )
  }

  /** The list closes and focus goes back to the button that opened it (the list's buttons are gone). */
  const close = (count: number | null) => {
    setListing({ status: 'idle' })
    setAdded(count)
    discoverRef.current?.focus()
  }

  return (
    <div className="model-discovery">
      <div className="discovery-toolbar">
        <button
          type="button"
          className="button"
          ref={discoverRef}
          disabled={listing.status === 'loading'}
          aria-label={`Discover models at ${provider.name}`}
          onClick={() => void discover()}
        >
          {listing.status === 'loading' ? 'Discovering…' : 'Discover models'}
        </button>
        <AddById provider={provider} onAdded={setAdded} onNewDefault={setNewDefault} />
      </div>
      {/* One live region: the counts are for screen readers, the new default is worth seeing too. */}
      <p className="discovery-status" role="status">
        <span className="visually-hidden">
          {listing.status === 'loading' ? `Asking ${provider.name} for its models` : ''}
          {added !== null ? `Added ${added} model${added === 1 ? '' : 's'}.` : ''}
        </span>
        {newDefault !== null && (
          <span className="discovery-default" data-testid="new-default">
            {added !== null ? ' ' : ''}
            {newDefault} is now the default model.
          </span>
        )}
      </p>
      {listing.status === 'failed' && (
        <p className="callout callout--danger selectable" role="alert" data-testid="discovery-problem">
          <strong>Discovery failed:</strong> {listing.message}
        </p>
      )}
      {listing.status === 'listed' && (
        <DiscoveredList
          provider={provider}
          models={listing.models}
          onAdded={close}
          onNewDefault={setNewDefault}
          onClose={() => close(null)}
        />
      )}
    </div>
  )
}
