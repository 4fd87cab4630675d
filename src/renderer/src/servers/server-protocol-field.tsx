import type { ServerProtocol } from '../../../shared/settings/settings-schema'

const CHOICES: ReadonlyArray<{ value: ServerProtocol; label: string }> = [
  { value: 'auto', label: 'Negotiate (recommended)' },
  { value: '2026-07-28', label: '2026-07-28 only (stateless)' },
  { value: '2025-11-25', label: '2025-11-25 only (initialize handshake)' },
]

/**
 * Which MCP protocol era to speak. Negotiating asks the server first and falls back to the 2025 handshake;
 * pinning is for servers that negotiate badly.
 */
export function ServerProtocolField({
  id,
  value,
  onChange,
}: {
  id: string
  value: ServerProtocol
  onChange: (value: ServerProtocol) => void
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-protocol`}>
        Protocol
      </label>
      <select
        id={`${id}-protocol`}
        className="text-input"
        value={value}
        aria-describedby={`${id}-protocol-hint`}
        onChange={(event) => onChange(event.target.value as ServerProtocol)}
      >
        {CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <p id={`${id}-protocol-hint`} className="field-hint">
        Pin a version only for a server that fails to connect while negotiating.
      </p>
    </div>
  )
}
