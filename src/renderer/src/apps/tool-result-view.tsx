import { useState, type ReactNode } from 'react'
import type { TranscriptRecord } from '../../../shared/chat/transcript-schema'
import { useAppState } from '../app/store-context'
import { AppView } from './app-view'
import type { ViewDisplayMode } from './view-host-context'
import type { ViewInput } from './view-session'

type ToolCallRecord = Extract<TranscriptRecord, { type: 'tool_call' }>
type ToolResultRecord = Extract<TranscriptRecord, { type: 'tool_result' }>

/** The result has a view to show: only a completed call does (the others say what went wrong in text). */
export function hasView(result: ToolResultRecord | undefined): boolean {
  return result?.state === 'completed' && result.view !== undefined
}

function viewInput(call: ToolCallRecord, result: ToolResultRecord): ViewInput {
  const given = call.arguments
  const args =
    typeof given === 'object' && given !== null && !Array.isArray(given)
      ? (given as Record<string, unknown>)
      : {}
  const kept = result.view?.result
  return kept
    ? { arguments: args, result: kept }
    : { arguments: args, cancelled: result.view?.omitted ?? 'The result was not kept for the view.' }
}

/**
 * A completed call's view under its result: a header naming it, the way to full screen, then the view;
 * the text result stays, folded, below (`textResult`).
 */
export function ToolResultView({
  call,
  result,
  textResult,
}: {
  call: ToolCallRecord
  result: ToolResultRecord
  /** The text result, folded (`viewShown`) while the view shows it and open when the view cannot. */
  textResult: (viewShown: boolean) => ReactNode
}) {
  const conversationId = useAppState((state) => state.conversation?.id)
  const server = useAppState((state) => state.servers.find((entry) => entry.id === call.serverId))
  const tool = server?.tools.find((entry) => entry.name === call.toolName)
  const [displayMode, setDisplayMode] = useState<ViewDisplayMode>('inline')
  const [input] = useState(() => viewInput(call, result))
  const [problem, setProblem] = useState(false)
  const bordered = tool?.ui?.view?.prefersBorder !== false
  return (
    <>
      <section
        className={bordered ? 'tool-result-view tool-result-view--bordered' : 'tool-result-view'}
        aria-label={`View of ${tool?.title ?? call.toolName}`}
        data-testid="tool-result-view"
      >
        <div className="tool-result-view-head">
          <span className="tool-result-view-title">
            View of {tool?.title ?? call.toolName} · {server?.name ?? call.serverId}
          </span>
          <button
            type="button"
            className="button button--small"
            aria-label={`Show the view of ${tool?.title ?? call.toolName} full screen`}
            onClick={() => setDisplayMode('fullscreen')}
            disabled={displayMode === 'fullscreen'}
          >
            Full screen
          </button>
        </div>
        <AppView
          serverId={call.serverId}
          toolName={call.toolName}
          conversationId={conversationId}
          input={input}
          displayMode={displayMode}
          onDisplayMode={setDisplayMode}
          onProblem={setProblem}
          heightKey={`${call.turnId}/${call.callId}`}
        />
      </section>
      {textResult(!problem)}
    </>
  )
}
