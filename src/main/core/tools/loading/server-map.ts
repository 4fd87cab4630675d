import { words } from '../search/identifier-words'

/** One searchable tool as the server map reads it. */
export interface MappedTool {
  serverId: string
  serverName: string
  /** The server's own tool name. */
  toolName: string
}

/** At most this many servers are listed; the rest are counted. */
const MAX_SERVERS = 40
const TOPIC_WORDS = 6
const NAME_CHARS = 60
/** Words of tool names that say what is done, not to what: they would make every server look the same. */
const GENERIC = new Set(
  (
    'get list create update delete remove add set search find read write fetch post put patch run query ' +
    'by of for to from the a an and or in on with all new info data details item items id ids v1 v2 api mcp'
  ).split(' '),
)

/**
 * One line per connected server for `mcp_tool_search`'s description (issue 23): its name, how many tools
 * it has and the words its tool names use most, so the model writes queries in the servers' own terms
 * ("offer", "inventory") rather than guessing. Built from tool names only: nothing a server merely claims.
 */
export function serverMapLines(tools: readonly MappedTool[]): string[] {
  const byServer = new Map<string, { name: string; count: number; words: Map<string, number> }>()
  for (const tool of tools) {
    const entry = byServer.get(tool.serverId) ?? { name: tool.serverName, count: 0, words: new Map() }
    byServer.set(tool.serverId, entry)
    entry.count += 1
    for (const word of new Set(words(tool.toolName))) {
      if (word.length < 3 || GENERIC.has(word) || /^\d+$/.test(word)) continue
      entry.words.set(word, (entry.words.get(word) ?? 0) + 1)
    }
  }
  const servers = [...byServer.values()].sort((a, b) => a.name.localeCompare(b.name))
  const lines = servers.slice(0, MAX_SERVERS).map((server) => {
    const topics = [...server.words]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, TOPIC_WORDS)
      .map(([word]) => word)
    const name = oneLine(server.name)
    const count = `${server.count} tool${server.count === 1 ? '' : 's'}`
    return `- ${name} (${count})${topics.length > 0 ? `: ${topics.join(', ')}` : ''}`
  })
  if (servers.length > MAX_SERVERS) lines.push(`- … and ${servers.length - MAX_SERVERS} more servers`)
  return lines
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= NAME_CHARS ? flat : `${flat.slice(0, NAME_CHARS - 1)}…`
}
