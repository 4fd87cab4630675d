import { Composer } from './composer'

/** The middle column. With no chat backend yet, the transcript explains why it is empty. */
export function ConversationView() {
  return (
    <main className="conversation" data-testid="conversation" aria-label="Conversation">
      <div className="transcript selectable" aria-label="Transcript">
        <div className="empty-state">
          <h2 className="empty-state-title">No conversation open</h2>
          <p>
            Chat needs a model provider, and none is configured yet. Once one is, conversations with the
            connected MCP servers will appear here.
          </p>
        </div>
      </div>
      <Composer />
    </main>
  )
}
