import { createUlidGenerator } from '../../src/main/core/chat/ulid'
import { TranscriptStore } from '../../src/main/core/chat/transcript-store'
import type { TranscriptRecord, TranscriptRecordInput } from '../../src/shared/chat/transcript-schema'
import { markdownAnswer, toolArguments, toolResultText, userQuestion, type Random } from './transcript-text'
import { seededRandom } from '../support/seeded-random'

/** The text of the transcript's last message: the page has opened the conversation once it shows it. */
export const LAST_MESSAGE_MARKER = 'End of the benchmark transcript.'

export interface LongTranscript {
  id: string
  title: string
  /** Rows the transcript shows: user messages, assistant messages and tool calls (with their results). */
  messages: number
  records: number
  bytes: number
  /** The records as loaded back, for the transfer control (what `chat:open` sends). */
  loaded: TranscriptRecord[]
}

const TOOLS = [
  { exposedName: 'mcp_docs_query', serverId: 'docs', toolName: 'query' },
  { exposedName: 'mcp_files_read_file', serverId: 'files', toolName: 'read_file' },
  { exposedName: 'mcp_issues_search', serverId: 'issues', toolName: 'search' },
] as const

/**
 * The turns of a long conversation as the chat writes them: the user's message, the turn's start, then
 * either a markdown answer or (about one turn in three) a short remark, a tool call with its result and a
 * markdown answer, then the turn's end. Some calls fail or are denied, so every result state's look is on
 * the page. Stops once `messages` rows are written, the last one an answer carrying LAST_MESSAGE_MARKER.
 */
function* turnRecords(
  messages: number,
  random: Random,
  ulid: () => string,
): Generator<TranscriptRecordInput> {
  let written = 0
  for (let turn = 0; written < messages; turn++) {
    const turnId = ulid()
    yield { type: 'user', turnId, text: userQuestion(random, turn) }
    written += 1
    yield { type: 'turn', turnId, status: 'started' }
    const left = messages - written
    let step = 0
    if (left >= 3 && random() < 0.35) {
      const tool = TOOLS[Math.floor(random() * TOOLS.length)]!
      const callId = `call_${turn}`
      yield { type: 'assistant', turnId, step, text: 'Let me look that up first.' }
      yield { type: 'tool_call', turnId, callId, ...tool, arguments: toolArguments(random, tool.toolName) }
      const roll = random()
      const state = roll < 0.85 ? 'completed' : roll < 0.93 ? 'failed' : 'denied'
      yield {
        type: 'tool_result',
        turnId,
        callId,
        state,
        text:
          state === 'denied' ? 'The user denied this call.' : toolResultText(random, tool.toolName, state),
        attachments: [],
      }
      written += 2
      step += 1
    }
    const last = written + 1 >= messages
    const answer = markdownAnswer(random, turn)
    yield { type: 'assistant', turnId, step, text: last ? `${answer}\n\n${LAST_MESSAGE_MARKER}` : answer }
    written += 1
    yield { type: 'turn', turnId, status: 'completed' }
  }
}

/**
 * Writes a conversation of `messages` rows into `transcriptsDir` with the app's own TranscriptStore (so
 * the file is exactly what the chat would have written, fsync per record included), stamping records a
 * few seconds apart over the last days.
 */
export function writeLongTranscript(transcriptsDir: string, messages: number, seed = 12): LongTranscript {
  const random: Random = seededRandom(seed)
  let clock = Date.UTC(2026, 0, 5, 9, 0, 0)
  const now = () => new Date((clock += 1000 + Math.floor(random() * 20_000)))
  const ulid = createUlidGenerator({ now: () => clock })
  const store = new TranscriptStore(transcriptsDir, { now })
  const id = ulid()
  const title = `Benchmark: ${messages.toLocaleString('en-US')} messages`
  store.append(id, { type: 'meta', title, model: 'mock/mock-model' })
  let records = 1
  for (const record of turnRecords(messages, random, ulid)) {
    store.append(id, record)
    records += 1
  }
  const loaded = store.load(id)
  if (loaded.warnings.length > 0)
    throw new Error(`the written transcript does not load: ${loaded.warnings[0]}`)
  return { id, title, messages, records, bytes: store.stat(id)?.size ?? 0, loaded: loaded.records }
}
