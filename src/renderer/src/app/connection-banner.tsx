import { useAppState } from './store-context'

/** Web mode can lose its socket; say so plainly and offer the one fix that works (a reload). */
export function ConnectionBanner({ reload }: { reload: () => void }) {
  const connection = useAppState((state) => state.connection)
  if (connection.state === 'connecting') {
    return (
      <p className="banner banner--info" role="status">
        Connecting to MCP Desk…
      </p>
    )
  }
  if (connection.state === 'open') return null
  return (
    <section className="banner banner--danger banner-row" role="alert" data-testid="connection-lost">
      <span>
        <strong>Disconnected — reload.</strong> <span className="selectable">{connection.reason}</span>
      </span>
      <button type="button" className="button" onClick={reload}>
        Reload
      </button>
    </section>
  )
}
