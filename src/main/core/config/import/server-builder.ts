import { z } from 'zod'
import { IMPORT_MAX_SERVERS, type ImportedServer } from '../../../../shared/import/import-types'
import { serverInputSchema } from '../../../../shared/mcp/server-input'
import type { RemoteTransport, SamplingPolicy } from '../../../../shared/settings/settings-schema'
import type { InputDeclaration } from './placeholders'

/**
 * What every format parser shares: lenient value schemas (YAML and TOML write numbers and booleans where
 * JSON files write strings), the mapping of a server draft onto MCP Desk's server input, and the notes that
 * say what was not carried over. A draft that still fails `serverInputSchema` is skipped with the reason,
 * never half-imported.
 */

/** A scalar as text: `PORT: 8080` in YAML means the string "8080" to every client. */
export const scalarText = z.union([z.string(), z.number(), z.boolean()]).transform(String)
export const textList = z.array(scalarText)
export const textRecord = z.record(z.string(), scalarText)

interface DraftBase {
  sourceName: string
  enabled?: boolean
  sampling?: SamplingPolicy
  notes: string[]
}
export type StdioDraft = DraftBase & {
  transport: 'stdio'
  command: string
  args: string[]
  env: Record<string, string>
  cwd?: string
}
/** `http` is Streamable HTTP, `sse` the legacy HTTP+SSE transport; both are kept as the file says. */
export type HttpDraft = DraftBase & {
  transport: RemoteTransport
  url: string
  headers: Record<string, string>
}
export type ServerDraft = StdioDraft | HttpDraft

/** What one format parser hands back; placeholders are found afterwards, over all servers at once. */
export interface FormatResult {
  servers: ImportedServer[]
  notes: string[]
  /** Servers the file lists, mapped or skipped; past IMPORT_MAX_SERVERS they are only counted. */
  total?: number
  /** VS Code's declared `${input:id}` prompts, by id. */
  inputs?: Map<string, InputDeclaration>
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
/** The value limit of `configValueInputSchema`. */
const MAX_VALUE_LENGTH = 65536

export class ServerCollector {
  readonly #servers: ImportedServer[] = []
  readonly #notes: string[] = []
  #total = 0

  add(draft: ServerDraft): void {
    // A file over the limit is refused once counted; building 35,000 servers first would only delay that.
    if (++this.#total > IMPORT_MAX_SERVERS) return
    const built = buildServer(draft)
    if (built.ok) this.#servers.push(built.server)
    else this.#skipped(draft.sourceName, built.reason)
  }

  /** A server in the file that cannot become an MCP Desk server; said at file level so the preview lists it. */
  skip(sourceName: string, reason: string): void {
    if (++this.#total > IMPORT_MAX_SERVERS) return
    this.#skipped(sourceName, reason)
  }

  #skipped(sourceName: string, reason: string): void {
    this.#notes.push(`"${sourceName}" was not imported: ${reason}`)
  }

  note(text: string): void {
    this.#notes.push(text)
  }

  result(inputs?: Map<string, InputDeclaration>): FormatResult {
    return { servers: this.#servers, notes: this.#notes, total: this.#total, ...(inputs ? { inputs } : {}) }
  }
}

type BuildResult = { ok: true; server: ImportedServer } | { ok: false; reason: string }

export function buildServer(draft: ServerDraft): BuildResult {
  const notes = [...draft.notes]
  const base = {
    name: draft.sourceName,
    enabled: draft.enabled ?? true,
    sampling: draft.sampling ?? 'ask',
    toolsAlwaysLoaded: false,
  }
  const candidate =
    draft.transport === 'stdio'
      ? {
          ...base,
          transport: 'stdio' as const,
          command: draft.command,
          args: draft.args,
          env: keptValues(draft.env, 'env', ENV_NAME, 'an env name is letters, digits and "_"', notes),
          ...(draft.cwd === undefined || draft.cwd === '' ? {} : { cwd: draft.cwd }),
        }
      : {
          ...base,
          transport: draft.transport,
          url: draft.url,
          headers: keptValues(draft.headers, 'headers', HEADER_NAME, 'not a valid HTTP header name', notes),
        }
  const parsed = serverInputSchema.safeParse(candidate)
  if (!parsed.success) return { ok: false, reason: describeZodError(parsed.error) }
  return {
    ok: true,
    server: { sourceName: draft.sourceName, input: parsed.data, notes: [...new Set(notes)] },
  }
}

function keptValues(
  values: Record<string, string>,
  field: string,
  validName: RegExp,
  nameRule: string,
  notes: string[],
): Record<string, { value: string }> {
  const kept: Record<string, { value: string }> = {}
  for (const [name, value] of Object.entries(values)) {
    if (!validName.test(name)) notes.push(`${field} "${preview(name)}" is not imported: ${nameRule}`)
    else if (value.length > MAX_VALUE_LENGTH) {
      notes.push(`${field}.${name} is not imported: its value is longer than ${MAX_VALUE_LENGTH} characters`)
    } else kept[name] = { value }
  }
  return kept
}

/**
 * One note per field of `entry` that the format parser did not map. `reasons` words the known ones (what
 * the field did in the other client, and what MCP Desk does instead); returning undefined means the value
 * loses nothing (e.g. an empty list) and needs no note.
 */
export function unmappedFieldNotes(
  entry: Record<string, unknown>,
  mapped: readonly string[],
  reasons: Record<string, (value: unknown) => string | undefined> = {},
): string[] {
  const notes: string[] = []
  for (const [field, value] of Object.entries(entry)) {
    if (mapped.includes(field) || value === undefined) continue
    const reason = Object.hasOwn(reasons, field) ? reasons[field] : undefined
    const note = reason
      ? reason(value)
      : `${preview(field)} is not supported by MCP Desk and was not imported`
    if (note !== undefined) notes.push(note)
  }
  return notes
}

/** Short, single-line text of a value for a note (a file may hold huge strings). */
export function preview(value: unknown, max = 60): string {
  let text: string
  if (typeof value === 'string') text = value
  else if (Array.isArray(value)) text = value.map((item) => preview(item, max)).join(', ')
  else if (typeof value === 'object' && value !== null) text = '{…}'
  else text = String(value)
  const line = text.replace(/\s+/g, ' ')
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.keys(value).length === 0
  return false
}

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid server'
  const path = issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
  return path ? `${path.replace(/^\./, '')}: ${issue.message}` : issue.message
}

/** Timeouts of other clients: MCP Desk has its own connection and request limits. */
export function timeoutReason(field: string) {
  return (value: unknown) =>
    `${field} (${preview(value)}) is not imported: MCP Desk applies its own limits (mcp.limits)`
}

export function descriptionReason(value: unknown): string | undefined {
  return isEmptyValue(value) ? undefined : `description "${preview(value)}" is not imported`
}

export function toolFilterNote(field: string, value: unknown): string | undefined {
  if (isEmptyValue(value)) return undefined
  return `${field} (${preview(value)}) is not imported: MCP Desk offers every tool the server lists`
}
