import { useEffect, useId, useRef, useState } from 'react'
import type {
  RegistryEntryDetail as Detail,
  RegistryEntryView,
  RegistryInstallOption,
} from '../../../shared/registry/registry-view'
import { useAppState } from '../app/store-context'
import { ExternalLink } from '../ui/external-link'
import { linkDestination } from '../ui/link-destination'
import { statusBadges } from './registry-labels'
import { RegistryIcon } from './registry-icon'

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

const optionKey = (option: Pick<RegistryInstallOption, 'kind' | 'index'>) => `${option.kind}:${option.index}`

function firstSupported(entry: RegistryEntryView): string | undefined {
  const option = entry.options.find((candidate) => candidate.supported)
  return option ? optionKey(option) : undefined
}

/** A repository or website link: asks before leaving the app, like every link in the window. */
function EntryLink({ label, url }: { label: string; url: string | undefined }) {
  const destination = linkDestination(url)
  if (!url || !destination) return null
  return (
    <li>
      {label}:{' '}
      <ExternalLink href={url} destination={destination}>
        {destination.host || url}
      </ExternalLink>
    </li>
  )
}

/**
 * One entry in full: asked of the host (`registry:show`), which answers from the registry when it can be
 * reached (with every published version) and from the local index otherwise. Install asks what the chosen
 * package or remote would add and opens the same preview an imported file gets; nothing is written there
 * before the user confirms.
 */
export function RegistryEntryDetail({ entry, onBack }: { entry: RegistryEntryView; onBack: () => void }) {
  const showRegistryEntry = useAppState((state) => state.showRegistryEntry)
  const installFromRegistry = useAppState((state) => state.installFromRegistry)
  const [version, setVersion] = useState<string | undefined>(undefined)
  const [detail, setDetail] = useState<Detail | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [chosen, setChosen] = useState<string | undefined>(() => firstSupported(entry))
  const [installing, setInstalling] = useState(false)
  const [installError, setInstallError] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const id = useId()
  const shown = detail?.entry ?? entry

  useEffect(() => headingRef.current?.focus(), [])

  useEffect(() => {
    let current = true
    showRegistryEntry({
      registryUrl: entry.registryUrl,
      name: entry.name,
      ...(version ? { version } : {}),
    }).then(
      (answer) => {
        if (!current) return
        setDetail(answer)
        setLoadError(null)
        // Another version may offer other packages: keep the choice only if it is still there.
        setChosen((previous) =>
          answer.entry.options.some((option) => optionKey(option) === previous && option.supported)
            ? previous
            : firstSupported(answer.entry),
        )
      },
      (error: unknown) => {
        if (current) setLoadError(message(error))
      },
    )
    return () => {
      current = false
    }
  }, [showRegistryEntry, entry.registryUrl, entry.name, version])

  const install = async () => {
    const option = shown.options.find((candidate) => optionKey(candidate) === chosen)
    // aria-disabled rather than disabled while preparing: focus stays on the button, and the preview
    // hands it back there when it closes.
    if (installing || !option?.supported) return
    setInstalling(true)
    setInstallError(null)
    const refusal = await installFromRegistry({
      registryUrl: shown.registryUrl,
      name: shown.name,
      ...(version ? { version } : {}),
      option: { kind: option.kind, index: option.index },
    })
    setInstalling(false)
    setInstallError(refusal)
  }

  const badge = statusBadges[shown.status]
  const versions = detail?.versions ?? []
  const canInstall = shown.options.some((option) => option.supported && optionKey(option) === chosen)

  return (
    <div className="registry-detail" data-testid="registry-detail">
      <div className="registry-detail-nav">
        <button type="button" className="link-button" onClick={onBack}>
          ← Back to results
        </button>
      </div>
      <div className="registry-detail-head">
        <RegistryIcon entry={shown} />
        <div className="registry-detail-titles">
          <h3 className="registry-detail-title" tabIndex={-1} ref={headingRef}>
            {shown.title}
          </h3>
          <p className="registry-entry-name selectable">{shown.name}</p>
        </div>
      </div>
      {badge && (
        <p
          className={`callout ${shown.status === 'deleted' ? 'callout--danger' : 'callout--warning'}`}
          data-testid="registry-detail-status"
        >
          <strong>{badge}</strong>
          {shown.statusMessage ? `: ${shown.statusMessage}` : ''}
        </p>
      )}
      <p className="registry-detail-description selectable">{shown.description}</p>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-version`}>
          Version
        </label>
        {versions.length > 1 ? (
          <select
            id={`${id}-version`}
            className="text-input"
            value={version ?? shown.version}
            onChange={(event) =>
              setVersion(event.target.value === versions[0] ? undefined : event.target.value)
            }
          >
            {versions.map((published, index) => (
              <option key={published} value={published}>
                {index === 0 ? `${published} (latest)` : published}
              </option>
            ))}
          </select>
        ) : (
          <output id={`${id}-version`} className="registry-detail-version">
            {shown.version}
          </output>
        )}
      </div>
      {detail?.offline && (
        <p className="hint" data-testid="registry-detail-offline">
          The registry could not be reached: this is the entry as last synced, and other versions are not
          listed.
        </p>
      )}
      {loadError && (
        <p className="callout callout--danger selectable" role="alert">
          Could not load the entry: {loadError}
        </p>
      )}
      {(shown.repositoryUrl || shown.websiteUrl) && (
        <ul className="registry-detail-links" aria-label="Links">
          <EntryLink label="Repository" url={shown.repositoryUrl} />
          <EntryLink label="Website" url={shown.websiteUrl} />
        </ul>
      )}
      <fieldset className="plain-fieldset registry-options">
        <legend className="field-label">Install with</legend>
        {shown.options.length === 0 && (
          <p className="hint">This entry lists no package or remote to install.</p>
        )}
        {shown.options.map((option) => {
          const key = optionKey(option)
          const noteId = `${id}-${option.kind}-${option.index}-note`
          const note = option.supported
            ? option.runtime
              ? `Runs with ${option.runtime}`
              : option.note
            : (option.note ?? 'MCP Desk cannot install this kind of package')
          return (
            <label
              key={key}
              className={`radio registry-option${option.supported ? '' : ' registry-option--unsupported'}`}
            >
              <input
                type="radio"
                name={`${id}-option`}
                value={key}
                checked={chosen === key}
                disabled={!option.supported}
                aria-describedby={note ? noteId : undefined}
                onChange={() => setChosen(key)}
              />
              <span className="registry-option-text">
                <span className="registry-option-label selectable">{option.label}</span>
                {note && (
                  <span id={noteId} className="field-hint">
                    {note}
                  </span>
                )}
              </span>
            </label>
          )
        })}
      </fieldset>
      {installError && (
        <p className="callout callout--danger selectable" role="alert" data-testid="registry-install-error">
          <strong>Not installed:</strong> {installError}
        </p>
      )}
      <div className="registry-detail-actions">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={installing || !canInstall}
          data-testid="registry-install"
          onClick={() => void install()}
        >
          {installing ? 'Preparing…' : 'Install…'}
        </button>
        <span className="hint">You see what it adds before anything is written.</span>
      </div>
    </div>
  )
}
