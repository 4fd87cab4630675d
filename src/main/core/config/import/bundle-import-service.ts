import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import {
  bundleInstallRequestSchema,
  type BundleInstallRequest,
  type BundleInstallResult,
  type BundlePreview,
} from '../../../../shared/import/bundle-info'
import { describeZodIssues, IpcFailure } from '../../../../shared/ipc/ipc-error'
import type { ParsedServerInput, ServerInput } from '../../../../shared/mcp/server-input'
import { serverInputSchema } from '../../../../shared/mcp/server-input'
import type { ServerConfig } from '../../../../shared/settings/settings-schema'
import { installDirOf, retireInstall, serverInstalledFrom } from './mcpb/bundle-installs'
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
  /** Reached through an install link: the server is added turned off. */
  addsDisabled: boolean
}

/**
 * `.mcpb` desktop extensions (issue 9): `inspect` validates the manifest and returns the form its
 * user_config asks for, holding the bytes; `install` checks the answers and the name, unpacks into a new
 * folder of its own under `<home>/bundles` and adds the stdio server (env values, which carry the
 * sensitive answers, go to the secret store), or replaces the named server as a whole when asked. Nothing
 * is unpacked or written until install.
 */
export class BundleImportService {
  readonly #held = new Map<string, HeldBundle>()
  readonly #deps: BundleImportServiceDeps
  readonly #now: () => number

  constructor(deps: BundleImportServiceDeps) {
    this.#deps = deps
    this.#now = deps.now ?? Date.now
  }

  /** `addsDisabled`: a bundle someone else chose (an install link) is added turned off. */
  async inspect(bytes: Uint8Array, options: { addsDisabled?: boolean } = {}): Promise<BundlePreview> {
    const info = await inspectBundle(bytes)
    const bundleId = randomUUID()
    const addsDisabled = options.addsDisabled === true
    this.#hold(bundleId, {
      bytes,
      displayName: info.displayName,
      expires: this.#now() + HOLD_TTL_MS,
      addsDisabled,
    })
    const configs = this.#deps.configs.list()
    const sameBundle = serverInstalledFrom(info.name, configs, this.#deps.bundlesDir)
    const existing = sameBundle ?? named(configs, info.displayName)
    return {
      bundleId,
      info,
      ...(addsDisabled ? { addsDisabled } : {}),
      ...(existing
        ? { existing: { id: existing.id, name: existing.name, sameBundle: existing === sameBundle } }
        : {}),
    }
  }

  async install(request: BundleInstallRequest): Promise<BundleInstallResult> {
    const parsed = bundleInstallRequestSchema.safeParse(request)
    if (!parsed.success) {
      throw new IpcFailure(
        'validation_failed',
        `The install request is not valid: ${describeZodIssues(parsed.error)}`,
      )
    }
    const { bundleId, userConfig, name, replace } = parsed.data
    const held = this.#held.get(bundleId)
    if (!held || held.expires < this.#now()) {
      throw new IpcFailure('not_found', 'this bundle is no longer held; drop the file again')
    }
    const serverName = name ?? held.displayName
    const existing = named(this.#deps.configs.list(), serverName)
    if (existing && !replace) {
      throw new IpcFailure(
        'conflict',
        `a server named "${existing.name}" already exists; choose another name or replace it`,
      )
    }
    // Always a new folder: whatever folder `existing` runs from stays as it is until it is replaced.
    const installed = await installBundle(held.bytes, { bundlesDir: this.#deps.bundlesDir, userConfig })
    let server: { id: string; name: string }
    try {
      const input = serverInputSchema.parse({
        ...installed.input,
        name: serverName,
        ...(held.addsDisabled ? { enabled: false } : {}),
      } satisfies ServerInput)
      if (existing) {
        await this.#deps.replace(existing.id, input)
        server = { id: existing.id, name: serverName }
      } else {
        const config = this.#deps.configs.add(input)
        server = { id: config.id, name: config.name }
      }
    } catch (error) {
      await rm(installed.installDir, { recursive: true, force: true })
      throw error
    }
    this.#held.delete(bundleId)
    // Replaced as a whole: the folder the old config ran from goes too, unless another server uses it.
    const previousDir = existing ? installDirOf(existing, this.#deps.bundlesDir) : undefined
    if (previousDir !== undefined && previousDir !== installed.installDir) {
      await retireInstall(previousDir, this.#deps.configs.list())
    }
    return {
      server,
      replaced: existing !== undefined,
      installDir: installed.installDir,
      notes: installed.notes,
    }
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

/** Server names are unique without regard to case. */
function named(configs: readonly ServerConfig[], name: string): ServerConfig | undefined {
  const wanted = name.trim().toLowerCase()
  return configs.find((config) => config.name.toLowerCase() === wanted)
}
