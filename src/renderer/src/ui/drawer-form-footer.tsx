/**
 * The end of every drawer form (server, provider, model): the host's refusal, if any, and the Save/Cancel
 * row. `addLabel` names the submit button while adding; editing always says Save.
 */
export function DrawerFormFooter({
  testId,
  editing,
  addLabel,
  busy,
  hostProblem,
  onCancel,
}: {
  testId: string
  editing: boolean
  addLabel?: string
  busy: boolean
  hostProblem: string | null | undefined
  onCancel: () => void
}) {
  return (
    <>
      {hostProblem && (
        <p className="callout callout--danger selectable" role="alert" data-testid={`${testId}-host-problem`}>
          <strong>{editing ? 'Not saved' : 'Not added'}:</strong> {hostProblem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : editing ? 'Save' : addLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  )
}
