import { randomUUID } from 'node:crypto'
import {
  IMPORT_FORMAT_LABELS,
  type ImportedServer,
  type ParsedConfig,
  type Placeholder,
} from '../../../../shared/import/import-types'
import type {
  ImportAction,
  ImportApplyRequest,
  ImportApplyResult,
  ImportPreview,
  ImportRow,
} from '../../../../shared/import/import-preview'
import { importApplyRequestSchema } from '../../../../shared/import/import-preview'
import { describeZodIssues, IpcFailure } from '../../../../shared/ipc/ipc-error'
import { serverInputSchema, type ParsedServerInput } from '../../../../shared/mcp/server-input'
import type { ServerConfig } from '../../../../shared/settings/settings-schema'
import { redactCommand, redactUrl } from '../../mcp/redact'
import { ConfigParseError } from './config-parse-error'
import { fieldChanges } from './field-changes'
import { resolvePlaceholders, type PlaceholderSources } from './placeholder-values'
import { grantedSampling, rowTrust } from './row-trust'

export { fieldChanges, sameValue } from './field-changes'

/** A preview is kept this long for its apply; a file dropped and forgotten does not stay in memory. */
const PREVIEW_TTL_MS = 30 * 60_000
const MAX_PREVIEWS = 10

export interface ImportServiceDeps {
  parse: (text: string, options: { fileName?: string }) => ParsedConfig
  /** The configured servers, and their resolved env/header values (to tell changed from identical). */
  configs: {
    list(): ServerConfig[]
    resolveValues(config: ServerConfig): Record<string, string>
    add(input: ParsedServerInput): ServerConfig
    remove(id: string): void
  }
  /** Replaces a server's config and reconnects it. */
  replace: (id: string, input: ParsedServerInput) => Promise<unknown>
  environment: () => Readonly<Record<string, string | undefined>>
  now?: () => number
}

interface HeldPreview {
  parsed: ParsedConfig
  rows: ImportRow[]
  /** An install link's servers: written with `enabled: false`, so nothing runs until the user turns it on. */
  addsDisabled: boolean
  expires: number
}

/** Where parsed servers come from when they are not a file (a registry entry, an install link). */
export interface ParsedPreviewOptions {
  origin?: string
  /** Write every added or replacing server disabled (install links: nothing runs by itself). */
  addsDisabled?: boolean
}

/**
 * Import of other clients' MCP configs (issue 9): a preview says per server what would happen (new,
 * identical, changed with the field diff, or a conflicting name) and nothing is written until `apply` with
 * the user's choice per row. Apply checks everything first (names, placeholders) and writes only then;
 * if a write still fails, the servers it added are removed again.
 */
export class ImportService {
  readonly #previews = new Map<string, HeldPreview>()
  readonly #deps: ImportServiceDeps
  readonly #now: () => number

  constructor(deps: ImportServiceDeps) {
    this.#deps = deps
    this.#now = deps.now ?? Date.now
  }

  preview(text: string, fileName?: string): ImportPreview {
    return this.previewParsed(this.#parse(text, fileName), {})
  }

  /**
   * The same preview for servers parsed elsewhere (a registry's server.json, an install link): rows, trust
   * facts, placeholders and the held preview are exactly a file's, with where they came from said on top.
   */
  previewParsed(parsed: ParsedConfig, options: ParsedPreviewOptions = {}): ImportPreview {
    const addsDisabled = options.addsDisabled === true
    const existing = this.#deps.configs.list()
    const rows = parsed.servers.map((server) =>
      this.#row(
        { ...server, notes: [...server.notes, ...plainTextSecretNotes(server, parsed)] },
        existing,
        parsed.placeholders,
      ),
    )
    const previewId = randomUUID()
    this.#hold(previewId, { parsed, rows, addsDisabled, expires: this.#now() + PREVIEW_TTL_MS })
    const environment = this.#deps.environment()
    return {
      previewId,
      format: parsed.format,
      formatLabel: IMPORT_FORMAT_LABELS[parsed.format],
      rows,
      placeholders: parsed.placeholders.map((p) => ({
        ...p,
        inEnvironment: p.kind === 'env' && environment[p.name] !== undefined,
      })),
      notes: parsed.notes,
      ...(options.origin === undefined ? {} : { origin: options.origin }),
      ...(addsDisabled ? { addsDisabled } : {}),
    }
  }

