import { useMemo } from 'react'
import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import { transcriptItems, type OpenConversation, type TranscriptItem } from '../state/chat-model'
import { isToolSearchCall } from '../state/tool-search-model'
import { useAppState } from '../state/store-context'
import { ChatMarkdown } from './chat-markdown'
import { ElicitationApproval } from './elicitation-card'
import { InsertedPrompt, SentAttachments } from './sent-message-parts'
import { ToolCallApproval } from './tool-call-approval'
import { ToolCallRow, type ToolCallProgress } from './tool-call-row'
import { ToolSearchRow } from './tool-search-row'

const turnEndLabels = { cancelled: 'Turn stopped', error: 'Turn failed' } as const

function progressOf(
  item: Extract<TranscriptItem, { kind: 'tool' }>,
  runningTurnId: string | undefined,
  cards: readonly ToolCallCard[],
): ToolCallProgress {
  if (item.call.turnId !== runningTurnId) return 'missing'
  return cards.some((card) => card.exposedName === item.call.exposedName) ? 'approval' : 'running'
}

function Item({
  item,
  runningTurnId,
  cards,
}: {
  item: TranscriptItem
  runningTurnId: string | undefined
  cards: readonly ToolCallCard[]
}) {
  switch (item.kind) {
    case 'user':
      return (
        <li className="chat-message chat-message--user" data-testid="chat-user">
          {(item.text.length > 0 || !item.resources) && (
            <div className="chat-bubble selectable">{item.text}</div>
          )}
          {item.resources && <SentAttachments attachments={item.resources} label="Attached resources" />}
        </li>
      )
    case 'prompt':
      return (
        <li className="chat-message chat-message--user" data-testid="chat-prompt">
          <InsertedPrompt record={item.record} />
        </li>
      )
    case 'assistant':
      return (
        <li className="chat-message chat-message--assistant" data-testid="chat-assistant">
          <ChatMarkdown text={item.text} />
        </li>
      )
    case 'tool': {
      const Row = isToolSearchCall(item.call) ? ToolSearchRow : ToolCallRow
      return (
        <li className="chat-message chat-message--tool">
          <Row
            call={item.call}
            {...(item.result ? { result: item.result } : {})}
            progress={progressOf(item, runningTurnId, cards)}
          />
        </li>
      )
    }
    case 'note':
      return (
        <li className="chat-note selectable" data-testid="chat-note">
          {item.text}
        </li>
      )
    case 'turn-end':
      return (
        <li
          className={`chat-turn-end chat-turn-end--${item.status} selectable`}
          data-testid="chat-turn-end"
          data-status={item.status}
        >
          <strong>{turnEndLabels[item.status]}</strong>
          {item.reason ? `: ${item.reason}` : ''}
        </li>
      )
  }
}

/**
 * The open conversation's records in order, then what is happening now: the text the model is streaming,
 * and the tool calls and servers' questions waiting for the user, anchored below the call that asked for
 * them.
 */
export function Transcript({ conversation }: { conversation: OpenConversation }) {
  const allCards = useAppState((state) => state.toolCalls)
  const cards = useMemo(
    () => allCards.filter((card) => card.conversationId === conversation.id),
    [allCards, conversation.id],
  )
  const allQuestions = useAppState((state) => state.elicitations)
  const questions = useMemo(
    () => allQuestions.filter((card) => card.conversationId === conversation.id),
    [allQuestions, conversation.id],
  )
  const items = useMemo(() => transcriptItems(conversation.records), [conversation.records])
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
      {items.length === 0 && !running && cards.length === 0 && questions.length === 0 && (
        <p className="empty-note transcript-empty">
          No messages yet. The model can use the tools of the connected MCP servers; each call waits for your
          approval.
        </p>
      )}
      <ol className="chat-items">
        {items.map((item) => (
          <Item key={item.key} item={item} runningTurnId={runningTurnId} cards={cards} />
        ))}
        {live && (
          <li
            className="chat-message chat-message--assistant chat-message--streaming"
            data-testid="chat-live"
          >
            <ChatMarkdown text={live} />
          </li>
        )}
        {running && !live && !callOpen && cards.length === 0 && questions.length === 0 && (
          <li className="chat-status" data-testid="chat-waiting">
            Waiting for the model…
          </li>
        )}
        {cards.map((card) => (
          <li key={card.id} className="chat-message chat-message--card">
            <ToolCallApproval card={card} />
          </li>
        ))}
        {questions.map((card) => (
          <li key={card.id} className="chat-message chat-message--card">
            <ElicitationApproval card={card} />
          </li>
        ))}
      </ol>
    </>
  )
}
