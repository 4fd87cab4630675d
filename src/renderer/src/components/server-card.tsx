import type { ConfigValueView, ServerConfigView } from '../../../shared/settings/settings-view'
import { serverValueEntries, transportLabel } from '../state/server-labels'
import { ServerStatusDot } from './server-status-dot'

/** Values never reach the renderer; show that one exists (bullets) or which secret it references. */
function ConfigValue({ value }: { value: ConfigValueView }) {
  if ('secret' in value) return <span className="config-secret-ref">secret: {value.secret}</span>
  return (
    <span className="config-masked" aria-label="hidden value" title="Hidden value">
      ••••••••
    </span>
  )
}

export function ServerCard({ server }: { server: ServerConfigView }) {
  const { kind, entries } = serverValueEntries(server)
  const headingId = `server-${server.id}-name`
  return (
    <li
      className={server.enabled ? 'server-card' : 'server-card server-card--disabled'}
      aria-labelledby={headingId}
      data-testid={`server-card-${server.id}`}
    >
      <div className="server-card-header">
        <ServerStatusDot server={server} />
        <h3 id={headingId} className="server-card-name selectable">
          {server.name}
        </h3>
        <span className={server.enabled ? 'pill pill--enabled' : 'pill pill--disabled'}>
          {server.enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      <p className="server-card-transport selectable">{transportLabel(server)}</p>
      {entries.length > 0 && (
        <>
          <h4 className="server-card-subtitle">{kind === 'env' ? 'Environment' : 'Headers'}</h4>
          <dl className="key-values">
            {entries.map(([key, value]) => (
              <div key={key} className="key-value">
                <dt className="selectable">{key}</dt>
                <dd>
                  <ConfigValue value={value} />
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </li>
  )
}
