// One chat turn in which the mock model calls one tool: the card is approved as the user would, and the
// turn's tool result and ending are returned.
import type { ChatTurnEvent } from '../../../src/shared/chat/chat-view'
import type { TranscriptRecord } from '../../../src/shared/chat/transcript-schema'
import type { FaultHost } from './fault-host'

type ToolResultRecord = Extract<TranscriptRecord, { type: 'tool_result' }>

export interface ToolTurn {
  result: ToolResultRecord
  end: ChatTurnEvent
}

let calls = 0
/** Cards already approved: the event history still holds them. */
const decided = new Set<string>()

export async function toolCallTurn(
  host: FaultHost,
  conversationId: string,
  tool: { exposedName: string; arguments?: Record<string, unknown> },
  options: { confirmUnknown?: boolean; reply?: string } = {},
): Promise<ToolTurn> {
  calls += 1
  const callId = `call-${calls}`
  host.mock.enqueue(
    {
      kind: 'tool_calls',
      calls: [{ id: callId, name: tool.exposedName, arguments: JSON.stringify(tool.arguments ?? {}) }],
    },
    { kind: 'text', chunks: [options.reply ?? 'Done.'] },
  )
  const { turnId } = await host.call('chat:send', {
    id: conversationId,
    text: `please call ${tool.exposedName}`,
    ...(options.confirmUnknown ? { confirmUnknown: true } : {}),
  })
  const isOurs = (card: { id: string; conversationId: string; exposedName: string }): boolean =>
    card.conversationId === conversationId && card.exposedName === tool.exposedName && !decided.has(card.id)
  const { cards } = await host.waitFor('chat:tool-calls', (event) => event.cards.some(isOurs))
  const card = cards.find(isOurs)!
  decided.add(card.id)
  await host.call('chat:decide-tool-call', { id: card.id, decision: 'approve' })
  const { record } = await host.waitFor(
    'chat:record',
    (event) => event.record.type === 'tool_result' && event.record.turnId === turnId,
  )
  const end = await host.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
  return { result: record as ToolResultRecord, end }
}

/** A turn without tools: the model answers with text. */
export async function textTurn(
  host: FaultHost,
  conversationId: string,
  reply: string,
): Promise<ChatTurnEvent> {
  host.mock.enqueue({ kind: 'text', chunks: [reply] })
  const { turnId } = await host.call('chat:send', { id: conversationId, text: 'say something' })
  return host.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
}
