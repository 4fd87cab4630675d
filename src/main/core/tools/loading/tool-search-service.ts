import type { ModelCapabilities } from '../../../../shared/models/model-schema'
import type { Settings } from '../../../../shared/settings/settings-schema'
import type { LocalChatTool } from '../local-tool'
import type { LiveToolIndex, TurnMcpTool } from './live-tool-index'
import { createToolSearchTool, TOOL_SEARCH_NAME } from './mcp-tool-search'
import { serverMapLines } from './server-map'
import { buildCatalog, type Catalog } from './tool-catalog'
import { decideToolSearch, usableInputWindow, type SearchDecision } from './tool-search-mode'
import { TurnToolScope } from './turn-tool-scope'

export interface TurnToolPlan {
  decision: SearchDecision
  /** Present when search is on for this turn. */
  search?: { tool: LocalChatTool; scope: TurnToolScope; catalog: Catalog }
}

/**
 * Tool search for chat (issue 8): plans each turn — whether the MCP tools hide behind `mcp_tool_search`
 * (the mode setting and the model's window decide), the catalog in its description, and the scope that
 * loads what the turn's searches find.
 */
export class ToolSearchService {
  constructor(
    private readonly deps: {
      index: LiveToolIndex
      settings: { get(): Pick<Settings, 'tools' | 'servers'> }
    },
  ) {}

  /** Decides search for one turn over the MCP tools the turn may use (already sorted by exposed name). */
  planTurn(input: {
    mcpTools: readonly TurnMcpTool[]
    capabilities: Pick<ModelCapabilities, 'contextWindow' | 'maxOutputTokens'>
    contextTokens: number
  }): TurnToolPlan {
    const settings = this.deps.settings.get()
    const decision = decideToolSearch(settings.tools.search, input.mcpTools, input.capabilities)
    if (!decision.on) return { decision }
    const alwaysLoadedServers = new Set(
      settings.servers.filter((server) => server.toolsAlwaysLoaded === true).map((server) => server.id),
    )
    const searchable = input.mcpTools.filter((tool) => !alwaysLoadedServers.has(tool.serverId))
    const alwaysLoaded = input.mcpTools.filter((tool) => alwaysLoadedServers.has(tool.serverId))
    const catalog = buildCatalog(
      searchable.map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
      })),
      {
        usableWindow: usableInputWindow(input.capabilities),
        contextTokens: input.contextTokens,
        serverMap: serverMapLines(
          searchable.map((tool) => ({
            serverId: tool.serverId,
            serverName: tool.serverName ?? tool.serverId,
            toolName: tool.toolName ?? tool.name,
          })),
        ),
      },
    )
    const searchableNames = new Set(searchable.map((tool) => tool.name))
    const scope = new TurnToolScope({
      alwaysActive: [TOOL_SEARCH_NAME, ...alwaysLoaded.map((tool) => tool.name)],
      searchable: searchableNames,
      fingerprint: catalog.fingerprint,
      searchToolName: TOOL_SEARCH_NAME,
    })
    const index = this.deps.index
    const tool = createToolSearchTool({
      catalog,
      scope,
      searchable: searchableNames,
      search: (query, limit, only) => index.search(query, limit, only),
      currentFingerprint: () => index.currentFingerprint(searchableNames),
    })
    return { decision, search: { tool, scope, catalog } }
  }
}
