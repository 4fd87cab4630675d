import { useAppState } from '../state/store-context'

/**
 * A real input, disabled with its reason: chat itself comes in a later version, so there is no pretend
 * sending. The reason only says a provider is missing when none is configured.
 */
export function Composer() {
  const hasProvider = useAppState((state) => (state.settings?.models.providers.length ?? 0) > 0)
  return (
    <form
      className="composer"
      data-testid="composer"
      aria-label="Compose a message"
      onSubmit={(event) => event.preventDefault()}
    >
      <label htmlFor="composer-input" className="visually-hidden">
        Message
      </label>
      <textarea
        id="composer-input"
        className="composer-input"
        rows={3}
        disabled
        placeholder="Message"
        aria-describedby="composer-reason"
      />
      <div className="composer-footer">
        <p id="composer-reason" className="composer-reason">
          {hasProvider
            ? 'Sending is unavailable: chat with a model arrives in a later version.'
            : 'Sending is unavailable: chat arrives in a later version, and no model provider is configured.'}
        </p>
        <button type="submit" className="button button--primary" disabled>
          Send
        </button>
      </div>
    </form>
  )
}
