import { collectEntries } from '../../config/import/mcp-servers-map'
import {
  descriptionReason,
  preview,
  ServerCollector,
  type FormatResult,
} from '../../config/import/server-builder'
import { mapStandardEntry } from '../../config/import/standard-entry'
import { invalidLink, isObject, LINK_MAX_SERVERS } from './link-payload'

/**
 * Cherry Studio's `servers=` payload, as its protocol handler reads it: `{mcpServers: {name: server}}`, an
 * array of servers, or one server, each with a `name`. Its servers say `type: stdio | sse | streamableHttp`
 * (`inMemory` ones are built into Cherry Studio and cannot move) and keep a remote server's URL in
 * `baseUrl`. Cherry Studio's own bookkeeping (ids, activation, trust, provider and logo) is not carried.
 */

const CHERRY_BOOKKEEPING = [
  'id',
  'name',
  'isActive',
  'isTrusted',
  'trustedAt',
  'installSource',
  'provider',
  'providerUrl',
  'logoUrl',
  'tags',
  'reference',
  'registryUrl',
  'createdAt',
  'updatedAt',
]

export function cherryStudioServers(payload: unknown): FormatResult {
  const entries = cherryEntries(payload)
  if (entries.length > LINK_MAX_SERVERS) {
    throw invalidLink(`it lists ${entries.length} servers; a link may add at most ${LINK_MAX_SERVERS}`)
  }
  const collector = new ServerCollector()
  const named: Record<string, unknown> = {}
  for (const [index, { name, entry }] of entries.entries()) {
    if (name === undefined) collector.skip(`server ${index + 1}`, 'it has no name')
    else if (Object.hasOwn(named, name)) collector.skip(name, 'the link names two servers so')
    else named[name] = entry
  }
  collectEntries(named, collector, (name, raw) =>
    mapStandardEntry(name, raw, {
      types: { stdio: 'stdio', sse: 'sse', streamableHttp: 'http', http: 'http' },
      urlKeys: { baseUrl: 'http', url: 'http' },
      handled: CHERRY_BOOKKEEPING,
      reasons: {
        description: descriptionReason,
        timeout: (value) =>
          `timeout (${preview(value)}) is not imported: MCP Desk applies its own limits (mcp.limits)`,
        longRunning: () => undefined,
        disabledTools: (value) =>
          Array.isArray(value) && value.length > 0
            ? `disabledTools (${preview(value)}) is not imported: MCP Desk offers every tool the server lists`
            : undefined,
        disabledAutoApproveTools: () => undefined,
      },
    }),
  )
  return collector.result()
}

function cherryEntries(payload: unknown): Array<{ name: string | undefined; entry: unknown }> {
  if (isObject(payload) && isObject(payload.mcpServers)) {
    return Object.entries(payload.mcpServers).map(([key, entry]) => ({
      name:
        isObject(entry) && typeof entry.name === 'string' && entry.name.trim() !== ''
          ? entry.name.trim()
          : key,
      entry,
    }))
  }
  const list = Array.isArray(payload) ? (payload as unknown[]) : [payload]
  return list.map((entry) => ({
    name:
      isObject(entry) && typeof entry.name === 'string' && entry.name.trim() !== ''
        ? entry.name.trim()
        : undefined,
    entry,
  }))
}
