import { useId } from 'react'
import type { RegistryEntryView } from '../../../shared/registry/registry-view'
import { statusBadges } from './registry-labels'
import { RegistryIcon } from './registry-icon'

/** The kinds of install an entry offers, once each: "npm", "Remote", "Docker (not supported)". */
function optionKinds(entry: RegistryEntryView): Array<{ label: string; supported: boolean }> {
  const seen = new Map<string, boolean>()
  for (const option of entry.options) {
    const label = option.kind === 'remote' ? 'Remote' : option.registryType
    seen.set(label, (seen.get(label) ?? false) || option.supported)
  }
  return [...seen].map(([label, supported]) => ({ label, supported }))
}

/**
 * One search result. Its title is the button that opens the entry's detail (named by what it shows: title
 * and version), stretched over the whole row so a click anywhere on it opens it; the status, description
 * and install kinds describe it.
 */
export function RegistryEntryItem({
  entry,
  onSelect,
}: {
  entry: RegistryEntryView
  onSelect: (entry: RegistryEntryView) => void
}) {
  const id = useId()
  const badge = statusBadges[entry.status]
  const kinds = optionKinds(entry)
  return (
    <li
      className={`registry-entry registry-entry--${entry.status}`}
      data-testid={`registry-entry-${entry.name}`}
    >
      <RegistryIcon entry={entry} />
      <span className="registry-entry-text">
        <span className="registry-entry-head">
          <button
            type="button"
            className="registry-entry-open"
            data-entry={entry.name}
            aria-describedby={`${id}-about`}
            onClick={() => onSelect(entry)}
          >
            <span className="registry-entry-title">{entry.title}</span>{' '}
            <span className="registry-entry-version">{entry.version}</span>
          </button>
          {badge && (
            <span className={`badge ${entry.status === 'deleted' ? 'badge--danger' : 'badge--notice'}`}>
              {badge}
            </span>
          )}
        </span>
        <span className="registry-entry-name">{entry.name}</span>
        <span id={`${id}-about`} className="registry-entry-about">
          {badge && <span className="visually-hidden">{`${badge}. `}</span>}
          {entry.statusMessage && <span className="registry-entry-status">{entry.statusMessage}</span>}
          <span className="registry-entry-description">{entry.description}</span>
          {kinds.length > 0 && (
            <span className="registry-entry-kinds">
              {kinds.map(({ label, supported }) => (
                <span key={label} className={`chip${supported ? '' : ' chip--unsupported'}`}>
                  {supported ? label : `${label} (not supported)`}
                </span>
              ))}
            </span>
          )}
        </span>
      </span>
    </li>
  )
}
