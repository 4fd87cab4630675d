import type { ServerConfig } from '../shared/settings/settings-schema'

/**
 * The configured server a command line names: its id, else its name, both in any case. An unknown or
 * ambiguous name is an error that lists the configured ids, so the next attempt can be exact.
 */
export function findServer(servers: readonly ServerConfig[], query: string): ServerConfig {
  const wanted = query.trim().toLowerCase()
  const byId = servers.find((server) => server.id.toLowerCase() === wanted)
  if (byId) return byId
  const byName = servers.filter((server) => server.name.trim().toLowerCase() === wanted)
  if (byName.length === 1 && byName[0]) return byName[0]
  if (byName.length > 1) {
    throw new Error(
      `${byName.length} servers are named "${query}"; name one by its id: ${byName.map((s) => s.id).join(', ')}`,
    )
  }
  const known =
    servers.length > 0
      ? `configured ids: ${servers.map((s) => s.id).join(', ')}`
      : 'no servers are configured'
  throw new Error(`no server "${query}" (${known})`)
}
