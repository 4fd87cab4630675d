import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import { serverJsonSchema, type ServerJson } from '../../../../shared/registry/server-json'
import type { FormatParser } from '../../config/import/format-parser'
import { isPlainRecord } from '../../config/import/read-config-text'
import { describeZodError, ServerCollector } from '../../config/import/server-builder'
import { preferredOption, serverJsonToImported } from './server-json-config'

/**
 * A registry `server.json` dropped or pasted like any config file (or a registry answer saved from the API,
 * `{server, _meta}`): its first package MCP Desk runs itself, else its first remote, mapped exactly as an
 * install from the registry maps it. The file names no registry, so its row says it was not checked
 * against one. Bundles (`.mcpb` packages) are installed from the registry or as the `.mcpb` file itself.
 */

const SCHEMA_URL = /modelcontextprotocol\.io\/schemas\/[^"]*server\.schema\.json/

function entryOf(document: Record<string, unknown>): Record<string, unknown> | undefined {
  if (isPlainRecord(document.server) && typeof document.server.name === 'string') return document.server
  return document
}

export const serverJsonFormat: FormatParser = {
  format: 'mcp-registry',
  fileNames: [/(^|[\\/])server\.json$/i],
  score: (document) => {
    const entry = entryOf(document)
    if (entry === undefined) return 0
    const schema = typeof entry.$schema === 'string' && SCHEMA_URL.test(entry.$schema)
    const shaped =
      typeof entry.name === 'string' &&
      entry.name.includes('/') &&
      typeof entry.version === 'string' &&
      (Array.isArray(entry.packages) || Array.isArray(entry.remotes))
    // Above every mcpServers family score: nothing else has packages or remotes beside a reverse-DNS name.
    return schema || shaped ? 5 : 0
  },
  parse: (document) => {
    const collector = new ServerCollector()
    const entry = entryOf(document) ?? {}
    const parsed = serverJsonSchema.safeParse(entry)
    const label = typeof entry.name === 'string' ? entry.name : 'the server'
    if (!parsed.success) {
      collector.skip(label, `the server.json is not valid: ${describeZodError(parsed.error)}`)
      return collector.result()
    }
    try {
      const server: ServerJson = parsed.data
      const { imported, inputs } = serverJsonToImported(
        server,
        preferredOption(server, { bundles: false }),
        {},
      )
      return { servers: [imported], notes: [], total: 1, inputs }
    } catch (error) {
      if (!(error instanceof IpcFailure)) throw error
      collector.skip(label, error.message)
      return collector.result()
    }
  },
}
