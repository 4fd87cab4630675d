import { useAppState } from '../state/store-context'
import { Composer } from './composer'

/** The middle column. With no chat backend yet, the transcript explains why it is empty. */
export function ConversationView() {
  const hasProvider = useAppState((state) => (state.settings?.models.providers.length ?? 0) > 0)
  return (
    <main className="conversation" data-testid="conversation" aria-label="Conversation">
      <div className="transcript selectable" aria-label="Transcript">
        <div className="empty-state">
          <h2 className="empty-state-title">No conversation open</h2>
          <p>
            {hasProvider
              ? 'Chat with your models arrives in a later version. Conversations with the connected MCP servers will appear here.'
              : 'Chat needs a model provider, and none is configured yet. Once one is, conversations with the connected MCP servers will appear here.'}
          </p>
        </div>
      </div>
      <Composer />
    </main>
  )
}
