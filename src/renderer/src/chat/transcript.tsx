import { memo, useMemo, useRef, type RefObject } from 'react'
import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import { transcriptItems, type OpenConversation, type TranscriptItem } from './chat-model'
import { isToolSearchCall } from '../tools/tool-search-model'
import { estimateRowHeight } from './transcript-row-height'
import { useAppState } from '../app/store-context'
import { ApprovalCard } from '../approvals/approval-card'
import { ApprovalQueue } from '../approvals/approval-queue'
import { arrivalOrder, type QueueEntry } from '../approvals/approval-queue-model'
import { ChatMarkdown } from './chat-markdown'
import { ElicitationApproval } from '../elicitation/elicitation-card'
import { InsertedPrompt, SentAttachments } from './sent-message-parts'
import { ToolCallApproval } from './tool-call-approval'
import { ToolCallRow, type ToolCallProgress } from './tool-call-row'
import { ToolSearchRow } from '../tools/tool-search-row'
import { ROW_KEY_ATTRIBUTE } from './row-window-controller'
import { shownBesideView } from '../apps/view-actions'
import { ViewMessageParts } from '../apps/view-message-parts'
import { useRowWindow } from './use-row-window'

const turnEndLabels = { cancelled: 'Turn stopped', error: 'Turn failed' } as const

function progressOf(
  item: Extract<TranscriptItem, { kind: 'tool' }>,
  runningTurnId: string | undefined,
  cards: readonly ToolCallCard[],
): ToolCallProgress {
  if (item.call.turnId !== runningTurnId) return 'missing'
  return cards.some((card) => cardIsFor(card, item.call)) ? 'approval' : 'running'
}

/** The call a waiting card asks about, keyed as transcriptItems keys its rows. */
function callKey(call: { turnId: string; callId: string }): string {
  return `${call.turnId}\u0000${call.callId}`
}

/** A card names its call; a card from an older host without those ids is matched by the tool's name. */
function cardIsFor(card: ToolCallCard, call: { turnId: string; callId: string; exposedName: string }) {
  if (card.turnId === undefined || card.callId === undefined) return card.exposedName === call.exposedName
  return card.turnId === call.turnId && card.callId === call.callId
}

/**
 * One mounted row. Each <li> carries the window's measuring ref, its key, and its place in the whole list
 * (aria-posinset/aria-setsize), since only a window of the rows is in the DOM.
 */
const Item = memo(function Item({
  item,
  runningTurnId,
  cards,
  rounds,
  observeRow,
  position,
  count,
}: {
  item: TranscriptItem
  runningTurnId: string | undefined
  cards: readonly ToolCallCard[]
  rounds: OpenConversation['rounds']
  observeRow: (element: HTMLElement | null) => (() => void) | undefined
  position: number
  count: number
}) {
  const row = {
    ref: observeRow,
    [ROW_KEY_ATTRIBUTE]: item.key,
    'aria-posinset': position,
    'aria-setsize': count,
  }
  switch (item.kind) {
    case 'user':
      return (
        <li {...row} className="chat-message chat-message--user" data-testid="chat-user">
          {(item.text.length > 0 || !item.resources) && (
            <div className="chat-bubble selectable">{item.text}</div>
          )}
          {item.resources && <SentAttachments attachments={item.resources} label="Attached resources" />}
          <ViewMessageParts fromView={item.fromView} viewContext={item.viewContext} />
        </li>
      )
    case 'prompt':
      return (
        <li {...row} className="chat-message chat-message--user" data-testid="chat-prompt">
          <InsertedPrompt record={item.record} />
        </li>
      )
    case 'assistant':
      return (
        <li {...row} className="chat-message chat-message--assistant" data-testid="chat-assistant">
          <ChatMarkdown text={item.text} />
          {item.cutOff && (
            <p className="chat-cut-off" data-testid="chat-cut-off">
              Cut off: the model reached its output limit, so this answer is incomplete.
            </p>
          )}
        </li>
      )
    case 'tool': {
      const result = item.result ? { result: item.result } : {}
      const progress = progressOf(item, runningTurnId, cards)
      return (
        <li {...row} className="chat-message chat-message--tool">
          {isToolSearchCall(item.call) ? (
            <ToolSearchRow call={item.call} {...result} progress={progress} />
          ) : (
            <ToolCallRow
              call={item.call}
              {...result}
              progress={progress}
              rounds={rounds?.[item.call.callId]}
            />
          )}
        </li>
      )
    }
    case 'note':
      return (
        <li {...row} className="chat-note selectable" data-testid="chat-note">
          {item.text}
        </li>
      )
    case 'turn-end':
      return (
        <li
          {...row}
          className={`chat-turn-end chat-turn-end--${item.status} selectable`}
          data-testid="chat-turn-end"
          data-status={item.status}
        >
          <strong>{turnEndLabels[item.status]}</strong>
          {item.reason ? `: ${item.reason}` : ''}
        </li>
      )
  }
})

