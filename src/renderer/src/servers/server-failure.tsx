import type { ServerState } from '../../../shared/mcp/server-state'
import { firstLine } from './server-labels'
import { StderrTail } from './stderr-tail'

function orNone(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '—' : String(value)
}

/**
 * Why a server failed: the reason's first line where it cannot be missed, and behind "Details" what an
 * engineer needs to fix it — the whole reason, exit code, signal, the limit that was hit, the stderr tail.
 * A remote server has no process, so it gets no exit code or signal rows (and no Details when that
 * leaves nothing to add).
 */
export function ServerFailure({ state }: { state: ServerState }) {
  const failure = state.failure
  const reason = failure?.reason ?? 'The server failed without giving a reason.'
  const summary = firstLine(reason)
  const isStdio = state.transport === 'stdio'
  const hasExit = isStdio || (failure?.exitCode ?? null) !== null || (failure?.signal ?? null) !== null
  const hasDetails = hasExit || summary !== reason.trim() || failure?.limit !== undefined
  return (
    <div className="server-failure" data-testid="server-failure">
      <p className="server-failure-reason selectable" role="status">
        {summary}
      </p>
      {hasDetails && (
        <details className="disclosure">
          <summary>Details</summary>
          <div className="disclosure-body">
            <dl className="key-values" aria-label="Failure details">
              {summary !== reason.trim() && (
                <div className="key-value">
                  <dt>Reason</dt>
                  <dd className="selectable preformatted">{reason}</dd>
                </div>
              )}
              {hasExit && (
                <>
                  <div className="key-value">
                    <dt>Exit code</dt>
                    <dd className="selectable" data-testid="failure-exit-code">
                      {orNone(failure?.exitCode)}
                    </dd>
                  </div>
                  <div className="key-value">
                    <dt>Signal</dt>
                    <dd className="selectable" data-testid="failure-signal">
                      {orNone(failure?.signal)}
                    </dd>
                  </div>
                </>
              )}
              {failure?.limit && (
                <div className="key-value">
                  <dt>Limit</dt>
                  <dd className="selectable" data-testid="failure-limit">
                    <code>{failure.limit}</code> (adjustable under <code>mcp.limits</code> in settings.json)
                  </dd>
                </div>
              )}
            </dl>
            {isStdio && (
              <>
                <h4 className="server-card-subtitle">Last stderr output</h4>
                <StderrTail text={state.stderrTail} label={`stderr of ${state.name}`} />
              </>
            )}
          </div>
        </details>
      )}
    </div>
  )
}
