import { z } from 'zod'
import type { FormatParser } from './format-parser'
import { anyEntry, anyEntryHas, familyBase, parseMcpServers } from './mcp-servers-map'
import { preview } from './server-builder'
import { mapStandardEntry } from './standard-entry'

/**
 * Cursor's `mcp.json` (LM Studio reads the same shape): `mcpServers` with `command`/`args`/`env`/`envFile`
 * for local servers and `url`/`headers` (and OAuth `auth`) for remote ones, values with `${env:NAME}`.
 */

const cursorEntrySchema = z.looseObject({ envFile: z.string().optional() })

const ENV_REFERENCE = '${env:'

function usesEnvReferences(entry: Record<string, unknown>): boolean {
  const texts: unknown[] = [entry.command, entry.url]
  if (Array.isArray(entry.args)) texts.push(...(entry.args as unknown[]))
  for (const record of [entry.env, entry.headers]) {
    if (typeof record === 'object' && record !== null) texts.push(...(Object.values(record) as unknown[]))
  }
  return texts.some((text) => typeof text === 'string' && text.includes(ENV_REFERENCE))
}

export const cursorFormat: FormatParser = {
  format: 'cursor',
  fileNames: [/(^|[\\/])mcp\.json$/i],
  score: (document) => {
    const base = familyBase(document)
    if (base === 0) return 0
    let score = base
    if (anyEntryHas(document, ['envFile', 'auth'])) score += 2
    if (anyEntry(document, (entry) => typeof entry.url === 'string' && entry.type === undefined)) score += 1
    if (anyEntry(document, usesEnvReferences)) score += 1
    return score
  },
  parse: (document) =>
    parseMcpServers(document, (name, raw) => {
      const extras = cursorEntrySchema.safeParse(raw)
      const envFile = extras.success ? extras.data.envFile : undefined
      return mapStandardEntry(name, raw, {
        reasons: {
          envFile: () =>
            `envFile (${preview(envFile)}) is not read: MCP Desk only reads the files you hand it, so add its variables to env after import`,
          auth: () => 'auth (OAuth client settings) is not imported',
        },
      })
    }),
}