  /** A file that cannot be imported is the user's input, not a host failure: its message goes back as is. */
  #parse(text: string, fileName: string | undefined): ParsedConfig {
    try {
      return this.#deps.parse(text, fileName === undefined ? {} : { fileName })
    } catch (error) {
      if (error instanceof ConfigParseError) throw new IpcFailure('validation_failed', error.message)
      throw error
    }
  }

  async apply(request: ImportApplyRequest): Promise<ImportApplyResult> {
    // The window and the CLI send valid requests; anything else is answered in words, not zod's dump.
    const parsed = importApplyRequestSchema.safeParse(request)
    if (!parsed.success) {
      throw new IpcFailure(
        'validation_failed',
        `The import request is not valid: ${describeZodIssues(parsed.error)}`,
      )
    }
    const { previewId, decisions, placeholderValues, useEnvironment } = parsed.data
    const held = this.#previews.get(previewId)
    if (!held || held.expires < this.#now()) {
      throw new IpcFailure('not_found', 'this import preview has expired; open the file again')
    }
    const chosen = new Map(decisions.map((d) => [d.sourceName, d]))
    for (const name of chosen.keys()) {
      if (!held.rows.some((row) => row.sourceName === name)) {
        throw new IpcFailure('validation_failed', `the file has no server "${name}"`)
      }
    }
    const sources = {
      typed: placeholderValues,
      environment: useEnvironment ? this.#deps.environment() : undefined,
    }
    const plan = this.#plan(held, chosen, sources)

    const result: ImportApplyResult = { added: [], replaced: [], skipped: plan.skipped }
    try {
      for (const step of plan.steps) {
        if (step.kind === 'add') {
          const config = this.#deps.configs.add(step.input)
          result.added.push({ id: config.id, name: config.name })
        }
      }
      for (const step of plan.steps) {
        if (step.kind === 'replace') {
          await this.#deps.replace(step.id, step.input)
          result.replaced.push({ id: step.id, name: step.input.name })
        }
      }
    } catch (error) {
      // All or nothing for additions: what this apply added goes again; a replace already made stays made.
      for (const added of result.added) this.#deps.configs.remove(added.id)
      throw error
    }
    this.#previews.delete(previewId)
    return result
  }

  /** Checks every decision and placeholder; throws before anything is written. */
  #plan(
    held: HeldPreview,
    chosen: Map<
      string,
      { action: ImportAction; newName?: string | undefined; allowSampling?: boolean | undefined }
    >,
    sources: PlaceholderSources,
  ) {
    const steps: Array<
      { kind: 'add'; input: ParsedServerInput } | { kind: 'replace'; id: string; input: ParsedServerInput }
    > = []
    const skipped: string[] = []
    const missing = new Set<string>()
    const names = new Set(this.#deps.configs.list().map((config) => config.name.toLowerCase()))
    for (const row of held.rows) {
      const decision = chosen.get(row.sourceName)
      const action = decision?.action ?? row.defaultAction
      if (!row.actions.includes(action)) {
        throw new IpcFailure(
          'validation_failed',
          `"${row.sourceName}" cannot be imported with "${action}" (${row.status})`,
        )
      }
      if (action === 'skip') {
        skipped.push(row.sourceName)
        continue
      }
      const server = held.parsed.servers.find((s) => s.sourceName === row.sourceName)
      if (!server) continue
      const resolved = resolvePlaceholders(
        server.sourceName,
        server.input,
        held.parsed.placeholders,
        sources,
        server.secretNames,
      )
      for (const token of resolved.missing) missing.add(token)
      let input: ParsedServerInput = {
        ...resolved.input,
        sampling: grantedSampling(row, decision?.allowSampling, row.sourceName),
        ...(held.addsDisabled ? { enabled: false } : {}),
      }
      if (action === 'rename') {
        const newName = decision?.newName
        if (newName === undefined)
          throw new IpcFailure('validation_failed', `give "${row.sourceName}" a new name`)
        input = { ...input, name: newName }
      }
      checkResolved(row.sourceName, input)
      if (action === 'replace') {
        if (!row.existing)
          throw new IpcFailure('validation_failed', `"${row.sourceName}" has nothing to replace`)
        steps.push({ kind: 'replace', id: row.existing.id, input })
        continue
      }
      if (names.has(input.name.toLowerCase())) {
        throw new IpcFailure(
          'conflict',
          `a server named "${input.name}" already exists; rename, replace or skip it`,
        )
      }
      names.add(input.name.toLowerCase())
      steps.push({ kind: 'add', input })
    }
    if (missing.size > 0) {
      throw new IpcFailure(
        'validation_failed',
        `no value for ${[...missing].join(', ')}; type a value, or allow reading it from the environment`,
      )
    }
    return { steps, skipped }
  }

  #row(
    server: ImportedServer,
    existing: readonly ServerConfig[],
    placeholders: readonly Placeholder[],
  ): ImportRow {
    const input = server.input
    const match = existing.find((config) => config.name.toLowerCase() === input.name.toLowerCase())
    const base = {
      sourceName: server.sourceName,
      name: input.name,
      transport: input.transport,
      destination: destinationOf(input),
      ...rowTrust(server, placeholders),
      notes: server.notes,
    }
    if (!match)
      return { ...base, status: 'new', changes: [], actions: ['add', 'rename', 'skip'], defaultAction: 'add' }
    const changes = fieldChanges(match, this.#resolvedValues(match), input, tokensOf(server, placeholders))
    const existingRef = { id: match.id, name: match.name }
    const sameEndpoint =
      match.transport === input.transport &&
      (input.transport === 'stdio'
        ? match.transport === 'stdio' && match.command === input.command
        : match.transport !== 'stdio' && match.url === input.url)
    if (changes.length === 0) {
      return {
        ...base,
        status: 'identical',
        existing: existingRef,
        changes,
        actions: ['skip', 'rename'],
        defaultAction: 'skip',
      }
    }
    return {
      ...base,
      status: sameEndpoint ? 'changed' : 'conflict',
      existing: existingRef,
      changes,
      actions: ['replace', 'rename', 'skip'],
      defaultAction: 'skip',
    }
  }

  /** A stored secret that went missing reads as empty here, so the row shows the value as changed. */
  #resolvedValues(config: ServerConfig): Record<string, string> {
    try {
      return this.#deps.configs.resolveValues(config)
    } catch {
      return {}
    }
  }

  #hold(id: string, preview: HeldPreview): void {
    const now = this.#now()
    for (const [key, held] of this.#previews) if (held.expires < now) this.#previews.delete(key)
    while (this.#previews.size >= MAX_PREVIEWS) {
      const oldest = this.#previews.keys().next().value
      if (oldest === undefined) break
      this.#previews.delete(oldest)
    }
    this.#previews.set(id, preview)
  }
}

