import type {
  InstallPreview,
  RegistryEntryDetail,
  RegistryEntryRequest,
  RegistryInstallRequest,
  RegistrySearchRequest,
  RegistrySearchResult,
  RegistryState,
} from '../../../shared/registry/registry-view'
import type { OfficialMeta, ServerJson } from '../../../shared/registry/server-json'

/** One published version of a server, as its registry answered it. */
export interface RegistryServerVersion {
  registryUrl: string
  server: ServerJson
  meta: OfficialMeta | undefined
}

/**
 * The saved registries and their local indexes (registry-service.ts): what the host, the CLI and the
 * installer need of them. Every method that reaches a registry goes through the guarded fetch.
 */
export interface RegistryCatalog {
  list(): RegistryState[]
  /** Saves a registry (read-modify-write of settings.json); refuses a URL that is not https or local http. */
  add(url: string, name?: string): Promise<RegistryState[]>
  remove(url: string): RegistryState[]
  /** Incremental sync (`updated_since` the last one) of one registry, or of all. */
  sync(url?: string): Promise<RegistryState[]>
  /** Answers from the local index: instant, and offline with what was last synced. */
  search(request: RegistrySearchRequest): Promise<RegistrySearchResult>
  /** Asks the registry (versions, the exact version); falls back to the index offline. */
  show(request: RegistryEntryRequest): Promise<RegistryEntryDetail>
  /** The full server.json of a version (latest by default), from the registry, else the index. */
  serverJson(request: RegistryEntryRequest): Promise<RegistryServerVersion>
  icon(registryUrl: string, name: string): Promise<{ dataUrl: string | null }>
  subscribe(listener: (registries: RegistryState[]) => void): () => void
  dispose(): void
}

/** What installing would do (registry-installer.ts): nothing is written until the preview is applied. */
export interface InstallPreviewer {
  previewInstall(request: RegistryInstallRequest): Promise<InstallPreview>
  /** An install link (mcp-desk://, vscode:, cursor://, cherrystudio://); its servers are added disabled. */
  previewLink(link: string): Promise<InstallPreview>
}
