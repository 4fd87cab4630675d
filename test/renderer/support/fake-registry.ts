import type { RequestChannel, RequestOf, ResponseOf } from '../../../src/shared/ipc/contract'
import type { IpcError, IpcResult } from '../../../src/shared/ipc/ipc-error'
import type {
  RegistryEntryDetail,
  RegistryEntryView,
  RegistryState,
} from '../../../src/shared/registry/registry-view'
import type { FakeBundle, FakeImportFile, FakeImports } from './fake-imports'

type Answer<C extends RequestChannel> = Promise<IpcResult<ResponseOf<C>>>

/** What an install (from the registry or a link) previews: a config the fake imports hold, or a bundle. */
export type FakeInstall =
  | { kind: 'config'; file: FakeImportFile; missingRuntimes?: Array<{ command: string; hint: string }> }
  | { kind: 'bundle'; bundle: FakeBundle }

function failure(code: IpcError['code'], message: string): Promise<IpcResult<never>> {
  return Promise.resolve({ ok: false, error: { code, message } })
}

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}

/**
 * The registry half of the fake host, answering like RegistryCatalog and InstallPreviewer: saved registries
 * with their sync state (every change also emitted as `registry:changed`), a local index searched by
 * substring, entries' details, icons, and install previews held by the fake imports so that `import:apply`
 * and `import:install-bundle` write them.
 */
export class FakeRegistry {
  registries: RegistryState[]
  /** The local index: every entry of every registry (deprecated and deleted ones included). */
  entries: RegistryEntryView[] = []
  /** `registry:show` answers by `name` or `name@version`; absent: the index entry, online, its one version. */
  readonly details = new Map<string, Omit<RegistryEntryDetail, 'entry'> & { entry?: RegistryEntryView }>()
  /** Icons by entry name (`data:` URLs). */
  readonly icons = new Map<string, string>()
  /** Install previews by `name|package:0` (or `name@version|remote:1`). */
  readonly installs = new Map<string, FakeInstall>()
  /** Refusals of `registry:preview-install` by the same key. */
  readonly installRefusals = new Map<string, string>()
  /** Link previews by the exact link text; any other link is refused like the host refuses unknown schemes. */
  readonly links = new Map<string, FakeInstall>()
  /** What the next sync ends with: the sync time, or the failure it reports. */
  syncOutcome: (registry: RegistryState) => Partial<RegistryState> = () => ({
    syncedAt: new Date().toISOString(),
    error: undefined,
  })
  readonly #imports: FakeImports
  readonly #emit: (registries: RegistryState[]) => void

  constructor(imports: FakeImports, emit: (registries: RegistryState[]) => void) {
    this.#imports = imports
    this.#emit = emit
    this.registries = [
      { url: 'https://registry.modelcontextprotocol.io', name: 'MCP registry', entries: 0, syncing: false },
    ]
  }

  /** Replaces the state of one registry and emits `registry:changed`, as the host's catalog would. */
  setState(url: string, patch: Partial<RegistryState>): void {
    this.registries = this.registries.map((registry) =>
      registry.url === url ? { ...registry, ...patch } : registry,
    )
    this.#emit(this.registries)
  }

  list(): Answer<'registry:list'> {
    return ok({ registries: this.registries })
  }

  add({ url, name }: RequestOf<'registry:add'>): Answer<'registry:add'> {
    if (!/^https?:\/\/\S+$/.test(url))
      return failure('validation_failed', 'a registry URL starts with https://')
    if (this.registries.some((registry) => registry.url === url)) {
      return failure('conflict', `${url} is already saved`)
    }
    this.registries = [
      ...this.registries,
      { url, name: name ?? new URL(url).host, entries: 0, syncing: false },
    ]
    this.#emit(this.registries)
    return ok({ registries: this.registries })
  }

  remove({ url }: RequestOf<'registry:remove'>): Answer<'registry:remove'> {
    if (!this.registries.some((registry) => registry.url === url)) {
      return failure('not_found', `no saved registry at ${url}`)
    }
    this.registries = this.registries.filter((registry) => registry.url !== url)
    this.#emit(this.registries)
    return ok({ registries: this.registries })
  }

  sync({ url }: RequestOf<'registry:sync'>): Answer<'registry:sync'> {
    for (const registry of this.registries) {
      if (url !== undefined && registry.url !== url) continue
      const entries = this.entries.filter((entry) => entry.registryUrl === registry.url).length
      this.setState(registry.url, { entries, syncing: false, ...this.syncOutcome(registry) })
    }
    return ok({ registries: this.registries })
  }

  search({
    query,
    registryUrl,
    includeInactive,
    limit,
  }: RequestOf<'registry:search'>): Answer<'registry:search'> {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean)
    const matches = this.entries.filter(
      (entry) =>
        (registryUrl === undefined || entry.registryUrl === registryUrl) &&
        (includeInactive || entry.status === 'active') &&
        words.every((word) =>
          `${entry.title} ${entry.name} ${entry.description}`.toLowerCase().includes(word),
        ),
    )
    return ok({ entries: matches.slice(0, limit ?? 50), total: matches.length })
  }

  show({ name, version }: RequestOf<'registry:show'>): Answer<'registry:show'> {
    const known = this.details.get(version ? `${name}@${version}` : name)
    const entry = known?.entry ?? this.entries.find((candidate) => candidate.name === name)
    if (!entry) return failure('not_found', `${name} is not in the registry`)
    return ok({ versions: [entry.version], offline: false, ...known, entry })
  }

  icon({ name }: RequestOf<'registry:icon'>): Answer<'registry:icon'> {
    return ok({ dataUrl: this.icons.get(name) ?? null })
  }

  previewInstall({
    name,
    version,
    option,
  }: RequestOf<'registry:preview-install'>): Answer<'registry:preview-install'> {
    const key = `${version ? `${name}@${version}` : name}|${option.kind}:${option.index}`
    const refusal = this.installRefusals.get(key)
    if (refusal !== undefined) return failure('validation_failed', refusal)
    const install = this.installs.get(key)
    if (!install) return failure('not_found', `${name} has no such package or remote`)
    return ok(this.#held(install))
  }

  previewLink({ link }: RequestOf<'links:preview'>): Answer<'links:preview'> {
    const install = this.links.get(link)
    if (!install) return failure('validation_failed', 'not an install link MCP Desk reads: unknown scheme')
    return ok(this.#held(install))
  }

  #held(install: FakeInstall): ResponseOf<'registry:preview-install'> {
    if (install.kind === 'bundle')
      return { kind: 'bundle', preview: this.#imports.holdBundle(install.bundle) }
    return {
      kind: 'config',
      preview: this.#imports.holdPreview(install.file),
      missingRuntimes: install.missingRuntimes ?? [],
    }
  }
}
