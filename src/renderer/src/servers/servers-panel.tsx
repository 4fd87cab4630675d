import { useLayoutEffect, useRef, useState } from 'react'
import { useAddRequest } from '../app/use-add-request'
import type { ServerConfigView } from '../../../shared/settings/settings-view'
import { useAppState } from '../app/store-context'
import { RegistryBrowser } from '../registry/registry-browser'
import { ServerCard } from './server-card'
import { ServerForm } from './server-form'

const noConfigs: ServerConfigView[] = []

type View = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; id: string } | { kind: 'browse' }
/** Where focus goes when the form closes: the saved server's card, or back to what opened the form. */
type FocusTarget =
  { element: 'card' | 'edit'; id: string } | { element: 'add' } | { element: 'browse' } | null

function focusAfterForm(
  target: FocusTarget,
  addButton: HTMLButtonElement | null,
  browseButton: HTMLButtonElement | null,
): void {
  if (!target) return
  if (target.element === 'add') return addButton?.focus()
  if (target.element === 'browse') return browseButton?.focus()
  // Server ids are `[a-z0-9-]`, safe inside an id or attribute selector as they are.
  const element =
    target.element === 'card'
      ? document.getElementById(`server-${target.id}-name`)
      : document.querySelector<HTMLElement>(`[data-testid="server-card-${target.id}"] [data-action="edit"]`)
  element?.focus()
  element?.scrollIntoView?.({ block: 'nearest' })
}

/** Every configured server with its live status; adding and editing happen here, in the drawer. */
export function ServersPanel() {
  const servers = useAppState((state) => state.servers)
  const configs = useAppState((state) => state.settings?.servers ?? noConfigs)
  const settingsPath = useAppState((state) => state.info?.settingsPath)
  const openImport = useAppState((state) => state.openImport)
  const openLinkImport = useAppState((state) => state.openLinkImport)
  const [view, setView] = useState<View>({ kind: 'list' })
  const focusTarget = useRef<FocusTarget>(null)
  const addRef = useRef<HTMLButtonElement>(null)
  const browseRef = useRef<HTMLButtonElement>(null)
  const editedConfig = view.kind === 'edit' ? configs.find((config) => config.id === view.id) : undefined
  useAddRequest('servers', true, () => setView({ kind: 'add' }))
  // "Show servers" after an install started in Browse: the list, where the new server is.
  const listRequest = useAppState((state) => state.serverListRequest)
  const listShownFor = useRef(listRequest)
  useLayoutEffect(() => {
    if (listRequest === listShownFor.current) return
    listShownFor.current = listRequest
    setView({ kind: 'list' })
  }, [listRequest])

  // A layout effect: focus lands in the commit that removes the form (see models-panel.tsx).
  useLayoutEffect(() => {
    if (view.kind !== 'list') return
    focusAfterForm(focusTarget.current, addRef.current, browseRef.current)
    focusTarget.current = null
  }, [view])

  const close = (target: FocusTarget) => {
    focusTarget.current = target
    setView({ kind: 'list' })
  }

  if (view.kind === 'browse') {
    return (
      <section className="panel" data-testid="servers-panel" aria-label="Servers">
        <RegistryBrowser onClose={() => close({ element: 'browse' })} />
      </section>
    )
  }

  if (view.kind === 'add' || (view.kind === 'edit' && editedConfig)) {
    return (
      <section className="panel" data-testid="servers-panel" aria-label="Servers">
        <ServerForm
          key={view.kind === 'edit' ? view.id : 'add'}
          config={editedConfig}
          onDone={(id) => close({ element: 'card', id })}
          onCancel={() => close(view.kind === 'edit' ? { element: 'edit', id: view.id } : { element: 'add' })}
        />
      </section>
    )
  }

  return (
    <section className="panel" data-testid="servers-panel" aria-label="Servers">
      <div className="panel-toolbar panel-toolbar--wrap">
        <button type="button" className="button" ref={browseRef} onClick={() => setView({ kind: 'browse' })}>
          Browse…
        </button>
        <button type="button" className="button" onClick={openLinkImport}>
          Install link…
        </button>
        <button type="button" className="button" onClick={openImport}>
          Import…
        </button>
        <button
          type="button"
          className="button button--primary"
          ref={addRef}
          onClick={() => setView({ kind: 'add' })}
        >
          Add server
        </button>
      </div>
      {servers.length === 0 ? (
        <div className="empty-state empty-state--compact">
          <p className="empty-state-title">No servers configured</p>
          <p>
            Add one here, browse the MCP registry, drop another client&apos;s MCP config on the window, use{' '}
            <code>mcp-desk servers add</code>, or edit settings.json
            {settingsPath ? (
              <>
                {' '}
                at <code className="path selectable">{settingsPath}</code>
              </>
            ) : null}
            .
          </p>
        </div>
      ) : (
        <ul className="server-cards">
          {servers.map((server) => (
            <ServerCard
              key={server.id}
              state={server}
              config={configs.find((config) => config.id === server.id)}
              onEdit={() => setView({ kind: 'edit', id: server.id })}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
