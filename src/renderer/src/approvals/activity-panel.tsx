import { useEffect, useState } from 'react'
import type { AuditEntry } from '../../../shared/sampling/sampling-card'
import {
  decisionText,
  formatCount,
  formatDuration,
  activityDetail,
  outcomeLabels,
  outcomeTone,
} from '../sampling/sampling-labels'
import { useAppState } from '../app/store-context'

/** Today's rows show the time only; older rows their date too. */
function shortTime(iso: string, today: string): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return iso
  // 24-hour time keeps the column narrow in every locale.
  const time = at.toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
  return at.toDateString() === today ? time : `${at.toLocaleDateString()} ${time}`
}

function tokens(entry: AuditEntry): string {
  if (entry.inputTokens === undefined && entry.outputTokens === undefined) return '—'
  const count = (value: number | undefined) => (value === undefined ? '?' : formatCount(value))
  return `${count(entry.inputTokens)} / ${count(entry.outputTokens)}`
}

/** `provider/model` that may break after the slash, not in the middle of a name. */
function ModelRef({ value }: { value: string }) {
  const slash = value.indexOf('/')
  if (slash < 0) return <>{value}</>
  return (
    <>
      {value.slice(0, slash + 1)}
      <wbr />
      {value.slice(slash + 1)}
    </>
  )
}

function ActivityRow({ entry, today }: { entry: AuditEntry; today: string }) {
  const tone = outcomeTone(entry.outcome)
  const detail = activityDetail(entry)
  return (
    <tr className={`activity-row activity-row--${tone}`} data-testid="activity-row">
      <td>
        <time dateTime={entry.time} title={new Date(entry.time).toLocaleString()}>
          {shortTime(entry.time, today)}
        </time>
      </td>
      <td className="activity-server">{entry.serverName}</td>
      <td className="activity-model">{entry.model ? <ModelRef value={entry.model} /> : '—'}</td>
      <td>{decisionText(entry)}</td>
      <td>
        <span className={`activity-outcome activity-outcome--${tone}`}>{outcomeLabels[entry.outcome]}</span>
        {detail && <span className="activity-detail">{detail}</span>}
      </td>
      <td className="activity-number">{tokens(entry)}</td>
      <td className="activity-number">{formatDuration(entry.durationMs)}</td>
    </tr>
  )
}

/**
 * Every sampling request the host saw, newest first: who asked, on which model, what was decided, how it
 * ended, the tokens in and out and how long it took. Loaded when opened, then kept current by the host's
 * `sampling:activity` events.
 */
export function ActivityPanel() {
  const entries = useAppState((state) => state.activity)
  const loaded = useAppState((state) => state.activityLoaded)
  const loadActivity = useAppState((state) => state.loadActivity)
  const [today] = useState(() => new Date().toDateString())
  const [settled, setSettled] = useState(false)

  useEffect(() => {
    let live = true
    void loadActivity().then(() => {
      if (live) setSettled(true)
    })
    return () => {
      live = false
    }
  }, [loadActivity])

  const emptyNote = !settled
    ? 'Loading…'
    : loaded
      ? 'No sampling requests yet.'
      : 'The activity log could not be loaded (see the error above).'

  return (
    <section className="panel" data-testid="activity-panel" aria-label="Sampling activity">
      <p className="hint">
        Every request a server made to run a model: what you decided, how it ended, and what it used.
      </p>
      {entries.length === 0 ? (
        <p className="empty-note">{emptyNote}</p>
      ) : (
        // Focusable so the keyboard can scroll it sideways when the drawer is narrower than the table.
        <div className="activity-table-frame" tabIndex={0} role="region" aria-label="Sampling requests">
          <table className="activity-table selectable">
            <caption className="visually-hidden">Sampling requests, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Server</th>
                <th scope="col">Model</th>
                <th scope="col">Decision</th>
                <th scope="col">Outcome</th>
                <th scope="col" className="activity-number">
                  Tokens in / out
                </th>
                <th scope="col" className="activity-number">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <ActivityRow key={entry.id} entry={entry} today={today} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
