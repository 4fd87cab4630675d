import { entryObjects, type EntryMapping } from './standard-entry'
import { isPlainRecord } from './read-config-text'
import { ServerCollector } from './server-builder'

/**
 * Helpers for the many formats that keep servers under a top-level `mcpServers` object (Claude Desktop,
 * Claude Code, Cursor and LM Studio, Windsurf, Cline, Gemini CLI): they differ only in a few keys, which
 * is what their scores look for.
 */

export function mcpServersOf(document: Record<string, unknown>): Record<string, unknown> | undefined {
  const servers = document.mcpServers
  return isPlainRecord(servers) ? servers : undefined
}

/** 1 for any document with an `mcpServers` object: every format of the family could have written it. */
export function familyBase(document: Record<string, unknown>): number {
  return mcpServersOf(document) ? 1 : 0
}

/** Whether any server entry has one of `keys` (with a value other than undefined). */
export function anyEntryHas(document: Record<string, unknown>, keys: readonly string[]): boolean {
  return entryObjects(mcpServersOf(document)).some((entry) => keys.some((key) => entry[key] !== undefined))
}

export function anyEntry(
  document: Record<string, unknown>,
  test: (entry: Record<string, unknown>) => boolean,
): boolean {
  return entryObjects(mcpServersOf(document)).some(test)
}

export function anyTopLevelKey(document: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.some((key) => Object.hasOwn(document, key))
}

/** Maps each entry of an `mcpServers`-style object into `collector`, skipping (with the reason) what fails. */
export function collectEntries(
  servers: Record<string, unknown>,
  collector: ServerCollector,
  map: (sourceName: string, raw: unknown) => EntryMapping,
): void {
  for (const [sourceName, raw] of Object.entries(servers)) {
    const mapped = map(sourceName, raw)
    if (mapped.ok) collector.add(mapped.draft)
    else collector.skip(sourceName, mapped.reason)
  }
}

/** Parses a whole `mcpServers` document with one entry mapper. */
export function parseMcpServers(
  document: Record<string, unknown>,
  map: (sourceName: string, raw: unknown) => EntryMapping,
): ReturnType<ServerCollector['result']> {
  const collector = new ServerCollector()
  collectEntries(mcpServersOf(document) ?? {}, collector, map)
  return collector.result()
}
