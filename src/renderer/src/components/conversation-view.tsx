import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useAppState } from '../state/store-context'
import { Composer } from './composer'
import { ConversationHeader } from './conversation-header'
import { Transcript } from './transcript'

/** No conversation open: what chat does, and the one step that starts it (or the one it still needs). */
function EmptyConversation() {
  const hasProvider = useAppState((state) => (state.settings?.models.providers.length ?? 0) > 0)
  const createConversation = useAppState((state) => state.createConversation)
  const openDrawer = useAppState((state) => state.openDrawer)
  const [busy, setBusy] = useState(false)
  const create = async () => {
    setBusy(true)
    await createConversation()
    setBusy(false)
  }
  return (
    <div className="empty-state">
      <h2 className="empty-state-title">No conversation open</h2>
      {hasProvider ? (
        <>
          <p>
            Chat with your models here. They can use the tools of the connected MCP servers, and every call
            waits for your approval.
          </p>
          <button
            type="button"
            className="button button--primary empty-state-action"
            disabled={busy}
            onClick={() => void create()}
          >
            New conversation
          </button>
        </>
      ) : (
        <>
          <p>
            Chat needs a model provider, and none is configured yet. Once one is, conversations with the
            connected MCP servers will appear here.
          </p>
          <button type="button" className="button empty-state-action" onClick={() => openDrawer('models')}>
            Add a model provider
          </button>
        </>
      )}
    </div>
  )
}

/** How close to the end counts as "reading the end", so new text keeps it in view. */
const STICK_DISTANCE_PX = 48

/**
 * Keeps the transcript scrolled to its end while new text arrives, unless the user scrolled up to read:
 * then it stays where they are.
 */
function useStickToEnd(content: unknown, cards: unknown) {
  const ref = useRef<HTMLDivElement>(null)
  const atEnd = useRef(true)
  useLayoutEffect(() => {
    const element = ref.current
    if (element && atEnd.current) element.scrollTop = element.scrollHeight
  }, [content, cards])
  // The composer growing (the held-message bar) shrinks the transcript: the end stays in view then too.
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (atEnd.current) element.scrollTop = element.scrollHeight
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const onScroll = () => {
    const element = ref.current
    if (!element) return
    atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight <= STICK_DISTANCE_PX
  }
  return { ref, onScroll }
}

/** The middle column: the open conversation's header, transcript and composer. */
export function ConversationView() {
  const conversation = useAppState((state) => state.conversation)
  const opening = useAppState((state) => state.openingId !== null && state.conversation === null)
  const toolCalls = useAppState((state) => state.toolCalls)
  const { ref, onScroll } = useStickToEnd(conversation, toolCalls)
  const running = conversation?.runningTurnId !== undefined

  return (
    <main
      className={conversation ? 'conversation conversation--open' : 'conversation'}
      data-testid="conversation"
      aria-label="Conversation"
    >
      {conversation && <ConversationHeader meta={conversation.meta} running={running} />}
      <div
        ref={ref}
        className="transcript"
        aria-label="Transcript"
        aria-busy={running}
        data-testid="transcript"
        onScroll={onScroll}
      >
        {conversation ? (
          <Transcript conversation={conversation} />
        ) : opening ? (
          <p className="empty-note transcript-empty">Opening the conversation…</p>
        ) : (
          <EmptyConversation />
        )}
      </div>
      <Composer />
    </main>
  )
}
