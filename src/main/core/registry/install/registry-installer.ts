import { BUNDLE_IPC_MAX_BYTES } from '../../../../shared/import/bundle-info'
import type { ParsedConfig } from '../../../../shared/import/import-types'
import type { InstallPreview, RegistryInstallRequest } from '../../../../shared/registry/registry-view'
import type { BundleImportService } from '../../config/import/bundle-import-service'
import type { ImportService } from '../../config/import/import-service'
import { isLoopbackHostname } from '../../security/external-link-policy'
import { parseInstallLink } from '../links/parse-install-link'
import type { InstallPreviewer, RegistryCatalog, RegistryServerVersion } from '../registry-ports'
import { checkSha256, createBundleDownloader, expectedSha256, type BundleDownload } from './bundle-download'
import { findRuntime, missingRuntimes } from './find-runtime'
import { preferredOption, serverJsonToParsedConfig, type InstallOptionRef } from './server-json-config'

export interface RegistryInstallerDeps {
  registry: Pick<RegistryCatalog, 'serverJson'>
  imports: Pick<ImportService, 'previewParsed'>
  bundles: Pick<BundleImportService, 'inspect'>
  download: BundleDownload
  /** The full path of a program on the PATH servers are started with, or undefined (find-runtime.ts). */
  findRuntime: (command: string) => Promise<string | undefined>
  /** Largest bundle downloaded; the window's bundle limit by default. */
  maxBundleBytes?: number
}

/**
 * The installer as the app runs it: bundles downloaded through the pinned fetch, runtimes looked up on the
 * PATH servers inherit from this process (stdio/child-env.ts passes PATH through).
 */
export function createRegistryInstaller(
  deps: Pick<RegistryInstallerDeps, 'registry' | 'imports' | 'bundles'> & {
    /** Whose PATH the servers will start with: this process's by default (the CLI passes its own). */
    environment?: Readonly<Record<string, string | undefined>>
  },
): RegistryInstaller {
  const { environment, ...services } = deps
  return new RegistryInstaller({
    ...services,
    download: createBundleDownloader(),
    findRuntime: (command) => findRuntime(command, environment ?? process.env),
  })
}

/**
 * What installing a registry entry or opening an install link would do: the import preview (applied with
 * `import:apply`, like a dropped file) or, for an `.mcpb` package, the bundle preview once the download
 * matched the registry's SHA-256. Nothing is written here. A registry install is the user's choice of an
 * entry, so its server is added enabled; a link is someone else's choice, so its servers are added
 * disabled until the user turns them on.
 */
export class RegistryInstaller implements InstallPreviewer {
  readonly #deps: RegistryInstallerDeps

  constructor(deps: RegistryInstallerDeps) {
    this.#deps = deps
  }

  async previewInstall(request: RegistryInstallRequest): Promise<InstallPreview> {
    const version = await this.#deps.registry.serverJson({
      name: request.name,
      ...(request.registryUrl === undefined ? {} : { registryUrl: request.registryUrl }),
      ...(request.version === undefined ? {} : { version: request.version }),
    })
    return this.#preview(version, request.option, { origin: registryOrigin(version), addsDisabled: false })
  }

  async previewLink(link: string): Promise<InstallPreview> {
    const parsed = parseInstallLink(link)
    if (parsed.kind === 'config') return this.#configPreview(parsed.parsed, parsed.origin, true)
    const version = await this.#deps.registry.serverJson(parsed.request)
    const option = preferredOption(version.server, { bundles: true })
    return this.#preview(version, option, {
      origin: `${parsed.origin}, from ${registryOrigin(version)}`,
      addsDisabled: true,
    })
  }

  async #preview(
    version: RegistryServerVersion,
    option: InstallOptionRef,
    how: { origin: string; addsDisabled: boolean },
  ): Promise<InstallPreview> {
    const pkg = option.kind === 'package' ? version.server.packages?.[option.index] : undefined
    if (pkg?.registryType.toLowerCase() === 'mcpb') {
      const expected = expectedSha256(pkg.fileSha256)
      const bytes = await this.#deps.download(pkg.identifier, {
        maxBytes: this.#deps.maxBundleBytes ?? BUNDLE_IPC_MAX_BYTES,
        local: isLocal(version.registryUrl),
      })
      checkSha256(bytes, expected)
      const preview = await this.#deps.bundles.inspect(bytes, { addsDisabled: how.addsDisabled })
      return { kind: 'bundle', preview }
    }
    const parsed = serverJsonToParsedConfig(version.server, option, {
      registryUrl: version.registryUrl,
      meta: version.meta,
    })
    return this.#configPreview(parsed, how.origin, how.addsDisabled)
  }

  async #configPreview(parsed: ParsedConfig, origin: string, addsDisabled: boolean): Promise<InstallPreview> {
    const missing = await missingRuntimes(parsed, this.#deps.findRuntime)
    const preview = this.#deps.imports.previewParsed(parsed, { origin, addsDisabled })
    return { kind: 'config', preview, missingRuntimes: missing }
  }
}

function registryOrigin(version: RegistryServerVersion): string {
  let host = version.registryUrl
  try {
    host = new URL(version.registryUrl).host
  } catch {
    // Shown as given: the catalog only hands out URLs it accepted.
  }
  return `the MCP registry at ${host}`
}

function isLocal(registryUrl: string): boolean {
  try {
    return isLoopbackHostname(new URL(registryUrl).hostname)
  } catch {
    return false
  }
}
