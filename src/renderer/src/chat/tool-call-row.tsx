import type { AttachmentSummary, TranscriptRecord } from '../../../shared/chat/transcript-schema'
import { describeInputRound } from '../../../shared/mcp/input-origin'
import { prettyArguments, resultLabel, type LiveRounds } from './chat-model'
import { formatBytes } from '../models/model-labels'
import { useAppState } from '../app/store-context'
import { hasView, ToolResultView } from '../apps/tool-result-view'

type ToolCallRecord = Extract<TranscriptRecord, { type: 'tool_call' }>
type ToolResultRecord = Extract<TranscriptRecord, { type: 'tool_result' }>

/** Where a call without a result stands: at the user's card, at the server, or nowhere (the turn ended). */
export type ToolCallProgress = 'approval' | 'running' | 'missing'

const progressLabels: Record<ToolCallProgress, string> = {
  approval: 'Waiting for your approval',
  running: 'Running',
  missing: 'No result recorded',
}

const kindLabels: Record<AttachmentSummary['kind'], string> = {
  image: 'Image',
  audio: 'Audio',
  resource: 'Resource',
  binary: 'Binary',
}

function attachmentText(attachment: AttachmentSummary): string {
  return [
    kindLabels[attachment.kind],
    attachment.name,
    attachment.mimeType,
    attachment.bytes !== undefined ? formatBytes(attachment.bytes) : undefined,
    attachment.uri,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ')
}

function Attachments({ attachments }: { attachments: AttachmentSummary[] }) {
  if (attachments.length === 0) return null
  return (
    <ul className="tool-call-attachments" aria-label="Attachments">
      {attachments.map((attachment, index) => (
        <li key={index} className="tool-call-attachment">
          {attachmentText(attachment)}
        </li>
      ))}
    </ul>
  )
}

/** The largest result that is parsed to be shown as indented JSON; a bigger one is shown as it came. */
const MAX_JSON_CHARS = 256 * 1024

/** A result that is one line of JSON is shown indented; any other text as the server wrote it. */
export function readableResult(text: string): string {
  const trimmed = text.trim()
  if (trimmed.length > MAX_JSON_CHARS || !/^[[{]/.test(trimmed) || trimmed.includes('\n')) return text
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2)
  } catch {
    return text
  }
}

/**
 * What the server answered; denied and unknown results only hold what the model was told, so they fold, and
 * so does the text of a result whose view is shown above it.
 */
function ResultBody({ result, viewShown = false }: { result: ToolResultRecord; viewShown?: boolean }) {
  const folded = result.state === 'denied' || result.state === 'unknown'
  const output = result.text ? (
    <pre className="tool-call-output" tabIndex={0} aria-label="Result">
      {readableResult(result.text)}
    </pre>
  ) : null
  return (
    <>
      {folded
        ? output && (
            <details className="disclosure">
              <summary>What the model was told</summary>
              {output}
            </details>
          )
        : output && (
            <details className="disclosure" open={!viewShown}>
              <summary>Result</summary>
              {output}
            </details>
          )}
      {!folded && !output && <p className="hint">The server returned no text.</p>}
      <Attachments attachments={result.attachments} />
      {result.metadata && (
        <details className="disclosure">
          <summary>Server metadata (kept here, not sent to the model)</summary>
          <pre className="tool-call-output">{JSON.stringify(result.metadata, null, 2)}</pre>
        </details>
      )}
    </>
  )
}

/**
 * One MCP call in the transcript with its result. Each result state has its own look and words: completed,
 * failed, denied, unknown (amber, the server may have acted) and output_limit (truncated at 64 KiB).
 */
export function ToolCallRow({
  call,
  result,
  progress,
  rounds,
}: {
  call: ToolCallRecord
  result?: ToolResultRecord
  progress: ToolCallProgress
  /** While it runs: the input round its server is in (2026-07-28 MRTR) and what it asked for. */
  rounds?: LiveRounds | undefined
}) {
  const state = result?.state ?? progress
  const label = result ? resultLabel(result) : { label: progressLabels[progress] }
  // Named as people read it ("echo · Probe"); the name the model used stays in the tooltip.
  const serverName =
    useAppState((app) => app.servers.find((server) => server.id === call.serverId)?.name) ?? call.serverId
  return (
    <div
      className={`tool-call tool-call--${state} selectable`}
      data-testid="tool-call"
      data-state={state}
      role="group"
      aria-label={`Tool call ${call.toolName} on ${serverName}: ${label.label}`}
    >
      <div className="tool-call-head">
        <span className="tool-call-kind">Tool call</span>
        <span
          className="tool-call-name"
          data-testid="tool-call-name"
          title={`${call.exposedName}: ${call.toolName} on server ${serverName}`}
        >
          <code>{call.toolName}</code>
          <span className="tool-call-server"> · {serverName}</span>
        </span>
        <span className={`tool-call-state tool-call-state--${state}`} data-testid="tool-call-state">
          {label.label}
        </span>
      </div>
      {!result && progress === 'running' && rounds && (
        <p className="tool-call-round" data-testid="tool-call-round" role="status">
          {describeInputRound(rounds.round, rounds.asked)}
        </p>
      )}
      {result?.inputRounds !== undefined && (
        <p className="tool-call-round" data-testid="tool-call-rounds">
          {result.inputRounds === 1
            ? 'The server asked for input once before answering.'
            : `The server asked for input in ${result.inputRounds} rounds before answering.`}
        </p>
      )}
      {label.explanation && (
        <p className="tool-call-explanation" data-testid="tool-call-explanation">
          {label.explanation}
        </p>
      )}
      <details className="disclosure">
        <summary>Arguments</summary>
        <pre className="tool-call-output">{prettyArguments(call.arguments)}</pre>
      </details>
      {result &&
        (hasView(result) ? (
          <ToolResultView
            call={call}
            result={result}
            textResult={(viewShown) => <ResultBody result={result} viewShown={viewShown} />}
          />
        ) : (
          <ResultBody result={result} />
        ))}
    </div>
  )
}
