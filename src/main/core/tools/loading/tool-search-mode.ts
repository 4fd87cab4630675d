import type { ModelCapabilities } from '../../../../shared/models/model-schema'
import type { ToolSearchMode } from '../../../../shared/settings/settings-schema'
import { estimateDefinitionTokens, type ToolDefinitionText } from './token-estimate'

/** `auto` turns search on past this share of the model's input window spent on MCP tool definitions… */
export const AUTO_DEFINITION_SHARE = 0.1
/** …or past this many MCP tools (selection degrades past 30–50 tools whatever their size). */
export const AUTO_MAX_TOOLS = 40

/**
 * The input window a request may fill: the context window less the room kept for the answer (at most half
 * the window, which is also what is kept when the model's max output is unknown). Undefined when the
 * context window is unknown: no made-up window decides anything.
 */
export function usableInputWindow(
  capabilities: Pick<ModelCapabilities, 'contextWindow' | 'maxOutputTokens'>,
): number | undefined {
  const { contextWindow, maxOutputTokens } = capabilities
  if (contextWindow === undefined) return undefined
  return Math.max(1, contextWindow - Math.min(maxOutputTokens ?? contextWindow / 2, contextWindow / 2))
}

export interface SearchDecision {
  on: boolean
  /** Why, in words for the log and the transcript note. */
  reason: string
  definitionTokens: number
}

/** Whether this request hides its MCP tools behind `mcp_tool_search`. */
export function decideToolSearch(
  mode: ToolSearchMode,
  mcpTools: readonly ToolDefinitionText[],
  capabilities: Pick<ModelCapabilities, 'contextWindow' | 'maxOutputTokens'>,
): SearchDecision {
  const definitionTokens = mcpTools.reduce((sum, tool) => sum + estimateDefinitionTokens(tool), 0)
  if (mcpTools.length === 0) return { on: false, reason: 'no MCP tools are connected', definitionTokens }
  if (mode === 'off') return { on: false, reason: 'tool search is off', definitionTokens }
  if (mode === 'always') return { on: true, reason: 'tool search is always on', definitionTokens }
  const usable = usableInputWindow(capabilities)
  if (mcpTools.length > AUTO_MAX_TOOLS) {
    return {
      on: true,
      reason: `${mcpTools.length} MCP tools are more than ${AUTO_MAX_TOOLS}`,
      definitionTokens,
    }
  }
  if (usable === undefined) {
    return {
      on: false,
      reason: "the MCP tools fit the tool limit (the model's context window is unknown)",
      definitionTokens,
    }
  }
  if (definitionTokens > usable * AUTO_DEFINITION_SHARE) {
    const share = Math.round((definitionTokens / usable) * 100)
    return {
      on: true,
      reason: `the MCP tool definitions take about ${share}% of the model's input window (over 10%)`,
      definitionTokens,
    }
  }
  return { on: false, reason: 'the MCP tools fit the request', definitionTokens }
}
