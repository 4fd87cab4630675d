import type { ImportPreview } from '../../../shared/import/import-preview'
import { describeLocation } from './import-choices-model'

type PreviewPlaceholder = ImportPreview['placeholders'][number]

/**
 * The `${…}` values the chosen servers need. Reading the user's environment is a separate, explicit
 * consent (one checkbox), because a shell environment holds far more than this file asks for.
 */
export function ImportPlaceholders({
  placeholders,
  values,
  useEnvironment,
  errors,
  onValue,
  onUseEnvironment,
}: {
  placeholders: PreviewPlaceholder[]
  values: Record<string, string>
  useEnvironment: boolean
  errors: Record<string, string>
  onValue: (token: string, value: string) => void
  onUseEnvironment: (use: boolean) => void
}) {
  if (placeholders.length === 0) return null
  const anyEnv = placeholders.some((placeholder) => placeholder.kind === 'env')
  return (
    <fieldset className="plain-fieldset import-placeholders" data-testid="import-placeholders">
      <legend className="settings-title">Values the file leaves open</legend>
      {anyEnv && (
        <label className="checkbox import-use-env">
          <input
            type="checkbox"
            checked={useEnvironment}
            onChange={(event) => onUseEnvironment(event.target.checked)}
          />
          Read values I leave empty from my environment (only the variables listed here)
        </label>
      )}
      {placeholders.map((placeholder, index) => {
        const id = `import-value-${index}`
        const error = errors[`value:${placeholder.token}`]
        const hints = [
          placeholder.description,
          `used in ${placeholder.locations.map(describeLocation).join(', ')}`,
          placeholder.kind === 'env'
            ? placeholder.inEnvironment
              ? 'set in your environment'
              : 'not set in your environment'
            : undefined,
          placeholder.secret ? 'kept in the secret store when used in env or headers' : undefined,
        ].filter(Boolean)
        return (
          <div className="field import-placeholder" key={placeholder.token}>
            <label htmlFor={id} className="field-label">
              <code>{placeholder.token}</code>
            </label>
            <input
              id={id}
              className="text-input"
              type={placeholder.secret ? 'password' : 'text'}
              autoComplete="off"
              spellCheck={false}
              value={values[placeholder.token] ?? ''}
              placeholder={
                placeholder.kind === 'env' && useEnvironment && placeholder.inEnvironment
                  ? 'from the environment'
                  : undefined
              }
              aria-invalid={error !== undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(event) => onValue(placeholder.token, event.target.value)}
            />
            <p id={`${id}-hint`} className="hint">
              {hints.join(' · ')}
            </p>
            {error && (
              <p id={`${id}-error`} className="field-problem">
                {error}
              </p>
            )}
          </div>
        )
      })}
    </fieldset>
  )
}