/** A card waiting in this conversation, under the tool call that asked for it. */
function InlineCard({ entry }: { entry: QueueEntry }) {
  switch (entry.kind) {
    case 'tool-call':
      return <ToolCallApproval card={entry.card} />
    case 'elicitation':
      return <ElicitationApproval card={entry.card} />
    case 'sampling':
      return <ApprovalCard card={entry.card} />
  }
}

/** `.chat-items`' row gap in chat.css; the spacers that stand in for unmounted rows must match it. */
const ROW_GAP = 12
const WINDOW_OPTIONS = { gap: ROW_GAP, overscan: 800, stickDistance: 48 }

/**
 * The open conversation's records in order, then what is happening now: the text the model is streaming,
 * and the tool calls and servers' questions waiting for the user, anchored below the call that asked for
 * them.
 *
 * The records' rows are virtualised: only those within about a screen of the viewport are mounted (plus the
 * row holding keyboard focus), and spacers as tall as the rows they replace keep the scroll height and
 * the scrollbar true. Mounted whole, a 2,000-message transcript held Chromium's main thread for seconds
 * when opened, and every streamed token re-laid all of it out; windowed, a stream into it renders like
 * one into an empty conversation and opening it costs little beyond receiving its records
 * (bench/renderer-transcript.ts measures both; figures in BENCHMARKS.md). What windowing costs, and how
 * it is kept small:
 * - The transcript stays a log region (role="log" on the scroller in conversation-view.tsx) and a list
 *   whose rows say their place in the whole (aria-posinset/aria-setsize). A screen reader's virtual cursor
 *   reaches only mounted rows; scrolling (the scroller is focusable: arrows, Page Up/Down, Home/End) mounts
 *   the others. Rows mounted by scrolling back are additions to the log, which a screen reader may read
 *   out; rows the end appends are the ones it should announce, and do.
 * - Find in page (Ctrl+F in a browser; Electron has no find bar) only finds text in mounted rows: older
 *   messages are found once scrolled near. The text of every row stays in the transcript file and the
 *   store, so a search feature belongs there, not in the DOM.
 * - A row scrolled out of the window is unmounted: a disclosure opened in it (Arguments, metadata) is
 *   closed again when it comes back, and a text selection inside it is lost.
 * - Unmeasured rows use an estimate from their text (transcript-row-height.ts); the browser's scroll
 *   anchoring keeps the view still when a measured row above it turns out taller or shorter.
 */
