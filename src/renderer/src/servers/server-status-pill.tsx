import type { ServerState } from '../../../shared/mcp/server-state'
import { statusLabels } from './server-labels'

function sinceText(since: string): string {
  const date = new Date(since)
  return Number.isNaN(date.getTime()) ? '' : ` since ${date.toLocaleString()}`
}

/** The status in words, coloured per state; the tooltip says since when. */
export function ServerStatusPill({ state }: { state: ServerState }) {
  return (
    <span
      className={`pill status-pill status-pill--${state.status}`}
      data-testid="status-pill"
      title={`${statusLabels[state.status]}${sinceText(state.since)}`}
    >
      {state.status === 'connecting' || state.status === 'starting'
        ? `${statusLabels[state.status]}…`
        : statusLabels[state.status]}
    </span>
  )
}
