import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import type { ParsedConfig } from '../../../../../src/shared/import/import-types'

/** The import fixtures: one file per client format, written from each client's documented schema. */
export const FIXTURES = join(import.meta.dirname, '../../../../fixtures/import')

export function fixtureText(path: string): string {
  return readFileSync(join(FIXTURES, path), 'utf8')
}

/** Parses a fixture as it would be dropped: its text and its file name. */
export function parseFixture(path: string, fileName = basename(path)): ParsedConfig {
  return parseMcpConfig(fixtureText(path), { fileName })
}

export function serverNamed(parsed: ParsedConfig, sourceName: string) {
  const server = parsed.servers.find((candidate) => candidate.sourceName === sourceName)
  if (!server) throw new Error(`no server "${sourceName}" in ${parsed.format}`)
  return server
}

/** A Claude Desktop file with `count` servers, each a distinct command. */
export function manyServers(count: number): string {
  const servers: Record<string, unknown> = {}
  for (let i = 0; i < count; i += 1) servers[`server-${i}`] = { command: 'npx', args: ['-y', `pkg-${i}`] }
  return JSON.stringify({ mcpServers: servers })
}
