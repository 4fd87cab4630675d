import { z } from 'zod'
import type { ImportedServer } from '../../../../shared/import/import-types'
import type { FormatParser } from './format-parser'
import { anyEntry, anyTopLevelKey, collectEntries, familyBase, mcpServersOf } from './mcp-servers-map'
import { isPlainRecord } from './read-config-text'
import { timeoutReason, ServerCollector, preview } from './server-builder'
import { mapStandardEntry } from './standard-entry'

/**
 * Claude Code: a project's `.mcp.json` (`mcpServers` whose entries say `type: stdio|http|sse`) and the
 * user's `~/.claude.json`, which holds user-scoped servers at the top and local-scoped ones per project
 * under `projects.<path>.mcpServers`. MCP Desk's servers have no project scope, so project servers say
 * where they came from; the same server in several scopes is imported once.
 */

const documentSchema = z.looseObject({
  mcpServers: z.record(z.string(), z.unknown()).optional(),
  projects: z.record(z.string(), z.unknown()).optional(),
})

/** Keys only `~/.claude.json` has beside its servers. */
const CLAUDE_CODE_KEYS = [
  'numStartups',
  'installMethod',
  'autoUpdates',
  'firstStartTime',
  'userID',
  'hasCompletedOnboarding',
  'oauthAccount',
  'lastReleaseNotesSeen',
  'tipsHistory',
]
const CLAUDE_CODE_TYPES = new Set(['stdio', 'http', 'sse'])

function projectServers(document: Record<string, unknown>): Array<[string, Record<string, unknown>]> {
  const projects = document.projects
  if (!isPlainRecord(projects)) return []
  return Object.entries(projects).flatMap(([path, project]) => {
    const servers = isPlainRecord(project) ? mcpServersOf(project) : undefined
    return servers && Object.keys(servers).length > 0
      ? [[path, servers] as [string, Record<string, unknown>]]
      : []
  })
}

function mapEntry(name: string, raw: unknown, notes: string[] = []) {
  return mapStandardEntry(name, raw, {
    notes,
    reasons: {
      timeout: timeoutReason('timeout'),
      headersHelper: (value) =>
        `headersHelper (${preview(value)}) is not run: add the headers it prints to the server after import`,
      oauth: () => 'oauth settings are not imported',
    },
  })
}

export const claudeCodeFormat: FormatParser = {
  format: 'claude-code',
  fileNames: [/(^|[\\/])\.?claude\.json$/i, /(^|[\\/])\.mcp\.json$/i],
  score: (document) => {
    let score = familyBase(document)
    if (projectServers(document).length > 0) score += 4
    else if (isPlainRecord(document.projects) && score > 0) score += 1
    if (score === 0) return 0
    if (anyEntry(document, (entry) => typeof entry.type === 'string' && CLAUDE_CODE_TYPES.has(entry.type))) {
      score += 2
    }
    if (anyTopLevelKey(document, CLAUDE_CODE_KEYS)) score += 2
    return score
  },
  parse: (document) => {
    const parsed = documentSchema.safeParse(document)
    const collector = new ServerCollector()
    // Which scope each server came from (undefined: the user scope), to merge twins and word their notes.
    const scopes = new Map<string, string | undefined>()
    const user = parsed.success ? (parsed.data.mcpServers ?? {}) : {}
    collectEntries(user, collector, (name, raw) => mapEntry(name, raw))
    const projects = projectServers(document)
    for (const [path, servers] of projects) {
      collectEntries(servers, collector, (name, raw) => mapEntry(name, raw, [scopeMarker(path)]))
    }
    for (const [path] of projects) scopes.set(scopeMarker(path), path)
    if (projects.length > 0) {
      const plural = projects.length === 1 ? 'scope' : 'scopes'
      collector.note(
        `${projects.length} project ${plural} found: ${projects.map(([path]) => path).join(', ')}`,
      )
    }
    const result = collector.result()
    return { ...result, servers: mergeScopes(result.servers, scopes) }
  },
}

/** A temporary note that tags a project server with its scope until the scopes are merged. */
function scopeMarker(path: string): string {
  return `\u0000project:${path}`
}

/**
 * A server configured the same way in several scopes is one server; one in the user scope is available
 * everywhere already, so only servers found in projects alone say which. Different servers under one name
 * are all kept, each saying so; all but the first get the project path in their sourceName (`input.name`
 * stays the key), so every row of the import has its own sourceName.
 */
function mergeScopes(servers: ImportedServer[], markers: Map<string, string | undefined>): ImportedServer[] {
  const merged: Array<{ server: ImportedServer; projects: string[] | undefined }> = []
  for (const server of servers) {
    const marker = server.notes.find((note) => markers.has(note))
    const project = marker === undefined ? undefined : markers.get(marker)
    const notes = server.notes.filter((note) => !markers.has(note))
    const current = { server: { ...server, notes }, projects: project === undefined ? undefined : [project] }
    const sameName = merged.filter((other) => other.server.input.name === server.input.name)
    const twin = sameName.find((other) => JSON.stringify(other.server.input) === JSON.stringify(server.input))
    if (twin) {
      twin.projects = twin.projects && current.projects ? [...twin.projects, ...current.projects] : undefined
      continue
    }
    const clash = `another server named "${server.sourceName}" with different settings is in this file too`
    for (const other of sameName) if (!other.server.notes.includes(clash)) other.server.notes.push(clash)
    if (sameName.length > 0) {
      current.server.notes.push(clash)
      // Rows of an import are told apart by sourceName; the later scope's copy says where it is from.
      if (project !== undefined) current.server.sourceName = `${server.sourceName} (${project})`
    }
    merged.push(current)
  }
  return merged.map(({ server, projects }) =>
    projects === undefined
      ? server
      : {
          ...server,
          notes: [
            `configured only for ${projects.length === 1 ? 'the project' : 'the projects'} ${projects.join(', ')} in Claude Code; MCP Desk servers are available everywhere`,
            ...server.notes,
          ],
        },
  )
}
