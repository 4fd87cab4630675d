import { z } from 'zod'
import type { SamplingPolicy } from '../../../../shared/settings/settings-schema'
import {
  preview,
  describeZodError,
  scalarText,
  textList,
  textRecord,
  unmappedFieldNotes,
  type ServerDraft,
} from './server-builder'

/**
 * The server entry most clients copied from Claude Desktop: `command`/`args`/`env` for a local server,
 * a URL (under a client-specific key) and `headers` for a remote one, sometimes a `type`. Each format
 * says which keys and type names it uses and words its own extra fields; this maps the rest.
 */

export const standardEntrySchema = z.looseObject({
  type: z.string().optional(),
  command: z.string().optional(),
  args: textList.optional(),
  env: textRecord.optional(),
  cwd: scalarText.optional(),
  headers: textRecord.optional(),
})
export type StandardEntry = z.infer<typeof standardEntrySchema>

/** mcpServers-style maps: a name to an object (what each entry must be before its own schema runs). */
export const serverMapSchema = z.record(z.string(), z.unknown())

type Transport = 'stdio' | 'http' | 'sse'

export interface StandardEntryOptions {
  /** Keys that may name the transport (`type`, Cline's older `transportType`). */
  typeKeys?: readonly string[]
  /** Type values this format uses, and what they mean. */
  types?: Readonly<Record<string, Transport>>
  /** Keys that hold a server URL, in order of preference, and the transport each implies without a type. */
  urlKeys?: Readonly<Record<string, Exclude<Transport, 'stdio'>>>
  /** Fields the format maps itself (enabled flags, approvals…), so they get no generic note here. */
  handled?: readonly string[]
  /** Format-specific wording for fields MCP Desk does not carry over. */
  reasons?: Record<string, (value: unknown) => string | undefined>
  enabled?: boolean
  sampling?: SamplingPolicy
  notes?: readonly string[]
}

const DEFAULT_TYPES: Record<string, Transport> = { stdio: 'stdio', http: 'http', sse: 'sse' }
const DEFAULT_URL_KEYS: Record<string, Exclude<Transport, 'stdio'>> = { url: 'http' }

export type EntryMapping = { ok: true; draft: ServerDraft } | { ok: false; reason: string }

export function mapStandardEntry(
  sourceName: string,
  raw: unknown,
  options: StandardEntryOptions = {},
): EntryMapping {
  const parsed = standardEntrySchema.safeParse(raw)
  if (!parsed.success) return { ok: false, reason: entryError(parsed.error) }
  const entry = parsed.data
  const typeKeys = options.typeKeys ?? ['type']
  const types = options.types ?? DEFAULT_TYPES
  const urlKeys = options.urlKeys ?? DEFAULT_URL_KEYS

  const typeKey = typeKeys.find((key) => entry[key] !== undefined)
  const typeValue = typeKey === undefined ? undefined : entry[typeKey]
  let transport: Transport | undefined
  if (typeValue !== undefined) {
    transport =
      typeof typeValue === 'string' && Object.hasOwn(types, typeValue) ? types[typeValue] : undefined
    if (transport === undefined)
      return { ok: false, reason: `its type "${preview(typeValue)}" is not one MCP Desk knows` }
  }
  const urlKey = Object.keys(urlKeys).find((key) => typeof entry[key] === 'string')
  if (transport === undefined) {
    if (entry.command !== undefined) transport = 'stdio'
    else if (urlKey !== undefined) transport = urlKeys[urlKey] ?? 'http'
    else return { ok: false, reason: 'it has neither a command nor a URL' }
  }

  const handled = [...typeKeys, ...(options.handled ?? [])]
  const common = {
    sourceName,
    ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
    ...(options.sampling === undefined ? {} : { sampling: options.sampling }),
  }
  if (transport === 'stdio') {
    if (entry.command === undefined) return { ok: false, reason: 'a local (stdio) server needs a command' }
    const notes = [
      ...(options.notes ?? []),
      ...unmappedFieldNotes(entry, [...handled, 'command', 'args', 'env', 'cwd'], options.reasons),
    ]
    return {
      ok: true,
      draft: {
        ...common,
        transport: 'stdio',
        command: entry.command,
        args: entry.args ?? [],
        env: entry.env ?? {},
        ...(entry.cwd === undefined ? {} : { cwd: entry.cwd }),
        notes,
      },
    }
  }
  if (urlKey === undefined) return { ok: false, reason: 'a remote server needs a URL' }
  const notes = [
    ...(options.notes ?? []),
    ...unmappedFieldNotes(entry, [...handled, urlKey, 'headers'], options.reasons),
  ]
  return {
    ok: true,
    draft: {
      ...common,
      transport,
      url: entry[urlKey] as string,
      headers: entry.headers ?? {},
      notes,
    },
  }
}

/** Why an entry failed its schema; an entry that is not an object at all is said so in words. */
export function entryError(error: z.ZodError): string {
  return error.issues[0]?.path.length === 0 ? 'the entry is not an object' : describeZodError(error)
}

/** The entries of an mcpServers-style map that are objects, for format detection (never throws). */
export function entryObjects(map: unknown): Array<Record<string, unknown>> {
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return []
  return Object.values(map).filter(
    (value): value is Record<string, unknown> =>
      typeof value === 'object' && value !== null && !Array.isArray(value),
  )
}
