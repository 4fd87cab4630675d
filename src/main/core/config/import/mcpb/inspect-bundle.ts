import { describeZodIssues, IpcFailure } from '../../../../../shared/ipc/ipc-error'
import type { BundleInfo } from '../../../../../shared/import/bundle-info'
import { DEFAULT_BUNDLE_LIMITS, formatBytes, type BundleLimits } from './bundle-limits'
import { openBundle, type BundleArchive } from './bundle-zip'
import { manifestNotes } from './manifest-notes'
import { manifestSchema, manifestVersionOf, type Manifest } from './manifest-schema'
import { defaultSystemDirs, type SystemDirs } from './substitute-variables'
import { userConfigFields } from './user-config'

export interface InspectOptions {
  /** Tighter (or, in tests, smaller) limits than the defaults. */
  limits?: Partial<BundleLimits>
  /** The folders `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`, `${DOWNLOADS}` stand for. */
  dirs?: SystemDirs
  platform?: NodeJS.Platform
}

/** The command, arguments and env templates this platform runs, before `${…}` substitution. */
export interface McpConfigTemplate {
  command: string
  args: string[]
  env: Record<string, string>
}

/** An opened bundle whose manifest passed; the caller closes `archive`. */
export interface LoadedBundle {
  archive: BundleArchive
  manifest: Manifest
  mcpConfig: McpConfigTemplate
  info: BundleInfo
}

function invalid(message: string): IpcFailure {
  return new IpcFailure('validation_failed', message)
}

/** `platform_overrides[platform]` replaces command, args and env where it gives them (the spec's rule). */
export function mcpConfigFor(manifest: Manifest, platform: NodeJS.Platform): McpConfigTemplate {
  const config = manifest.server.mcp_config
  if (config === undefined) {
    // Only uv servers get here (the schema refuses the rest): uv installs the pyproject's dependencies.
    return {
      command: 'uv',
      args: ['run', '--directory', '${__dirname}', manifest.server.entry_point],
      env: {},
    }
  }
  const override = config.platform_overrides?.[platform]
  return {
    command: override?.command ?? config.command,
    args: override?.args ?? config.args ?? [],
    env: override?.env ?? config.env ?? {},
  }
}

async function readManifest(archive: BundleArchive, limits: BundleLimits): Promise<Manifest> {
  const entry = archive.file('manifest.json')
  if (entry === undefined) throw invalid('This is not an MCP bundle: it has no manifest.json at its root.')
  if (entry.size > limits.maxManifestBytes) {
    throw invalid(
      `manifest.json is ${formatBytes(entry.size)}; the limit is ${formatBytes(limits.maxManifestBytes)}.`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse((await archive.read(entry)).toString('utf8').replace(/^\uFEFF/, ''))
  } catch (error) {
    throw invalid(
      `manifest.json is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const parsed = manifestSchema.safeParse(json)
  if (!parsed.success)
    throw invalid(`manifest.json is not a valid MCP bundle manifest: ${describeZodIssues(parsed.error)}`)
  const manifest = parsed.data
  let entryPoint: ReturnType<BundleArchive['file']>
  try {
    entryPoint = archive.file(manifest.server.entry_point)
  } catch (error) {
    throw invalid(
      `manifest.json: server.entry_point: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (entryPoint === undefined) {
    throw invalid(
      `manifest.json: server.entry_point "${manifest.server.entry_point}" is not a file in the bundle.`,
    )
  }
  return manifest
}

/**
 * Opens a bundle and checks it all the way: zip limits and entry names, then the manifest. Every refusal
 * is a `validation_failed` IpcFailure with a sentence that says what is wrong; nothing is written.
 */
export async function loadBundle(bytes: Uint8Array, options: InspectOptions = {}): Promise<LoadedBundle> {
  const limits = { ...DEFAULT_BUNDLE_LIMITS, ...options.limits }
  const platform = options.platform ?? process.platform
  const dirs = options.dirs ?? defaultSystemDirs(undefined, platform)
  let archive: BundleArchive
  try {
    archive = await openBundle(bytes, limits)
  } catch (error) {
    throw invalid(
      `This MCP bundle cannot be used: ${error instanceof Error ? error.message : String(error)}.`,
    )
  }
  try {
    const manifest = await readManifest(archive, limits)
    const mcpConfig = mcpConfigFor(manifest, platform)
    const info: BundleInfo = {
      name: manifest.name,
      displayName: manifest.display_name?.trim() || manifest.name,
      version: manifest.version,
      description: manifest.description,
      ...(manifest.long_description === undefined ? {} : { longDescription: manifest.long_description }),
      author: manifest.author,
      manifestVersion: manifestVersionOf(manifest),
      server: {
        type: manifest.server.type,
        entryPoint: manifest.server.entry_point,
        command: mcpConfig.command,
        args: mcpConfig.args,
        envNames: Object.keys(mcpConfig.env),
      },
      userConfig: userConfigFields(manifest, dirs, platform),
      tools: manifest.tools ?? [],
      prompts: (manifest.prompts ?? []).map(({ name, description }) => ({
        name,
        ...(description === undefined ? {} : { description }),
      })),
      fileCount: archive.entries.filter((entry) => entry.kind === 'file').length,
      unpackedBytes: archive.unpackedBytes,
      signed: archive.signed,
      notes: manifestNotes(manifest, { platform, signed: archive.signed }),
    }
    return { archive, manifest, mcpConfig, info }
  } catch (error) {
    archive.close()
    throw error
  }
}

/** What a dropped `.mcpb` is and the form its settings need, without writing anything. */
export async function inspectBundle(bytes: Uint8Array, options: InspectOptions = {}): Promise<BundleInfo> {
  const { archive, info } = await loadBundle(bytes, options)
  archive.close()
  return info
}
