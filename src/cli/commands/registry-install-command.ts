import { IpcFailure } from '../../shared/ipc/ipc-error'
import type { InstallPreview } from '../../shared/registry/registry-view'
import type { ServerJson } from '../../shared/registry/server-json'
import { BundleImportService } from '../../main/core/config/import/bundle-import-service'
import { ImportService } from '../../main/core/config/import/import-service'
import { parseMcpConfig } from '../../main/core/config/import/parse-mcp-config'
import { ServerConfigService } from '../../main/core/mcp/server-config-service'
import { openNodeProfile } from '../../main/core/profile/open-node-profile'
import { createRegistryCatalog } from '../../main/core/registry/create-registry-catalog'
import { createRegistryInstaller } from '../../main/core/registry/install/registry-installer'
import { preferredOption, type InstallOptionRef } from '../../main/core/registry/install/server-json-config'
import { normalizeRegistryUrl } from '../../main/core/registry/registry-sources'
import { outputOf, UsageError, type CliIo } from '../cli-io'
import { firstLine } from '../format/terminal-text'
import { installBundlePreview } from './bundle-import-command'
import { applyImportPreview } from './import-command'
import { parseSetOptions, type SetValue } from './import-options'

export interface RegistryInstallOptions {
  version?: string | undefined
  registry?: string | undefined
  /** `--use npm|pypi|oci|mcpb|remote`: which of the entry's packages or remotes; the first runnable else. */
  use?: string | undefined
  set: string[]
  yes: boolean
  replace: boolean
  json: boolean
}

/** What the command runs on: the profile's services, as the desktop app composes them. */
function openInstaller(home: string, registry: string | undefined, io: CliIo) {
  const profile = openNodeProfile(home)
  const configs = new ServerConfigService(profile.settings, profile.secrets)
  const replace = (id: string, input: Parameters<ServerConfigService['update']>[1]) =>
    Promise.resolve(configs.update(id, input))
  const only = registry === undefined ? undefined : normalizeRegistryUrl(registry)
  const catalog = createRegistryCatalog({
    settings: profile.settings,
    cacheDir: profile.paths.registryCacheDir,
    ...(only === undefined ? {} : { transient: [{ url: only, name: new URL(only).host }] }),
  })
  const imports = new ImportService({ parse: parseMcpConfig, configs, replace, environment: () => io.env })
  const bundles = new BundleImportService({ bundlesDir: profile.paths.bundlesDir, configs, replace })
  const installer = createRegistryInstaller({ registry: catalog, imports, bundles, environment: io.env })
  return { catalog, only, imports, bundles, configs, installer }
}

/**
 * `mcp-desk registry install NAME`: the entry's server.json, mapped like the window's Install (npm via npx,
 * PyPI via uvx, Docker, an MCP bundle checked against its SHA-256, or a remote), shown as a preview and
 * written only with --yes or a "y" at the terminal. Arguments go to the server as an argv array: no shell.
 */
export async function installFromRegistry(
  home: string,
  name: string,
  options: RegistryInstallOptions,
  io: CliIo,
): Promise<number> {
  const sets = parseSetOptions(options.set)
  const services = openInstaller(home, options.registry, io)
  try {
    const request = {
      name,
      ...(services.only === undefined ? {} : { registryUrl: services.only }),
      ...(options.version === undefined ? {} : { version: options.version }),
    }
    const version = await services.catalog.serverJson(request)
    const option = chosenOption(version.server, options.use)
    const preview = await services.installer.previewInstall({ ...request, option })
    return await showAndApply(preview, services, options, sets, io)
  } catch (error) {
    throw readable(error, `cannot install ${firstLine(name)}`)
  } finally {
    services.catalog.dispose()
  }
}

/**
 * `mcp-desk import LINK`: an install link (mcp-desk://, vscode:mcp/install, cursor://…, cherrystudio://…)
 * previewed like the window's pasted link; its servers are added turned off.
 */
export async function installFromLink(
  home: string,
  link: string,
  options: Omit<RegistryInstallOptions, 'version' | 'use' | 'registry'>,
  io: CliIo,
): Promise<number> {
  const sets = parseSetOptions(options.set)
  const services = openInstaller(home, undefined, io)
  try {
    const preview = await services.installer.previewLink(link)
    return await showAndApply(preview, services, options, sets, io)
  } catch (error) {
    throw readable(error, 'cannot install from this link')
  } finally {
    services.catalog.dispose()
  }
}

async function showAndApply(
  preview: InstallPreview,
  services: { imports: ImportService; bundles: BundleImportService; configs: ServerConfigService },
  options: Pick<RegistryInstallOptions, 'yes' | 'replace' | 'json'>,
  sets: SetValue[],
  io: CliIo,
): Promise<number> {
  const { warn } = outputOf(io)
  if (preview.kind === 'bundle') {
    return installBundlePreview(
      { service: services.bundles, configs: services.configs },
      preview.preview,
      { ...options, name: undefined },
      sets,
      io,
    )
  }
  for (const runtime of preview.missingRuntimes) {
    warn(`warning: ${firstLine(runtime.command)} is not on this computer's PATH. ${firstLine(runtime.hint)}`)
  }
  return applyImportPreview(
    services.imports,
    preview.preview,
    { ...options, useEnv: false, allowSampling: [] },
    sets,
    io,
  )
}

const OPTION_KINDS = ['npm', 'pypi', 'oci', 'mcpb', 'remote'] as const

/** `--use KIND`: the entry's first package of that registry type, or its first remote. */
function chosenOption(server: ServerJson, use: string | undefined): InstallOptionRef {
  if (use === undefined) return preferredOption(server, { bundles: true })
  const kind = use.trim().toLowerCase()
  if (!(OPTION_KINDS as readonly string[]).includes(kind)) {
    throw new UsageError(`--use takes one of ${OPTION_KINDS.join(', ')}`)
  }
  if (kind === 'remote') {
    if ((server.remotes ?? []).length === 0) throw new UsageError(`${server.name} has no remote server`)
    return { kind: 'remote', index: 0 }
  }
  const index = (server.packages ?? []).findIndex((pkg) => pkg.registryType.toLowerCase() === kind)
  if (index === -1) {
    const kinds = [
      ...new Set([
        ...(server.packages ?? []).map((pkg) => pkg.registryType),
        ...((server.remotes ?? []).length > 0 ? ['remote'] : []),
      ]),
    ]
    throw new UsageError(
      `${server.name} has no ${kind} package; it offers ${kinds.length > 0 ? kinds.join(', ') : 'nothing to install'}`,
    )
  }
  return { kind: 'package', index }
}

/** The host's refusals are sentences for the user; the command prefixes what it was doing. */
function readable(error: unknown, doing: string): unknown {
  if (error instanceof IpcFailure) return new Error(`${doing}: ${error.message}`, { cause: error })
  return error
}
