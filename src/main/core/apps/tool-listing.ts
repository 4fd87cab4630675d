import type { Client, RequestOptions } from '@modelcontextprotocol/client'
import type { McpLimits } from '../../../shared/settings/settings-schema'
import type { ToolInfo } from '../../../shared/mcp/server-state'
import { discoverToolList } from '../mcp/discovery/discover-tools'
import { toToolInfo } from '../mcp/discovery/tool-naming'
import { readToolViews, type ReadView } from './view-resources'

export interface ServerToolListing {
  tools: ToolInfo[]
  /** The views the tools name, read now: their HTML goes to the connection's cache, not to ServerState. */
  views: Map<string, ReadView>
  ttlMs: number | undefined
}

/**
 * One listing of a server's tools as the rug-pull guard judges it: tools/list under the discovery limits,
 * then the views the tools name (MCP Apps), under the same deadline, so a changed view is a changed tool.
 */
export async function listServerTools(
  client: Client,
  serverId: string,
  limits: McpLimits,
  options: Pick<RequestOptions, 'signal' | 'timeout'>,
): Promise<ServerToolListing> {
  const listed = await discoverToolList(client, limits, options.signal ? { signal: options.signal } : {})
  const read = await readToolViews(client, toToolInfo(serverId, listed.tools), options)
  return { tools: read.tools, views: read.views, ttlMs: listed.ttlMs }
}
