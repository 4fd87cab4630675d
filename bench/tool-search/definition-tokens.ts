import { describeToolForModel } from '../../src/main/core/mcp/discovery/tool-naming'
import { createToolSearchTool, TOOL_SEARCH_NAME } from '../../src/main/core/tools/loading/mcp-tool-search'
import { estimateDefinitionTokens, estimateTokens } from '../../src/main/core/tools/loading/token-estimate'
import {
  buildCatalog,
  CATALOG_UNTRUSTED_LINE,
  catalogBudget,
  type Catalog,
  type CatalogTool,
} from '../../src/main/core/tools/loading/tool-catalog'
import { TurnToolScope } from '../../src/main/core/tools/loading/turn-tool-scope'
import type { SearchableTool } from '../../src/main/core/tools/search/tool-search-index'

/**
 * Tokens of the tool definitions a request carries, measured with the app's own code: the catalog from
 * `buildCatalog`, the `mcp_tool_search` definition from `createToolSearchTool`, MCP tool descriptions from
 * `describeToolForModel`, and `estimateDefinitionTokens` (characters / 4 of each tool as a Chat Completions
 * request carries it). Good for comparing "on" and "off", not for billing.
 */

/**
 * The usable input window the catalog is budgeted against: a 128k-token model less 4 096 tokens kept for
 * the answer, a common configuration. 10% of it is under the 20 000-token cap, so the cap does not decide.
 */
export const BENCH_USABLE_WINDOW = 128_000 - 4_096

/** A tool as the host offers it to the model (as `turnToolOf` in live-tool-index.ts builds it). */
export function mcpToolDefinition(tool: SearchableTool): CatalogTool {
  return {
    name: tool.key,
    description: describeToolForModel(tool.serverName, tool.name, tool.description),
    inputSchema: tool.inputSchema,
  }
}

function searchToolTokens(catalog: Catalog, names: readonly string[]): number {
  const scope = new TurnToolScope({
    alwaysActive: [TOOL_SEARCH_NAME],
    searchable: names,
    fingerprint: catalog.fingerprint,
    searchToolName: TOOL_SEARCH_NAME,
  })
  const tool = createToolSearchTool({
    catalog,
    scope,
    searchable: new Set(names),
    // Only the definition is measured; the bench never runs this tool.
    search: () => Promise.resolve({ hits: [], ranking: 'lexical' as const }),
    currentFingerprint: () => catalog.fingerprint,
  })
  return estimateDefinitionTokens({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
  })
}

/**
 * The catalog text with every tool's description, as `buildCatalog` would write it without its budget
 * (which it never lifts): built in chunks small enough to fit, keeping each chunk's tool lines.
 */
function catalogWithDescriptions(definitions: readonly CatalogTool[]): string {
  const lines: string[] = [CATALOG_UNTRUSTED_LINE]
  const chunk = 20
  for (let start = 0; start < definitions.length; start += chunk) {
    const part = buildCatalog(definitions.slice(start, start + chunk), {
      usableWindow: undefined,
      contextTokens: 0,
    })
    if (part.format !== 'descriptions')
      throw new Error('a catalog chunk of 20 tools did not fit with descriptions')
    lines.push(...part.text.split('\n').slice(1))
  }
  return lines.join('\n')
}

export interface TokenComparison {
  usableWindow: number
  off: number
  catalogFormat: Catalog['format']
  catalogListed: number
  catalogOmitted: number
  catalogBudget: number
  /** Tokens of the catalog text with names and descriptions, whether or not it fit the budget. */
  fullCatalog: number
  searchTool: number
  /** Search tool + the loaded tools, averaged over the queries. */
  onAverage: number
  onMax: number
  saving: number
}

/** Definition tokens per request: every tool (off) against the search tool + `loaded(query)` (on). */
export function compareDefinitionTokens(
  tools: readonly SearchableTool[],
  loadedPerQuery: ReadonlyArray<readonly SearchableTool[]>,
  usableWindow = BENCH_USABLE_WINDOW,
): TokenComparison {
  const definitions = tools.map(mcpToolDefinition)
  const tokensOf = new Map(
    definitions.map((definition) => [definition.name, estimateDefinitionTokens(definition)]),
  )
  const off = [...tokensOf.values()].reduce((sum, n) => sum + n, 0)
  const catalog = buildCatalog(definitions, { usableWindow, contextTokens: 0 })
  const fullCatalog = estimateTokens(catalogWithDescriptions(definitions))
  const searchTool = searchToolTokens(
    catalog,
    definitions.map((definition) => definition.name),
  )
  const on = loadedPerQuery.map(
    (loaded) => searchTool + loaded.reduce((sum, tool) => sum + (tokensOf.get(tool.key) ?? 0), 0),
  )
  const onAverage = on.reduce((sum, n) => sum + n, 0) / Math.max(1, on.length)
  return {
    usableWindow,
    off,
    catalogFormat: catalog.format,
    catalogListed: catalog.listed,
    catalogOmitted: catalog.omitted,
    catalogBudget: catalogBudget(usableWindow),
    fullCatalog,
    searchTool,
    onAverage,
    onMax: Math.max(0, ...on),
    saving: 1 - onAverage / off,
  }
}
