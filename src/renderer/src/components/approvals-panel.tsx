/** Nothing can request approval until servers connect, so this is the true (empty) queue. */
export function ApprovalsPanel() {
  return (
    <section className="panel" data-testid="approvals-panel" aria-label="Pending approvals">
      <p className="empty-note">No pending approvals.</p>
      <p className="hint">Tool calls and sampling requests that need your decision will wait here.</p>
    </section>
  )
}
