import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import type { SearchableTool } from '../../src/main/core/tools/search/tool-search-index'
import { exposeToolNames } from '../../src/main/core/mcp/discovery/tool-naming'
import { toolbenchFile } from '../../test/support/toolbench'

/** The toolbench files (shared/toolbench) and the project's own labelled queries, validated on load. */

const catalogEntrySchema = z.object({
  server: z.string().min(1),
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().default(''),
  inputSchema: z.unknown(),
})
export type CatalogEntry = z.infer<typeof catalogEntrySchema>

export const QUERY_TYPES = ['paraphrase', 'keyword', 'hard'] as const
const labelledQuerySchema = z.object({
  id: z.string().min(1),
  query: z.string().min(1),
  type: z.enum(QUERY_TYPES),
  server: z.string().min(1),
  answers: z.array(z.object({ server: z.string().min(1), name: z.string().min(1) })).min(1),
  note: z.string().optional(),
})
export type LabelledQuery = z.infer<typeof labelledQuerySchema>

export const PROJECT_QUERIES_FILE = fileURLToPath(
  new URL('../../test/fixtures/tool-search/project-queries.json', import.meta.url),
)

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'))
}

export function loadCatalog(): CatalogEntry[] {
  return z.array(catalogEntrySchema).parse(readJson(toolbenchFile('catalog.json')))
}

/** Labelled queries written for issue 23 on tools no other set uses, checked but not tuned on. */
export const HELD_OUT_QUERIES_FILE = fileURLToPath(
  new URL('../../test/fixtures/tool-search/held-out-queries.json', import.meta.url),
)

export function loadQueries(set: 'dev' | 'project' | 'held-out'): LabelledQuery[] {
  const path =
    set === 'dev'
      ? toolbenchFile('queries-dev.json')
      : set === 'project'
        ? PROJECT_QUERIES_FILE
        : HELD_OUT_QUERIES_FILE
  return z.array(labelledQuerySchema).parse(readJson(path))
}

/** The catalog as the host would index it: keyed by exposed name, grouped by server. */
export function toSearchableTools(catalog: readonly CatalogEntry[]): Map<string, SearchableTool[]> {
  const byServer = new Map<string, CatalogEntry[]>()
  for (const entry of catalog) byServer.set(entry.server, [...(byServer.get(entry.server) ?? []), entry])
  const result = new Map<string, SearchableTool[]>()
  for (const [server, entries] of byServer) {
    const exposed = exposeToolNames(
      server,
      entries.map((entry) => entry.name),
    )
    result.set(
      server,
      entries.map((entry) => ({
        key: exposed.get(entry.name) ?? `mcp_${server}_${entry.name}`,
        serverId: server,
        serverName: server,
        name: entry.name,
        ...(entry.title === undefined ? {} : { title: entry.title }),
        description: entry.description,
        inputSchema: entry.inputSchema,
      })),
    )
  }
  return result
}

/** The exposed key of every labelled answer, given the tools the index holds. */
export function answerKeys(query: LabelledQuery, tools: ReadonlyMap<string, SearchableTool[]>): Set<string> {
  const keys = new Set<string>()
  for (const answer of query.answers) {
    const tool = tools.get(answer.server)?.find((candidate) => candidate.name === answer.name)
    if (!tool)
      throw new Error(`query ${query.id}: answer ${answer.server}/${answer.name} is not in the catalog`)
    keys.add(tool.key)
  }
  return keys
}
