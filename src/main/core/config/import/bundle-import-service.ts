import { randomUUID } from 'node:crypto'
import {
  bundleInstallRequestSchema,
  type BundleInstallRequest,
  type BundleInstallResult,
  type BundlePreview,
} from '../../../../shared/import/bundle-info'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import type { ParsedServerInput, ServerInput } from '../../../../shared/mcp/server-input'
import { serverInputSchema } from '../../../../shared/mcp/server-input'
import type { ServerConfig } from '../../../../shared/settings/settings-schema'
import { inspectBundle } from './mcpb/inspect-bundle'
import { installBundle } from './mcpb/install-bundle'

/** A bundle dropped and forgotten does not stay in memory; a few may wait for their form at once. */
const HOLD_TTL_MS = 30 * 60_000
const MAX_HELD = 3

export interface BundleImportServiceDeps {
  /** Where bundles are unpacked: `<home>/bundles`. */
  bundlesDir: string
  configs: {
    list(): ServerConfig[]
    add(input: ParsedServerInput): ServerConfig
  }
  /** Replaces a server's config and reconnects it. */
  replace: (id: string, input: ParsedServerInput) => Promise<unknown>
  now?: () => number
}

interface HeldBundle {
  bytes: Uint8Array
  displayName: string
  expires: number
}

/**
 * `.mcpb` desktop extensions (issue 9): `inspect` validates the manifest and returns the form its
 * user_config asks for, holding the bytes; `install` checks the answers and the name, unpacks into
 * `<home>/bundles/<name>-<version>/` and adds the stdio server (env values, which carry the sensitive
 * answers, go to the secret store). Nothing is unpacked or written until install.
 */
export class BundleImportService {
  readonly #held = new Map<string, HeldBundle>()
  readonly #deps: BundleImportServiceDeps
  readonly #now: () => number

  constructor(deps: BundleImportServiceDeps) {
    this.#deps = deps
    this.#now = deps.now ?? Date.now
  }

  async inspect(bytes: Uint8Array): Promise<BundlePreview> {
    const info = await inspectBundle(bytes)
    const bundleId = randomUUID()
    this.#hold(bundleId, { bytes, displayName: info.displayName, expires: this.#now() + HOLD_TTL_MS })
    const existing = this.#named(info.displayName)
    return { bundleId, info, ...(existing ? { existing: { id: existing.id, name: existing.name } } : {}) }
  }

  async install(request: BundleInstallRequest): Promise<BundleInstallResult> {
    const { bundleId, userConfig, name, replace } = bundleInstallRequestSchema.parse(request)
    const held = this.#held.get(bundleId)
    if (!held || held.expires < this.#now()) {
      throw new IpcFailure('not_found', 'this bundle is no longer held; drop the file again')
    }
    const serverName = name ?? held.displayName
    const existing = this.#named(serverName)
    if (existing && !replace) {
      throw new IpcFailure(
        'conflict',
        `a server named "${existing.name}" already exists; choose another name or replace it`,
      )
    }
    const installed = await installBundle(held.bytes, { bundlesDir: this.#deps.bundlesDir, userConfig })
    const input = serverInputSchema.parse({ ...installed.input, name: serverName } satisfies ServerInput)
    let server: { id: string; name: string }
    if (existing) {
      await this.#deps.replace(existing.id, input)
      server = { id: existing.id, name: serverName }
    } else {
      const config = this.#deps.configs.add(input)
      server = { id: config.id, name: config.name }
    }
    this.#held.delete(bundleId)
    return {
      server,
      replaced: existing !== undefined,
      installDir: installed.installDir,
      notes: installed.notes,
    }
  }

  #named(name: string): ServerConfig | undefined {
    const wanted = name.trim().toLowerCase()
    return this.#deps.configs.list().find((config) => config.name.toLowerCase() === wanted)
  }

  #hold(id: string, bundle: HeldBundle): void {
    const now = this.#now()
    for (const [key, held] of this.#held) if (held.expires < now) this.#held.delete(key)
    while (this.#held.size >= MAX_HELD) {
      const oldest = this.#held.keys().next().value
      if (oldest === undefined) break
      this.#held.delete(oldest)
    }
    this.#held.set(id, bundle)
  }
}
