import type { ServerState, ToolInfo } from '../../../shared/mcp/server-state'
import { describeToolForModel } from '../mcp/discovery/tool-naming'
import { isModelVisible } from '../../../shared/apps/view-schema'

/** A tool the host itself provides; its input schema is whatever the model adapter accepts. */
export interface LocalToolDefinition {
  name: string
  description: string
  inputSchema: unknown
}

/** Where a tool of the request comes from, so a call is routed (and, for MCP, approved) correctly. */
export type ToolProvenance =
  | { kind: 'local' }
  | {
      kind: 'mcp'
      serverId: string
      serverName: string
      /** The server's own name for the tool: what `tools/call` sends. */
      toolName: string
      /** Redacted command line or URL, as ServerState reports it. */
      destination: string
      /** The definition the model was offered, for the approval fingerprint and the card's annotations. */
      tool: ToolInfo
    }

export type McpToolProvenance = Extract<ToolProvenance, { kind: 'mcp' }>

export interface ToolSetEntry {
  /** The name the model sees and calls. */
  name: string
  description: string
  inputSchema: unknown
  provenance: ToolProvenance
}

export type ToolSetLog = (message: string) => void

/**
 * A fixed locale, so the order is the same on every machine and every request; ties (which localeCompare
 * may report for distinct strings) fall back to code-unit order and then the server id.
 */
function compareMcpEntries(a: ToolSetEntry, b: ToolSetEntry): number {
  const byLocale = a.name.localeCompare(b.name, 'en')
  if (byLocale !== 0) return byLocale
  if (a.name !== b.name) return a.name < b.name ? -1 : 1
  const serverA = a.provenance.kind === 'mcp' ? a.provenance.serverId : ''
  const serverB = b.provenance.kind === 'mcp' ? b.provenance.serverId : ''
  return serverA < serverB ? -1 : serverA > serverB ? 1 : 0
}

/** Where an MCP tool comes from, as approvals and cards name it (the model's calls and a view's alike). */
export function mcpProvenance(
  server: Pick<ServerState, 'id' | 'name' | 'destination'>,
  tool: ToolInfo,
): McpToolProvenance {
  return {
    kind: 'mcp',
    serverId: server.id,
    serverName: server.name,
    toolName: tool.name,
    destination: server.destination,
    tool,
  }
}

function mcpEntries(servers: readonly ServerState[]): ToolSetEntry[] {
  const entries: ToolSetEntry[] = []
  // A server that is connecting, failed or disabled cannot answer a call: offering its tools would only
  // produce calls that end as `failed`.
  for (const server of servers.filter((candidate) => candidate.status === 'connected')) {
    // MCP Apps: a tool marked for views only (visibility without "model") is never offered to a model.
    for (const tool of server.tools.filter((candidate) => isModelVisible(candidate.ui))) {
      entries.push({
        name: tool.exposedName,
        description: describeToolForModel(server.name, tool.name, tool.description),
        inputSchema: tool.inputSchema,
        provenance: mcpProvenance(server, tool),
      })
    }
  }
  return entries.sort(compareMcpEntries)
}

function describeOwner(entry: ToolSetEntry): string {
  return entry.provenance.kind === 'mcp'
    ? `MCP server "${entry.provenance.serverId}" tool "${entry.provenance.toolName}"`
    : 'a local tool'
}

/**
 * The tools offered to the model for one request: local tools first in registration order, then MCP tools
 * of connected servers sorted by exposed name. Names compare case-insensitively (as model APIs and users
 * may), and the first holder of a name keeps it, so a local tool always wins over an MCP tool; every
 * dropped tool is logged. The result depends only on the inputs' content, not on the servers' order.
 */
export function buildToolSet(
  local: readonly LocalToolDefinition[],
  servers: readonly ServerState[],
  log: ToolSetLog,
): ToolSetEntry[] {
  const localEntries: ToolSetEntry[] = local.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    provenance: { kind: 'local' },
  }))
  const taken = new Map<string, ToolSetEntry>()
  const toolSet: ToolSetEntry[] = []
  for (const entry of [...localEntries, ...mcpEntries(servers)]) {
    const key = entry.name.toLowerCase()
    const holder = taken.get(key)
    if (holder) {
      log(
        `tool name "${entry.name}" of ${describeOwner(entry)} clashes with ${describeOwner(holder)}; ` +
          `only ${describeOwner(holder)} is offered to the model`,
      )
      continue
    }
    taken.set(key, entry)
    toolSet.push(entry)
  }
  return toolSet
}
