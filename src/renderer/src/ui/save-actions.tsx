/**
 * A settings form's Save button with its "Saved." live region beside it: the button says "Saving…" and is
 * disabled while the save is in flight, and the region announces the save once the host accepted it.
 */
export function SaveActions({ busy, saved }: { busy: boolean; saved: boolean }) {
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </button>
      <span role="status" className="hint">
        {saved ? 'Saved.' : ''}
      </span>
    </div>
  )
}
