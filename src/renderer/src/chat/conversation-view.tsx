import { useDeferredValue, useRef, useState, type RefObject } from 'react'
import { useAppState } from '../app/store-context'
import { Composer } from './composer'
import { FirstRun } from './first-run'
import { ConversationHeader } from './conversation-header'
import { Transcript } from './transcript'

/** No conversation open: what chat does, and the one step that starts it (or the one it still needs). */
function EmptyConversation() {
  const hasProvider = useAppState((state) => (state.settings?.models.providers.length ?? 0) > 0)
  const createConversation = useAppState((state) => state.createConversation)
  const [busy, setBusy] = useState(false)
  const create = async () => {
    setBusy(true)
    await createConversation()
    setBusy(false)
  }
  if (!hasProvider) return <FirstRun />
  return (
    <div className="empty-state">
      <h2 className="empty-state-title">No conversation open</h2>
      <p>
        Chat with your models here. They can use the tools of the connected MCP servers, and every call waits
        for your approval.
      </p>
      <button
        type="button"
        className="button button--primary empty-state-action"
        disabled={busy}
        onClick={() => void create()}
      >
        New conversation
      </button>
    </div>
  )
}

/**
 * The transcript area's content. It alone follows the open conversation as a whole, which changes with
 * every streamed token: the header and the composer around it do not re-render per token.
 *
 * The transcript renders as a deferred value: what arrived from the host (a long conversation's records,
 * tokens faster than frames) shows in a render of its own when the main thread is free, after the one that
 * handles the message, and a text a newer one replaced is never rendered.
 */
function TranscriptArea({ scroller }: { scroller: RefObject<HTMLDivElement | null> }) {
  const conversation = useAppState((state) => state.conversation)
  const opening = useAppState((state) => state.openingId !== null)
  const shown = useDeferredValue(conversation)
  if (conversation && shown?.id === conversation.id) {
    return <Transcript key={shown.id} conversation={shown} scroller={scroller} />
  }
  if (opening || conversation) return <p className="empty-note transcript-empty">Opening the conversation…</p>
  return <EmptyConversation />
}

/** The middle column: the open conversation's header, transcript and composer. */
export function ConversationView() {
  const meta = useAppState((state) => state.conversation?.meta)
  const running = useAppState((state) => state.conversation?.runningTurnId !== undefined)
  // Scrolling, and keeping the end in view while the model writes, are the transcript's (row window).
  const scroller = useRef<HTMLDivElement>(null)

  return (
    <main
      className={meta ? 'conversation conversation--open' : 'conversation'}
      data-testid="conversation"
      aria-label="Conversation"
    >
      {meta && <ConversationHeader meta={meta} running={running} />}
      {/* A log region, focusable so the keyboard scrolls it even when no control inside has focus. */}
      <div
        ref={scroller}
        className="transcript"
        role="log"
        aria-label="Transcript"
        aria-busy={running}
        tabIndex={0}
        data-testid="transcript"
      >
        <TranscriptArea scroller={scroller} />
      </div>
      <Composer />
    </main>
  )
}
