import { readFileSync, statSync } from 'node:fs'
import type { ServerState } from '../../shared/mcp/server-state'
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from '../../main/core/tools/loading/mcp-tool-search'
import { LiveToolIndex } from '../../main/core/tools/loading/live-tool-index'
import { outputOf, UsageError, type CliIo, type CliOutput } from '../cli-io'
import { firstLine, terminalText } from '../format/terminal-text'
import { withServerSession } from '../server-session'

/** A query file is read whole; past this it is not a list of queries. */
export const QUERY_FILE_MAX_BYTES = 1024 * 1024

export interface ToolsSearchOptions {
  query: string | undefined
  /** --limit as typed. */
  limit: string | undefined
  json: boolean
  /** --query-file: one query per line (blank lines and `#` comments skipped) → one JSON line each. */
  queryFile: string | undefined
}

interface ResultRow {
  name: string
  server: string
  tool: string
  description: string
  score: number
}

/**
 * `mcp-desk tools search`: the search the model's `mcp_tool_search` runs, over the tools of every enabled
 * server (connected for the command). With --query-file it answers each line as one JSON line, for
 * scripted evaluation of the ranking.
 */
export function searchTools(home: string, options: ToolsSearchOptions, io: CliIo): Promise<number> {
  const limit = parseLimit(options.limit)
  const queries = queriesOf(options)
  const out = outputOf(io)
  return withServerSession(home, io, async ({ servers }) => {
    await servers.start()
    const states = servers.list()
    reportUnavailable(states, out)
    const search = new LiveToolIndex(servers)
    try {
      const serverOf = serverLookup(states)
      const rows = (query: string): ResultRow[] =>
        search.search(query, limit).map((hit) => ({
          name: hit.key,
          server: serverOf.get(hit.key) ?? '',
          tool: hit.name,
          description: hit.description,
          score: Math.round(hit.score * 1000) / 1000,
        }))
      if (options.queryFile !== undefined) {
        for (const query of queries) out.print(JSON.stringify({ query, results: rows(query) }))
        return 0
      }
      const [query = ''] = queries
      const results = rows(query)
      if (options.json) {
        out.print(JSON.stringify(results, null, 2))
      } else if (results.length === 0) {
        out.warn(`No tool matched "${firstLine(query)}" among ${toolCount(states)} tools.`)
      } else {
        for (const row of results) {
          out.print(`${row.score.toFixed(3)}  ${terminalText(row.name)}  (${terminalText(row.server)})`)
          out.print(`       ${terminalText(firstLine(row.description))}`)
        }
      }
      return 0
    } finally {
      search.dispose()
    }
  })
}

function parseLimit(text: string | undefined): number {
  if (text === undefined) return DEFAULT_SEARCH_LIMIT
  const limit = Number(text)
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    throw new UsageError(
      `--limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, not "${firstLine(text)}"`,
    )
  }
  return limit
}

function queriesOf(options: ToolsSearchOptions): string[] {
  if (options.queryFile === undefined) {
    const query = options.query?.trim() ?? ''
    if (query === '')
      throw new UsageError('tools search needs a query, e.g. mcp-desk tools search "create an issue"')
    return [query]
  }
  if (options.query !== undefined) throw new UsageError('give either a query or --query-file, not both')
  let size: number
  try {
    size = statSync(options.queryFile).size
  } catch (error) {
    throw new UsageError(`cannot read --query-file ${options.queryFile}: ${(error as Error).message}`)
  }
  if (size > QUERY_FILE_MAX_BYTES) {
    throw new UsageError(
      `--query-file ${options.queryFile} is larger than 1 MiB; it should hold one query per line`,
    )
  }
  return readFileSync(options.queryFile, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
}

function reportUnavailable(states: readonly ServerState[], out: CliOutput): void {
  for (const state of states) {
    if (state.status !== 'failed') continue
    out.warn(
      `Server "${firstLine(state.name)}" (${state.id}) is not available: ` +
        `${firstLine(state.failure?.reason ?? 'it failed to connect')}; its tools are not searched`,
    )
  }
}

function serverLookup(states: readonly ServerState[]): Map<string, string> {
  const byKey = new Map<string, string>()
  for (const state of states) for (const tool of state.tools) byKey.set(tool.exposedName, state.id)
  return byKey
}

function toolCount(states: readonly ServerState[]): number {
  return states.reduce((sum, state) => sum + (state.status === 'connected' ? state.tools.length : 0), 0)
}
