import {
  IMPORT_FORMATS,
  IMPORT_FORMAT_LABELS,
  IMPORT_MAX_SERVERS,
  type ImportedServer,
  type ParsedConfig,
} from '../../../../shared/import/import-types'
import { ConfigParseError } from './config-parse-error'
import { detectFormat } from './detect-format'
import { scanPlaceholders } from './placeholders'
import { isPlainRecord, readConfigText } from './read-config-text'
import type { FormatResult } from './server-builder'

export { ConfigParseError, type ConfigParseErrorCode } from './config-parse-error'

export interface ParseMcpConfigOptions {
  /** The dropped or picked file's name; only breaks ties between formats the content fits equally. */
  fileName?: string
}

/**
 * Reads an MCP config written by another client: detects the format from the content, maps each server to
 * MCP Desk's server input (with notes for whatever did not carry over) and lists the placeholders its
 * values still hold. Throws ConfigParseError, and nothing else, for any text that cannot be imported.
 */
export function parseMcpConfig(text: string, options: ParseMcpConfigOptions = {}): ParsedConfig {
  if (typeof text !== 'string') throw new ConfigParseError('syntax', 'The file is not text')
  const { value, syntax } = readConfigText(text)
  const parser = isPlainRecord(value) ? detectFormat(value, options.fileName) : undefined
  if (parser === undefined) {
    const tried = IMPORT_FORMATS.map((format) => IMPORT_FORMAT_LABELS[format]).join('; ')
    throw new ConfigParseError(
      'not-mcp-config',
      `This ${syntax.toUpperCase()} file is not an MCP config: it matches none of the formats MCP Desk reads (${tried})`,
    )
  }
  const label = IMPORT_FORMAT_LABELS[parser.format]
  let result: FormatResult
  try {
    result = parser.parse(value as Record<string, unknown>)
  } catch (error) {
    // Parsers validate everything they read; this is a last line so a surprise is still a clear refusal.
    const reason = error instanceof Error ? error.message : 'unexpected content'
    throw new ConfigParseError('not-mcp-config', `The ${label} file could not be read: ${reason}`)
  }
  const total = result.total ?? result.servers.length
  if (total > IMPORT_MAX_SERVERS) {
    throw new ConfigParseError(
      'too-many-servers',
      `This file lists ${count(total)} servers; MCP Desk imports at most ${count(IMPORT_MAX_SERVERS)} at a time`,
    )
  }
  if (result.servers.length === 0) throw noServers(label, result.notes)
  const { placeholders, notes } = scanPlaceholders(result.servers, result.inputs ?? new Map())
  const servers: ImportedServer[] = result.servers.map((server, index) => ({
    ...server,
    notes: [...new Set([...server.notes, ...(notes[index] ?? [])])],
  }))
  return { format: parser.format, servers, placeholders, notes: result.notes }
}

/** `35,000`: the same in every locale, like the rest of the wording. */
function count(n: number): string {
  return n.toLocaleString('en-US')
}

function noServers(label: string, notes: readonly string[]): ConfigParseError {
  const skipped = notes.filter((note) => note.includes(' was not imported: '))
  if (skipped.length === 0) {
    return new ConfigParseError('no-servers', `The ${label} file declares no MCP servers`)
  }
  return new ConfigParseError(
    'no-servers',
    `None of the servers in this ${label} file can be imported: ${skipped.join('; ')}`,
  )
}
