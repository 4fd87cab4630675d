import type { ServerConfigView } from '../../../shared/settings/settings-view'

/**
 * Connections arrive later, so the only honest states today are "not connected" (enabled) and "disabled".
 * The label is spoken and shown on hover; the dot alone never carries the meaning.
 */
export function serverStatus(server: ServerConfigView): { kind: 'idle' | 'disabled'; label: string } {
  return server.enabled ? { kind: 'idle', label: 'not connected' } : { kind: 'disabled', label: 'disabled' }
}

export function ServerStatusDot({ server }: { server: ServerConfigView }) {
  const status = serverStatus(server)
  return (
    <span
      className={`status-dot status-dot--${status.kind}`}
      role="img"
      aria-label={status.label}
      title={status.label}
    />
  )
}
