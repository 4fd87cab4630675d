import { useAppState } from './store-context'

/** Every failed request, with what was being tried and the host's reason, until the user dismisses it. */
export function ErrorList() {
  const errors = useAppState((state) => state.errors)
  const dismissError = useAppState((state) => state.dismissError)
  if (errors.length === 0) return null
  return (
    <section className="banner banner--danger" role="alert" aria-label="Errors" data-testid="errors">
      <ul className="banner-list">
        {errors.map((error) => (
          <li key={error.id} className="banner-row">
            <span className="selectable">
              <strong>{error.context}:</strong> {error.message}
            </span>
            <button type="button" className="link-button" onClick={() => dismissError(error.id)}>
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
