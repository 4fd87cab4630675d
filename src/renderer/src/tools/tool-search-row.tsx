import type { TranscriptRecord } from '../../../shared/chat/transcript-schema'
import { prettyArguments, resultStateLabels } from '../chat/chat-model'
import { toolSearchView, type FoundTool, type ToolSearchAnswer } from './tool-search-model'
import type { ToolCallProgress } from '../chat/tool-call-row'

type ToolCallRecord = Extract<TranscriptRecord, { type: 'tool_call' }>
type ToolResultRecord = Extract<TranscriptRecord, { type: 'tool_result' }>

// The search runs inside MCP Desk, never at a server or behind an approval card.
const progressLabels: Record<ToolCallProgress, string> = {
  approval: 'Waiting',
  running: 'Searching…',
  missing: 'No result recorded',
}

function FoundToolItem({ tool }: { tool: FoundTool }) {
  return (
    <li className="tool-search-tool" data-loaded={tool.loaded}>
      <div className="tool-search-tool-head">
        <code className="tool-search-tool-name">{tool.name}</code>
        {tool.loaded && (
          <span className="badge badge--calm" data-testid="tool-search-mark">
            loaded for the next step
          </span>
        )}
        {tool.notLoadedReason !== undefined && (
          <span className="tool-search-skipped" data-testid="tool-search-mark">
            not loaded: {tool.notLoadedReason}
          </span>
        )}
      </div>
      {tool.description !== '' && <p className="tool-search-tool-description">{tool.description}</p>}
    </li>
  )
}

function Answer({ answer }: { answer: ToolSearchAnswer }) {
  return (
    <>
      {answer.found.length > 0 ? (
        <ul className="tool-search-tools" aria-label="Tools found">
          {answer.found.map((tool) => (
            <FoundToolItem key={tool.name} tool={tool} />
          ))}
        </ul>
      ) : (
        <p className="hint" data-testid="tool-search-empty">
          {answer.hint ?? 'No tool matched.'}
        </p>
      )}
      {answer.note !== undefined && (
        <p className="tool-search-note" data-testid="tool-search-note">
          {answer.note}
        </p>
      )}
    </>
  )
}

/**
 * A call of the host's `mcp_tool_search` as one compact row: what the model searched for, the tools it
 * found and which of them it may call in its next step, or why nothing was loaded. It names no server or
 * destination, since nothing left MCP Desk; the exact JSON stays one click away.
 */
export function ToolSearchRow({
  call,
  result,
  progress,
}: {
  call: ToolCallRecord
  result?: ToolResultRecord
  progress: ToolCallProgress
}) {
  const view = toolSearchView(call, result)
  const state = result?.state ?? progress
  const label = result ? resultStateLabels[result.state].label : progressLabels[progress]
  const about = view.query !== undefined ? `Tool search for “${view.query}”` : 'Tool search'
  return (
    <div
      className={`tool-call tool-search tool-call--${state} selectable`}
      data-testid="tool-search"
      data-state={state}
      role="group"
      aria-label={`${about}: ${label}`}
    >
      <div className="tool-call-head">
        <span className="tool-call-kind">Tool search</span>
        {view.query !== undefined && (
          <q className="tool-search-query" data-testid="tool-search-query">
            {view.query}
          </q>
        )}
        {view.limit !== undefined && <span className="tool-search-limit">up to {view.limit}</span>}
        <span className={`tool-call-state tool-call-state--${state}`} data-testid="tool-call-state">
          {label}
        </span>
      </div>
      {view.answer ? (
        <Answer answer={view.answer} />
      ) : (
        result?.text && (
          <pre className="tool-call-output" tabIndex={0} aria-label="Result">
            {result.text}
          </pre>
        )
      )}
      <details className="disclosure">
        <summary>Full JSON</summary>
        <p className="tool-search-json-label">Arguments</p>
        <pre className="tool-call-output">{prettyArguments(call.arguments)}</pre>
        {view.answer && result && (
          <>
            <p className="tool-search-json-label">What the model was told</p>
            <pre className="tool-call-output" data-testid="tool-search-json">
              {result.text}
            </pre>
          </>
        )}
        {result?.metadata && (
          <>
            <p className="tool-search-json-label">Metadata (kept here, not sent to the model)</p>
            <pre className="tool-call-output">{JSON.stringify(result.metadata, null, 2)}</pre>
          </>
        )}
      </details>
    </div>
  )
}
