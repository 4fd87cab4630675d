import type { ViewLogEntry } from './view-session'

/** What the view logged (notifications/message), the last few only, folded away until asked for. */
export function ViewLog({ entries }: { entries: readonly ViewLogEntry[] }) {
  if (entries.length === 0) return null
  return (
    <details className="disclosure app-view-log" data-testid="app-view-log">
      <summary>View log ({entries.length})</summary>
      <ol className="app-view-log-lines selectable">
        {entries.map((entry, index) => (
          <li key={index}>
            <span className="app-view-log-level">{entry.level}</span> {entry.text}
          </li>
        ))}
      </ol>
    </details>
  )
}
