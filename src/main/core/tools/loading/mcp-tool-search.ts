import { z } from 'zod'
import type { LocalChatTool } from '../local-tool'
import type { ToolCallOutcome } from '../tool-call-outcome'
import type { Catalog } from './tool-catalog'
import type { TurnToolScope } from './turn-tool-scope'
import type { SearchRanking } from '../../../../shared/tools/semantic-status'

export const TOOL_SEARCH_NAME = 'mcp_tool_search'
export const DEFAULT_SEARCH_LIMIT = 8
export const MAX_SEARCH_LIMIT = 20
/** A result's description is cut here: enough to choose, never a way to smuggle a page into the context. */
const RESULT_DESCRIPTION_LIMIT = 1000

const argumentsSchema = z
  .object({
    query: z
      .string()
      .trim()
      .min(1, 'query must not be empty')
      .max(500, 'query is longer than 500 characters'),
    limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional(),
  })
  .strict()

export interface SearchHit {
  key: string
  description: string
  score: number
}

export interface ToolSearchToolDeps {
  catalog: Catalog
  scope: TurnToolScope
  /** The tools this search may return (the catalog's). */
  searchable: ReadonlySet<string>
  search: (
    query: string,
    limit: number,
    only: ReadonlySet<string>,
  ) => Promise<{ hits: SearchHit[]; ranking: SearchRanking }>
  /** The fingerprint of the catalog as the servers list it now. */
  currentFingerprint: () => string
}

const INTRO =
  'Searches the MCP tools connected to MCP Desk, whose definitions are not loaded yet. Describe what you ' +
  'need in a few words (e.g. "create a calendar event"); the tools found become callable in your next ' +
  "step. Results give each tool's name, description and score."

/** `mcp_tool_search` for one turn: a local tool whose description carries the turn's catalog. */
export function createToolSearchTool(deps: ToolSearchToolDeps): LocalChatTool {
  return {
    name: TOOL_SEARCH_NAME,
    description: `${INTRO}\n\n${deps.catalog.text}`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What the tool should do, in a few words' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_SEARCH_LIMIT,
          description: `How many tools to return (default ${DEFAULT_SEARCH_LIMIT})`,
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
    run: (args, signal) => runSearch(deps, args, signal),
  }
}

async function runSearch(
  deps: ToolSearchToolDeps,
  args: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ToolCallOutcome> {
  const parsed = argumentsSchema.safeParse(args)
  if (!parsed.success) {
    const why = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`)
    return failed(
      `${TOOL_SEARCH_NAME} takes {"query": string, "limit"?: 1-${MAX_SEARCH_LIMIT}}; ${why.join('; ')}`,
    )
  }
  if (signal.aborted) return failed('the search was cancelled')
  const { query, limit = DEFAULT_SEARCH_LIMIT } = parsed.data
  const { hits, ranking } = await deps.search(query, limit, deps.searchable)
  if (signal.aborted) return failed('the search was cancelled')
  const fingerprint = deps.currentFingerprint()
  const load = deps.scope.load(
    hits.map((hit) => hit.key),
    fingerprint,
  )
  const answer = {
    results: hits.map((hit) => ({
      name: hit.key,
      description: cut(hit.description),
      score: Math.round(hit.score * 1000) / 1000,
    })),
    ...(load.ignored
      ? { note: `Nothing was loaded: ${load.ignored}.` }
      : {
          callableNextStep: load.loaded,
          ...(load.skipped.length > 0 ? { notLoaded: load.skipped } : {}),
        }),
    ...(hits.length === 0 ? { hint: 'No tool matched; try other words for the action or the object.' } : {}),
  }
  return {
    state: 'completed',
    text: JSON.stringify(answer, null, 2),
    attachments: [],
    // For the transcript only: which catalog this search saw and what it found.
    metadata: {
      catalogFingerprint: fingerprint,
      found: hits.map((hit) => hit.key),
      loaded: load.loaded,
      ranking,
    },
  }
}

function failed(text: string): ToolCallOutcome {
  return { state: 'failed', text, attachments: [], metadata: {} }
}

function cut(text: string): string {
  const characters = [...text]
  return characters.length <= RESULT_DESCRIPTION_LIMIT
    ? text
    : `${characters.slice(0, RESULT_DESCRIPTION_LIMIT - 1).join('')}…`
}
