import { z } from 'zod'
import type { TranscriptRecord } from '../../../shared/chat/transcript-schema'

type ToolCallRecord = Extract<TranscriptRecord, { type: 'tool_call' }>
type ToolResultRecord = Extract<TranscriptRecord, { type: 'tool_result' }>

/** The host's own tools are recorded with this server id; they have no server and no destination. */
export const LOCAL_SERVER_ID = '@local'
export const TOOL_SEARCH_NAME = 'mcp_tool_search'

/** True for a call of the host's `mcp_tool_search`, which the transcript shows as a "Tool search" row. */
export function isToolSearchCall(call: ToolCallRecord): boolean {
  return call.serverId === LOCAL_SERVER_ID && call.exposedName === TOOL_SEARCH_NAME
}

// Read leniently: a transcript outlives the host version that wrote it, and anything that does not fit is
// still shown as raw text instead of being dropped.
const argumentsSchema = z.object({ query: z.string(), limit: z.number().optional() })

const answerSchema = z.object({
  results: z.array(z.object({ name: z.string(), description: z.string().catch('') })),
  callableNextStep: z.array(z.string()).optional(),
  notLoaded: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
  note: z.string().optional(),
  hint: z.string().optional(),
})

const metadataSchema = z.object({ loaded: z.array(z.string()) })

export interface FoundTool {
  name: string
  description: string
  /** Callable in the model's next step. */
  loaded: boolean
  /** Why a found tool was not loaded (e.g. the per-turn limit was reached). */
  notLoadedReason?: string
}

export interface ToolSearchAnswer {
  found: FoundTool[]
  /** Why nothing was loaded (the catalog changed since the turn began). */
  note?: string
  /** Advice the model got when nothing matched. */
  hint?: string
}

export interface ToolSearchView {
  /** Undefined when the model sent arguments without a query (the row then shows them raw). */
  query?: string
  limit?: number
  /** Undefined without a result, or when the result is not the search's answer (a failed search's reason). */
  answer?: ToolSearchAnswer
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * What a search row shows. Which tools were loaded comes from the result's metadata (what the host did),
 * falling back to the answer's `callableNextStep` (what the model was told) for a record without it.
 */
export function toolSearchView(call: ToolCallRecord, result?: ToolResultRecord): ToolSearchView {
  const args = argumentsSchema.safeParse(call.arguments)
  const view: ToolSearchView = args.success
    ? { query: args.data.query, ...(args.data.limit !== undefined ? { limit: args.data.limit } : {}) }
    : {}
  if (!result || result.state !== 'completed') return view
  const answer = answerSchema.safeParse(parseJson(result.text))
  if (!answer.success) return view
  const metadata = metadataSchema.safeParse(result.metadata)
  const loaded = new Set(metadata.success ? metadata.data.loaded : (answer.data.callableNextStep ?? []))
  const skipped = new Map((answer.data.notLoaded ?? []).map((entry) => [entry.name, entry.reason]))
  const found = answer.data.results.map((tool): FoundTool => {
    const reason = skipped.get(tool.name)
    return {
      name: tool.name,
      description: tool.description,
      loaded: loaded.has(tool.name),
      ...(reason !== undefined ? { notLoadedReason: reason } : {}),
    }
  })
  return {
    ...view,
    answer: {
      found,
      ...(answer.data.note !== undefined ? { note: answer.data.note } : {}),
      ...(answer.data.hint !== undefined ? { hint: answer.data.hint } : {}),
    },
  }
}
