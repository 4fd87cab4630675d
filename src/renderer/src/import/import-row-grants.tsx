import type { ImportRow } from '../../../shared/import/import-preview'

const samplingText: Record<ImportRow['sampling'], string> = {
  deny: 'Deny: it may not run your models',
  ask: 'Ask: each request to run a model waits for your approval',
  allow: 'Allow: it runs your models without asking',
}

/**
 * What importing a row grants, shown whatever its status: whether the server may run the user's models
 * (sampling) and the env variables or headers it is given, by name (a secret's value is never sent to the
 * window). A file that asks for "allow" gets "ask" unless the user ticks the box on this row.
 */
export function ImportRowGrants({
  row,
  allowSampling,
  onAllowSampling,
}: {
  row: ImportRow
  allowSampling: boolean
  onAllowSampling: (allow: boolean) => void
}) {
  const values = row.transport === 'stdio' ? row.env : row.headers
  return (
    <div className="import-grants" aria-label={`What ${row.name} is given`}>
      <p className="import-grant">
        <span className="import-grant-label">Sampling</span>{' '}
        <span data-testid={`import-sampling-${row.sourceName}`}>
          {samplingText[allowSampling ? 'allow' : row.sampling]}
        </span>
      </p>
      {row.fileAllowsSampling && (
        <label className="checkbox import-grant-allow">
          <input
            type="checkbox"
            checked={allowSampling}
            onChange={(event) => onAllowSampling(event.target.checked)}
          />
          {`Let ${row.name} run models without asking, as the file says`}
        </label>
      )}
      {values.length > 0 && (
        <p className="import-grant">
          <span className="import-grant-label">{row.transport === 'stdio' ? 'Env' : 'Headers'}</span>{' '}
          {values.map((value, index) => (
            <span key={value.name}>
              {index > 0 && ', '}
              <code>{value.name}</code>
              <span className="hint">{value.secret ? ' (secret)' : ' (plain)'}</span>
            </span>
          ))}
        </p>
      )}
    </div>
  )
}
