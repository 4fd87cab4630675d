import type { ImportPreview } from '../../../shared/import/import-preview'
import type { MissingRuntime } from './import-actions'

/**
 * Above a registry or link install's rows: where the servers come from, that a link's servers start
 * turned off, and which programs they need that this computer lacks. A missing program is a warning, not
 * a refusal: the user may install it afterwards, and the server then starts when turned on or restarted.
 */
export function ImportOrigin({
  preview,
  missingRuntimes,
}: {
  preview: Pick<ImportPreview, 'origin' | 'addsDisabled'>
  missingRuntimes: readonly MissingRuntime[]
}) {
  if (preview.origin === undefined && !preview.addsDisabled && missingRuntimes.length === 0) return null
  return (
    <div className="import-origin" data-testid="import-origin">
      {preview.origin !== undefined && (
        <p className="import-origin-line">
          From <span className="selectable">{preview.origin}</span>
        </p>
      )}
      {preview.addsDisabled && (
        <p className="callout callout--info" data-testid="import-adds-disabled">
          From an install link — the server is added turned off; turn it on when you trust it.
        </p>
      )}
      {missingRuntimes.length > 0 && (
        <div className="callout callout--warning" data-testid="import-missing-runtimes">
          <p className="callout-title">
            {missingRuntimes.length === 1
              ? `${missingRuntimes[0]!.command} is not installed on this computer`
              : `${missingRuntimes.map((runtime) => runtime.command).join(', ')} are not installed on this computer`}
          </p>
          <ul className="import-missing-list">
            {missingRuntimes.map((runtime) => (
              <li key={runtime.command}>
                <code>{runtime.command}</code>: {runtime.hint}
              </li>
            ))}
          </ul>
          <p>The server can be added now, but it fails to start until that is installed.</p>
        </div>
      )}
    </div>
  )
}
