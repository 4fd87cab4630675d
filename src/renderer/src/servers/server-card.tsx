import type { ServerState } from '../../../shared/mcp/server-state'
import type { ServerConfigView } from '../../../shared/settings/settings-view'
import { serverSecretPrefix, serverValueEntries, stateTransportLabel } from './server-labels'
import { ResourceBrowser } from '../resources/resource-browser'
import { RootsServerSection } from '../roots/roots-server-section'
import { ServerCardActions } from './server-card-actions'
import { ServerFailure } from './server-failure'
import { ServerPendingChanges } from './server-pending-changes'
import { ServerSignIn } from './server-sign-in'
import { ServerStarting } from './server-starting'
import { ServerSignedIn } from './server-signed-in'
import { ServerStatusDot } from './server-status-dot'
import { ServerStatusPill } from './server-status-pill'
import { ServerToolList } from './server-tool-list'
import { StderrTail } from './stderr-tail'
import { StoredValue } from '../ui/stored-value'

const samplingLabels = { deny: 'refused', ask: 'ask each time', allow: 'allowed without asking' } as const

function ConfiguredValues({ config }: { config: ServerConfigView }) {
  const { kind, entries } = serverValueEntries(config)
  if (entries.length === 0) return null
  return (
    <div className="server-card-values">
      <h4 className="server-card-subtitle">{kind === 'env' ? 'Environment' : 'Headers'}</h4>
      <dl className="key-values">
        {entries.map(([key, value]) => (
          <div key={key} className="key-value">
            <dt className="selectable">{key}</dt>
            <dd>
              <StoredValue ownedPrefix={serverSecretPrefix(config.id)} value={value} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/**
 * One server: who it is and where it points, its status in words, why it failed or that it needs sign-in,
 * its tools, what changed in them, its resources and the folders it may use, and what can be done about it.
 */
export function ServerCard({
  state,
  config,
  onEdit,
}: {
  state: ServerState
  config: ServerConfigView | undefined
  onEdit: () => void
}) {
  const headingId = `server-${state.id}-name`
  return (
    <li
      className={`server-card server-card--${state.status}`}
      aria-labelledby={headingId}
      data-testid={`server-card-${state.id}`}
    >
      <div className="server-card-header">
        <ServerStatusDot status={state.status} />
        <h3 id={headingId} className="server-card-name selectable" tabIndex={-1}>
          {state.name}
        </h3>
        {config?.toolsAlwaysLoaded && (
          <span
            className="badge"
            data-testid="tools-always-loaded"
            title="This server's tools are offered on every request, without tool search"
          >
            always loaded
          </span>
        )}
        <ServerStatusPill state={state} />
      </div>
      <p className="server-card-transport">
        <span className="selectable">{stateTransportLabel(state, config)}</span>
        {state.serverInfo && (
          <span className="server-card-info selectable">
            {' · '}
            {state.serverInfo.name} {state.serverInfo.version}
          </span>
        )}
        {state.protocolVersion && (
          <span
            className="server-card-info selectable"
            data-testid="server-protocol"
            title={
              state.protocolVersion >= '2026-07-28'
                ? 'Stateless MCP: the server asks for input inside its results'
                : 'MCP with the initialize handshake: the server sends its own requests'
            }
          >
            {' · '}MCP {state.protocolVersion}
          </span>
        )}
      </p>
      <code className="server-card-destination selectable" title="Where MCP Desk connects (secrets hidden)">
        {state.destination}
      </code>
      {state.status === 'starting' && <ServerStarting stderrTail={state.stderrTail} />}
      {state.status === 'failed' && <ServerFailure state={state} />}
      {(state.status === 'needs-sign-in' ||
        state.auth?.state === 'waiting-for-browser' ||
        state.auth?.requestedScopes !== undefined) && <ServerSignIn state={state} />}
      {state.auth?.state === 'signed-in' && <ServerSignedIn auth={state.auth} serverName={state.name} />}
      <ServerPendingChanges changes={state.pendingChanges} serverId={state.id} serverName={state.name} />
      {state.status === 'connected' && (
        <ServerToolList tools={state.tools} serverName={state.name} serverId={state.id} />
      )}
      {state.status === 'connected' && <ResourceBrowser serverId={state.id} serverName={state.name} />}
      {config && <RootsServerSection serverId={state.id} serverName={state.name} />}
      {state.status !== 'failed' && state.stderrTail !== '' && (
        <details className="disclosure">
          <summary>Server output (stderr)</summary>
          <StderrTail text={state.stderrTail} label={`stderr of ${state.name}`} />
        </details>
      )}
      {config && <ConfiguredValues config={config} />}
      {config && <p className="server-card-meta">Sampling requests: {samplingLabels[config.sampling]}</p>}
      <ServerCardActions state={state} onEdit={onEdit} canEdit={config !== undefined} />
    </li>
  )
}