/**
 * A value typed for a placeholder can still make the server invalid (a URL template whose host was typed
 * with a space in it): refused here, before anything is written, rather than half-way through the writes.
 */
function checkResolved(sourceName: string, input: ParsedServerInput): void {
  const checked = serverInputSchema.safeParse(input)
  if (!checked.success) {
    throw new IpcFailure(
      'validation_failed',
      `"${sourceName}" cannot be added with the values given: ${describeZodIssues(checked.error)}`,
    )
  }
}

/** A URL still holding `${…}` placeholders is no URL yet: the row shows the template without its query. */
function destinationOf(input: ParsedServerInput): string {
  if (input.transport === 'stdio') return redactCommand(input.command, input.args)
  const redacted = redactUrl(input.url)
  if (redacted !== '<invalid URL>' || !input.url.includes('${')) return redacted
  return input.url.replace(/[?#].*$/s, '')
}

/**
 * A secret placeholder in the arguments, URL or cwd ends up in settings.json in plain text once resolved
 * (only env and header values go to the secret store), so the row says so before the user types it.
 */
function plainTextSecretNotes(server: ImportedServer, parsed: ParsedConfig): string[] {
  const notes: string[] = []
  for (const placeholder of parsed.placeholders) {
    if (!placeholder.secret) continue
    for (const location of placeholder.locations) {
      const at = location.slice(server.sourceName.length + 2)
      if (
        !location.startsWith(`${server.sourceName}: `) ||
        at.startsWith('env.') ||
        at.startsWith('headers.')
      )
        continue
      notes.push(
        `${placeholder.token} in ${at} looks secret: its value is kept in settings.json in plain text; ` +
          'passing it through an env variable keeps it in the secret store',
      )
    }
  }
  return notes
}

/** The placeholder tokens the scan found in this server's values. */
function tokensOf(server: ImportedServer, placeholders: readonly Placeholder[]): ReadonlySet<string> {
  const prefix = `${server.sourceName}: `
  return new Set(
    placeholders.filter((p) => p.locations.some((at) => at.startsWith(prefix))).map((p) => p.token),
  )
}
