import { useRef } from 'react'
import type { RegistryState } from '../../../shared/registry/registry-view'
import { useElapsed } from '../ui/use-elapsed'
import { registryStatusLine } from './registry-labels'

/** One registry's sync state; "Synced 3 minutes ago" stays true while the line is on screen. */
function StatusLineItem({ registry, named }: { registry: RegistryState; named: boolean }) {
  const ref = useRef<HTMLLIElement>(null)
  const sinceSync = useElapsed(registry.syncedAt ?? '', ref)
  const line = registryStatusLine(registry, sinceSync)
  return (
    <li
      ref={ref}
      className={`registry-status-line registry-status-line--${line.tone}`}
      data-testid="registry-status-line"
      data-tone={line.tone}
    >
      {named && <span className="registry-status-name">{registry.name}: </span>}
      <span className="selectable">{line.text}</span>
    </li>
  )
}

/** The sync state of the registries being browsed, each named when there are several. */
export function RegistryStatus({ registries }: { registries: readonly RegistryState[] }) {
  return (
    // The live region wraps the list: a list given the status role would leave its items without a list.
    <div role="status" aria-label="Sync state">
      <ul className="registry-status">
        {registries.map((registry) => (
          <StatusLineItem key={registry.url} registry={registry} named={registries.length > 1} />
        ))}
      </ul>
    </div>
  )
}
