import type { TranscriptRecord } from '../../../src/shared/chat/transcript-schema'
import { recordFixture } from './fake-chat'

/** A `mcp_tool_search` call as the host records it: owned by `@local`, not by a server. */
export function toolSearchCall(callId: string, args: unknown, turnId = 't1'): TranscriptRecord {
  return recordFixture({
    type: 'tool_call',
    turnId,
    callId,
    exposedName: 'mcp_tool_search',
    serverId: '@local',
    toolName: 'mcp_tool_search',
    arguments: args as never,
  })
}

/** The search's answer, with the text and metadata shaped the way the host writes them. */
export function toolSearchResult(
  callId: string,
  answer: Record<string, unknown>,
  metadata: Record<string, unknown> | undefined,
  turnId = 't1',
): TranscriptRecord {
  return recordFixture({
    type: 'tool_result',
    turnId,
    callId,
    state: 'completed',
    text: JSON.stringify(answer, null, 2),
    ...(metadata ? { metadata: metadata as never } : {}),
  })
}

export const calendarResults = [
  { name: 'mcp_calendar_create_event', description: 'Creates an event in a calendar.', score: 9.1 },
  { name: 'mcp_calendar_list_events', description: 'Lists the events between two dates.', score: 6.4 },
  { name: 'mcp_mail_send', description: 'Sends an email.', score: 1.2 },
]
