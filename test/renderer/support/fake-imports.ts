import type { BundlePreview } from '../../../src/shared/import/bundle-info'
import type { ImportPreview } from '../../../src/shared/import/import-preview'
import type { RequestChannel, RequestOf, ResponseOf } from '../../../src/shared/ipc/contract'
import type { IpcError, IpcResult } from '../../../src/shared/ipc/ipc-error'
import type { ServerInput } from '../../../src/shared/mcp/server-input'
import type { FakeServers } from './fake-servers'

/** A file the fake host knows: the preview it answers (without id) and the server each row adds. */
export interface FakeImportFile {
  preview: Omit<ImportPreview, 'previewId'>
  inputs: Record<string, ServerInput>
}

/** A bundle the fake host knows (by its base64 data): its preview and the server its install adds. */
export interface FakeBundle {
  preview: Omit<BundlePreview, 'bundleId'>
  input: (userConfig: Record<string, unknown>) => ServerInput
}

type Answer<C extends RequestChannel> = Promise<IpcResult<ResponseOf<C>>>

function failure(code: IpcError['code'], message: string): Promise<IpcResult<never>> {
  return Promise.resolve({ ok: false, error: { code, message } })
}

/**
 * The import half of the fake host, answering like ImportService and BundleImportService: files it was
 * told about (by exact text) get their preview, anything else is "not an MCP config"; apply refuses missing
 * placeholders and taken names before writing, then adds through the fake servers (which connect them).
 */
export class FakeImports {
  readonly files = new Map<string, FakeImportFile>()
  readonly bundles = new Map<string, FakeBundle>()
  /** Texts the host refuses with a message of its own (a syntax error with its line and column). */
  readonly refusals = new Map<string, string>()
  readonly #previews = new Map<string, FakeImportFile>()
  readonly #inspected = new Map<string, FakeBundle>()
  readonly servers: FakeServers
  #next = 1

  constructor(servers: FakeServers) {
    this.servers = servers
  }

  preview({ text }: RequestOf<'import:preview'>): Answer<'import:preview'> {
    if (text.length > 5 * 1024 * 1024) return failure('validation_failed', 'the file is larger than 5 MiB')
    const refusal = this.refusals.get(text)
    if (refusal !== undefined) return failure('validation_failed', refusal)
    const file = this.files.get(text)
    if (!file) {
      return failure(
        'validation_failed',
        'not an MCP config: tried Claude Desktop, Claude Code, VS Code, Cursor, Windsurf, Cline, Zed, ' +
          'opencode, Gemini CLI, Goose and Codex',
      )
    }
    const previewId = `preview-${this.#next++}`
    this.#previews.set(previewId, file)
    return ok({ previewId, ...file.preview })
  }

  async apply(request: RequestOf<'import:apply'>): Answer<'import:apply'> {
    const file = this.#previews.get(request.previewId)
    if (!file) return failure('not_found', 'this import preview has expired; open the file again')
    const typed = request.placeholderValues ?? {}
    const missing = file.preview.placeholders
      .filter((p) => !typed[p.token] && !(request.useEnvironment && p.inEnvironment))
      .map((p) => p.token)
    const chosen = new Map(request.decisions.map((d) => [d.sourceName, d]))
    const steps = file.preview.rows.map((row) => ({ row, decision: chosen.get(row.sourceName) }))
    const acting = steps.filter(({ row, decision }) => (decision?.action ?? row.defaultAction) !== 'skip')
    if (missing.length > 0 && acting.length > 0) {
      return failure(
        'validation_failed',
        `no value for ${missing.join(', ')}; type a value, or allow reading it from the environment`,
      )
    }
    const names = new Set(this.servers.configs.map((config) => config.name.toLowerCase()))
    for (const { row, decision } of acting) {
      const action = decision?.action ?? row.defaultAction
      if (action === 'rename' && !decision?.newName) {
        return failure('validation_failed', `give "${row.sourceName}" a new name`)
      }
      const name = action === 'rename' ? decision!.newName! : row.name
      if (action !== 'replace' && names.has(name.toLowerCase())) {
        return failure('conflict', `a server named "${name}" already exists; rename, replace or skip it`)
      }
      names.add(name.toLowerCase())
    }
    this.#previews.delete(request.previewId)
    const result: ResponseOf<'import:apply'> = { added: [], replaced: [], skipped: [] }
    for (const { row, decision } of steps) {
      const action = decision?.action ?? row.defaultAction
      const input = file.inputs[row.sourceName]
      if (action === 'skip' || !input) {
        result.skipped.push(row.sourceName)
        continue
      }
      const renamed = action === 'rename' ? { ...input, name: decision!.newName! } : input
      const named = decision?.allowSampling ? { ...renamed, sampling: 'allow' as const } : renamed
      if (action === 'replace' && row.existing) {
        void this.servers.update({ id: row.existing.id, server: named })
        result.replaced.push(row.existing)
        continue
      }
      const before = new Set(this.servers.configs.map((config) => config.id))
      void this.servers.add({ server: named })
      const added = this.servers.configs.find((config) => !before.has(config.id))
      if (added) result.added.push({ id: added.id, name: added.name })
    }
    return ok(result)
  }

  /** Holds a preview answered by another channel (a registry or link install) for `import:apply`. */
  holdPreview(file: FakeImportFile): ImportPreview {
    const previewId = `preview-${this.#next++}`
    this.#previews.set(previewId, file)
    return { previewId, ...file.preview }
  }

  /** Holds a bundle answered by another channel (a registry `.mcpb` install) for `import:install-bundle`. */
  holdBundle(bundle: FakeBundle): BundlePreview {
    const bundleId = `bundle-${this.#next++}`
    this.#inspected.set(bundleId, bundle)
    return { bundleId, ...bundle.preview }
  }

  inspectBundle({ data }: RequestOf<'import:inspect-bundle'>): Answer<'import:inspect-bundle'> {
    const bundle = this.bundles.get(data)
    if (!bundle) return failure('validation_failed', 'not an MCP bundle: the file is not a zip archive')
    const bundleId = `bundle-${this.#next++}`
    this.#inspected.set(bundleId, bundle)
    return ok({ bundleId, ...bundle.preview })
  }

  installBundle(request: RequestOf<'import:install-bundle'>): Answer<'import:install-bundle'> {
    const bundle = this.#inspected.get(request.bundleId)
    if (!bundle) return failure('not_found', 'this bundle is no longer held; drop it again')
    const answers = request.userConfig ?? {}
    for (const field of bundle.preview.info.userConfig) {
      const answer = answers[field.key]
      if (field.required && (answer === undefined || answer === '')) {
        return failure('validation_failed', `"${field.title}" is required`)
      }
    }
    const name = request.name ?? bundle.preview.info.displayName
    const existing = this.servers.configs.find((config) => config.name.toLowerCase() === name.toLowerCase())
    if (existing && !request.replace) {
      return failure('conflict', `a server named "${name}" already exists; choose another name or replace it`)
    }
    this.#inspected.delete(request.bundleId)
    const input = { ...bundle.input(answers), name }
    const before = new Set(this.servers.configs.map((config) => config.id))
    if (existing) void this.servers.update({ id: existing.id, server: input })
    else void this.servers.add({ server: input })
    const server = existing ?? this.servers.configs.find((config) => !before.has(config.id))
    return ok({
      server: { id: server?.id ?? '', name },
      replaced: existing !== undefined,
      installDir: `/home/ada/.mcp-desk/bundles/${bundle.preview.info.name}`,
      notes: bundle.preview.info.notes,
    })
  }
}

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}
