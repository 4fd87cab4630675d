import { readFileSync, statSync } from 'node:fs'
import type { ServerState } from '../../shared/mcp/server-state'
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from '../../main/core/tools/loading/mcp-tool-search'
import { LiveToolIndex } from '../../main/core/tools/loading/live-tool-index'
import { ProviderService } from '../../main/core/models/provider-service'
import { createSemanticLayer } from '../../main/core/tools/semantic/create-semantic-layer'
import type { SemanticToolLayer } from '../../main/core/tools/semantic/semantic-layer'
import type { SearchRanking, SemanticStatus } from '../../shared/tools/semantic-status'
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
  /** Wait until every tool has its vector (default); --no-wait searches at once. */
  wait?: boolean
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
  return withServerSession(home, io, async ({ profile, servers }) => {
    await servers.start()
    const states = servers.list()
    reportUnavailable(states, out)
    const semantic = createSemanticLayer({
      settings: profile.settings,
      providers: new ProviderService(profile.settings, profile.secrets),
      cacheDir: profile.paths.toolVectorsDir,
      log: () => {},
      // The command searches whatever the chat's search mode is.
      followsSearchMode: false,
      // A one-shot command has time: its queries get their vectors even on a busy machine.
      queryTimeoutMs: 10_000,
    })
    const search = new LiveToolIndex(servers, semantic)
    try {
      if (options.wait !== false) await waitForVectors(semantic, out)
      const serverOf = serverLookup(states)
      const answer = async (query: string): Promise<Answer> => {
        const result = await search.search(query, limit)
        return {
          ranking: result.ranking,
          ...(result.note === undefined ? {} : { note: result.note }),
          results: result.hits.map((hit) => ({
            name: hit.key,
            server: serverOf.get(hit.key) ?? '',
            tool: hit.name,
            description: hit.description,
            score: Math.round(hit.score * 1000) / 1000,
          })),
        }
      }
      if (options.queryFile !== undefined) {
        for (const query of queries) out.print(JSON.stringify({ query, ...(await answer(query)) }))
        return 0
      }
      const [query = ''] = queries
      const { results, ranking, note } = await answer(query)
      if (options.json) {
        out.print(JSON.stringify({ ranking, ...(note === undefined ? {} : { note }), results }, null, 2))
      } else if (results.length === 0) {
        out.warn(`No tool matched "${firstLine(query)}" among ${toolCount(states)} tools.`)
      } else {
        if (ranking !== 'fused') out.warn(`Ranked by words${note === undefined ? '' : ` (${note})`}.`)
        for (const row of results) {
          out.print(`${row.score.toFixed(3)}  ${terminalText(row.name)}  (${terminalText(row.server)})`)
          out.print(`       ${terminalText(firstLine(row.description))}`)
        }
      }
      return 0
    } finally {
      search.dispose()
      // What this command embedded is kept for the next one, and for the app.
      await semantic.whenFlushed()
    }
  })
}

interface Answer {
  ranking: SearchRanking
  note?: string
  results: ResultRow[]
}

/**
 * A one-shot command has nothing else to do: it waits until the tools' vectors are ready (read from the
 * cache, or computed), saying how far it is on stderr, so its answer is the fused ranking.
 */
async function waitForVectors(semantic: SemanticToolLayer, out: CliOutput): Promise<void> {
  let last = ''
  const report = (status: SemanticStatus): void => {
    const line =
      status.state === 'starting'
        ? 'Search by meaning: loading the embedding model…'
        : status.state === 'embedding'
          ? `Search by meaning: ${status.ready} of ${status.total} tools embedded…`
          : ''
    // Progress in steps of a tenth, not a line per batch.
    const step = status.state === 'embedding' ? Math.floor((10 * status.ready) / status.total) : -1
    const key = `${status.state}:${step}`
    if (line === '' || key === last) return
    last = key
    out.warn(line)
  }
  report(semantic.status())
  const stop = semantic.subscribe(report)
  try {
    const settled = await semantic.whenSettled()
    if (settled.note !== undefined) out.warn(settled.note)
  } finally {
    stop()
  }
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