export const Transcript = memo(function Transcript({
  conversation,
  scroller,
}: {
  conversation: OpenConversation
  /** The scrolling element around the transcript (conversation-view.tsx). */
  scroller: RefObject<HTMLElement | null>
}) {
  const allCards = useAppState((state) => state.toolCalls)
  const viewsOnScreen = useAppState((state) => state.viewsOnScreen)
  // A card a view asked for is shown beside that view while it is mounted; here only when it is not.
  const cards = useMemo(
    () =>
      allCards.filter(
        (card) => card.conversationId === conversation.id && !shownBesideView(card, viewsOnScreen),
      ),
    [allCards, conversation.id, viewsOnScreen],
  )
  // A view's card asks about no call of the model's, so it never marks a row as waiting.
  const modelCards = useMemo(() => cards.filter((card) => card.view === undefined), [cards])
  const retryOlderRecords = useAppState((state) => state.retryOlderRecords)
  const allSampling = useAppState((state) => state.approvals)
  // A completion a server asks for while this conversation's tool call runs is decided here, under the call.
  const samplingCards = useMemo(
    () => allSampling.filter((card) => card.conversationId === conversation.id),
    [allSampling, conversation.id],
  )
  const allQuestions = useAppState((state) => state.elicitations)
  const questions = useMemo(
    () => allQuestions.filter((card) => card.conversationId === conversation.id),
    [allQuestions, conversation.id],
  )
  const waitingCards = useMemo(
    () => arrivalOrder(samplingCards, cards, questions),
    [samplingCards, cards, questions],
  )
  const { records, firstIndex } = conversation
  // A call waiting for approval is shown once, as its card (at the end, where it is always mounted for the
  // focus hand-off), not also as a "waiting" row above it. Its row appears once the call has a result.
  const waitingCalls = useMemo(
    () =>
      new Set(
        modelCards.flatMap(({ turnId, callId }) =>
          turnId !== undefined && callId !== undefined ? [callKey({ turnId, callId })] : [],
        ),
      ),
    [modelCards],
  )
  const items = useMemo(
    () =>
      transcriptItems(records, firstIndex).filter(
        (item) => item.kind !== 'tool' || item.result !== undefined || !waitingCalls.has(callKey(item.call)),
      ),
    [records, firstIndex, waitingCalls],
  )
  const keys = useMemo(() => items.map((item) => item.key), [items])
  const indexByKey = useMemo(() => new Map(keys.map((key, index) => [key, index])), [keys])
  const estimates = useMemo(() => items.map(estimateRowHeight), [items])
  const list = useRef<HTMLOListElement>(null)
  const { entries, observeRow } = useRowWindow(scroller, list, keys, estimates, WINDOW_OPTIONS)
  const { runningTurnId, live, warnings } = conversation
  const running = runningTurnId !== undefined
  const last = items.at(-1)
  // A call still at the server says so on its own row; the transcript does not also claim the model works.
  const callOpen = last?.kind === 'tool' && !last.result

  return (
    <>
      {warnings.length > 0 && (
        <div
          className="callout callout--warning transcript-warnings selectable"
          data-testid="transcript-warnings"
        >
          <p>Some of this conversation could not be read:</p>
          <ul>
            {warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      {items.length === 0 && !running && cards.length + questions.length + samplingCards.length === 0 && (
        <p className="empty-note transcript-empty">
          No messages yet. The model can use the tools of the connected MCP servers; each call waits for your
          approval.
        </p>
      )}
      {firstIndex > 0 && !conversation.olderFailed && (
        <p className="chat-status transcript-older" role="status" data-testid="transcript-loading-older">
          Loading earlier messages…
        </p>
      )}
      {firstIndex > 0 && conversation.olderFailed && (
        <p className="chat-status transcript-older" data-testid="transcript-older-failed">
          Earlier messages could not be loaded.{' '}
          <button type="button" className="button button--small" onClick={retryOlderRecords}>
            Try again
          </button>
        </p>
      )}
      <ol ref={list} className="chat-items">
        {entries.map((entry) => {
          if (entry.kind === 'space') {
            return (
              <li
                key={`space-${entry.from}`}
                className="chat-items-space"
                aria-hidden="true"
                style={{ height: entry.height }}
              />
            )
          }
          // By key: a window still on screen from before older rows were joined in front means these rows.
          const index = indexByKey.get(entry.key)
          const item = index === undefined ? undefined : items[index]
          if (!item || index === undefined) return null
          return (
            <Item
              key={item.key}
              item={item}
              runningTurnId={runningTurnId}
              cards={modelCards}
              rounds={conversation.rounds}
              observeRow={observeRow}
              position={index + 1}
              count={items.length}
            />
          )
        })}
        {live && (
          <li
            className="chat-message chat-message--assistant chat-message--streaming"
            data-testid="chat-live"
          >
            <ChatMarkdown text={live} />
          </li>
        )}
        {running && !live && !callOpen && cards.length + questions.length + samplingCards.length === 0 && (
          <li className="chat-status" data-testid="chat-waiting">
            Waiting for the model…
          </li>
        )}
        <ApprovalQueue
          entries={waitingCards}
          itemClassName="chat-message chat-message--card"
          renderCard={(entry) => <InlineCard entry={entry} />}
        />
      </ol>
    </>
  )
})
