import { useAppState } from '../app/store-context'

/**
 * Under a message of the user's side: that a view wrote it (the user did not type it), and what views told
 * the model along with it (ui/update-model-context), folded.
 */
export function ViewMessageParts({
  fromView,
  viewContext,
}: {
  fromView?: { serverId: string; toolName: string } | undefined
  viewContext?: Array<{ serverId: string; toolName: string; text: string }> | undefined
}) {
  const servers = useAppState((state) => state.servers)
  const nameOf = (serverId: string) => servers.find((server) => server.id === serverId)?.name ?? serverId
  if (!fromView && !viewContext) return null
  return (
    <>
      {fromView && (
        <p className="chat-from-view hint" data-testid="chat-from-view">
          Sent by the view of {fromView.toolName} · {nameOf(fromView.serverId)}
        </p>
      )}
      {viewContext && (
        <details className="disclosure" data-testid="chat-view-context">
          <summary>What views told the model with this message ({viewContext.length})</summary>
          <ul className="selectable">
            {viewContext.map((entry, index) => (
              <li key={index}>
                <strong>
                  {entry.toolName} · {nameOf(entry.serverId)}:
                </strong>{' '}
                <span className="chat-view-context-text">{entry.text}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  )
}
