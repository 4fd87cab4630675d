/** A real input, disabled with its reason until a model provider exists; there is no pretend sending. */
export function Composer() {
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
          Sending is unavailable: no model provider is configured.
        </p>
        <button type="submit" className="button button--primary" disabled>
          Send
        </button>
      </div>
    </form>
  )
}
