import type { JSONSchema7 } from 'ai'
import type { ServerState } from '../../../shared/mcp/server-state'
import type { ModelCapabilities } from '../../../shared/models/model-schema'
import { LOCAL_TOOL_OWNER, type LocalChatTool } from '../tools/local-tool'
import type { ToolSearchService } from '../tools/loading/tool-search-service'
import type { TurnToolScope } from '../tools/loading/turn-tool-scope'
import { buildToolSet, type ToolProvenance } from '../tools/tool-set'
import type { ChatTurnTool } from './chat-turn'

export interface OfferedTool {
  tool: ChatTurnTool
  provenance: ToolProvenance
}

export interface TurnTools {
  /** Every tool of the turn, local first, then MCP by exposed name. */
  offered: OfferedTool[]
  /** The local tools of this turn (the search tool among them when search is on). */
  locals: readonly LocalChatTool[]
  /** Present when tool search is on: which tools each step offers. */
  scope?: TurnToolScope
  /** Why search is on or off, for the log. */
  searchReason?: string
}

/**
 * The tools of one turn. With tool search on (its mode and the model's window decide), `mcp_tool_search`
 * is the first local tool and the scope keeps the MCP tools hidden until a search of this turn finds them.
 */
export function assembleTurnTools(input: {
  localTools: readonly LocalChatTool[]
  servers: readonly ServerState[]
  log: (line: string) => void
  toolSearch: ToolSearchService | undefined
  capabilities: ModelCapabilities
  /** Tokens the request already uses, for the catalog's context-pressure rule. */
  contextTokens: number
}): TurnTools {
  const plain = offeredTools(input.localTools, input.servers, input.log)
  if (!input.toolSearch) return { offered: plain, locals: input.localTools }
  const mcpTools = plain.flatMap(({ tool, provenance }) =>
    provenance.kind === 'mcp'
      ? [
          {
            name: tool.exposedName,
            serverId: provenance.serverId,
            description: tool.description,
            inputSchema: tool.inputSchema,
            serverName: provenance.serverName,
            toolName: provenance.toolName,
          },
        ]
      : [],
  )
  const plan = input.toolSearch.planTurn({
    mcpTools,
    capabilities: input.capabilities,
    contextTokens: input.contextTokens,
  })
  if (!plan.search) return { offered: plain, locals: input.localTools, searchReason: plan.decision.reason }
  const locals = [plan.search.tool, ...input.localTools]
  return {
    // Built again so the search tool takes part in name-clash handling like any local tool.
    offered: offeredTools(locals, input.servers, input.log),
    locals,
    scope: plan.search.scope,
    searchReason: plan.decision.reason,
  }
}

function offeredTools(
  locals: readonly LocalChatTool[],
  servers: readonly ServerState[],
  log: (line: string) => void,
): OfferedTool[] {
  return buildToolSet(locals, servers, log).map((entry) => {
    const provenance = entry.provenance
    const target =
      provenance.kind === 'mcp'
        ? { serverId: provenance.serverId, toolName: provenance.toolName }
        : { serverId: LOCAL_TOOL_OWNER, toolName: entry.name }
    const tool: ChatTurnTool = {
      exposedName: entry.name,
      description: entry.description,
      inputSchema: entry.inputSchema as JSONSchema7,
      target,
    }
    return { tool, provenance }
  })
}
