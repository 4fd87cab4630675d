import { randomUUID } from 'node:crypto'
import { chmod, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { describeZodIssues, IpcFailure } from '../../../../../shared/ipc/ipc-error'
import { serverInputSchema, type ServerInput } from '../../../../../shared/mcp/server-input'
import type { UserConfigValue } from '../../../../../shared/import/bundle-info'
import type { BundleArchive } from './bundle-zip'
import { loadBundle, type InspectOptions, type LoadedBundle } from './inspect-bundle'
import {
  defaultSystemDirs,
  substituteArgs,
  substituteEnv,
  substituteString,
  type SubstitutionContext,
  type SubstitutionValue,
} from './substitute-variables'
import { resolveUserConfig } from './user-config'
import { messageOf } from '../../../../../shared/format/error-message'

export interface InstallOptions extends InspectOptions {
  /** Where bundles live, e.g. `<home>/bundles`; each install gets a new `<name>-<version>-<random>/` under it. */
  bundlesDir: string
  /** The answers to the bundle's user_config form, by key. */
  userConfig: Readonly<Record<string, UserConfigValue>>
}

export interface InstalledBundle {
  /** A stdio server for `ServerConfigService.add`; env values are `{ value }`, so they go to the secret store. */
  input: ServerInput
  installDir: string
  /** What the manifest asks that MCP Desk does not do, and what substitution could not do. */
  notes: string[]
}

/** `My Extension` `1.0.0` → `My-Extension-1.0.0`: one safe folder name whatever the manifest says. */
export function installFolderName(name: string, version: string): string {
  const safe = (text: string, fallback: string) =>
    text
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[.-]+|[.-]+$/g, '')
      .slice(0, 64) || fallback
  return `${safe(name, 'bundle')}-${safe(version, '0')}`
}

interface BuiltServer {
  input: ServerInput
  /** The bundle file the command runs, relative to the install folder, when it is one. */
  executable?: string
}

/**
 * A relative command with a folder part (`server/my-server`) is a file of the bundle; so is a binary
 * server's bare command when the bundle holds a file of that name. Binaries get `.exe` on Windows, as
 * the spec says clients do. A bare name like `node` or `python` is left for PATH.
 */
function resolveCommand(
  command: string,
  loaded: LoadedBundle,
  installDir: string,
  platform: NodeJS.Platform,
): { command: string; executable?: string } {
  const paths = platform === 'win32' ? path.win32 : path.posix
  const isBinary = loaded.manifest.server.type === 'binary'
  const inBundle = (name: string): boolean => {
    try {
      return loaded.archive.file(name) !== undefined
    } catch {
      return false
    }
  }
  let resolved = command
  if (!paths.isAbsolute(command) && (/[\\/]/.test(command) || (isBinary && inBundle(command)))) {
    resolved = paths.join(installDir, command)
  }
  if (isBinary && platform === 'win32' && paths.extname(resolved) === '') resolved += '.exe'
  const relative = paths.relative(installDir, resolved)
  const inside = relative !== '' && !relative.startsWith('..') && !paths.isAbsolute(relative)
  return inside
    ? { command: resolved, executable: relative.split(paths.sep).join('/') }
    : { command: resolved }
}

function buildServer(
  loaded: LoadedBundle,
  values: ReadonlyMap<string, SubstitutionValue>,
  installDir: string,
  options: InstallOptions,
  notes: string[],
): BuiltServer {
  const platform = options.platform ?? process.platform
  const ctx: SubstitutionContext = {
    installDir,
    dirs: options.dirs ?? defaultSystemDirs(undefined, platform),
    platform,
    userConfig: values,
    sensitive: new Set(loaded.info.userConfig.filter((field) => field.sensitive).map((field) => field.key)),
    notes,
  }
  const template = loaded.mcpConfig
  const substituted = substituteString(template.command, 'command', ctx).trim()
  if (substituted === '')
    throw new IpcFailure(
      'validation_failed',
      "The bundle's command is empty once its settings are filled in.",
    )
  const { command, executable } = resolveCommand(substituted, loaded, installDir, platform)
  if (loaded.manifest.server.type === 'node' && command === 'node') {
    notes.push('The server runs with the `node` found on PATH (Claude Desktop would use its built-in Node).')
  }
  const env = substituteEnv(template.env, ctx)
  const input: ServerInput = {
    name: loaded.info.displayName.slice(0, 200),
    transport: 'stdio',
    command,
    args: substituteArgs(template.args, ctx),
    env: Object.fromEntries(Object.entries(env).map(([name, value]) => [name, { value }])),
    // The spec's examples also give paths relative to the bundle (`server/index.js`).
    cwd: installDir,
  }
  const parsed = serverInputSchema.safeParse(input)
  if (!parsed.success) {
    throw new IpcFailure(
      'validation_failed',
      `The bundle's server cannot be added: ${describeZodIssues(parsed.error)}`,
    )
  }
  return executable === undefined ? { input } : { input, executable }
}

async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  )
}

/**
 * Unpacks into a staging folder, then renames it to `installDir`, a name no install has used: a
 * half-unpacked bundle never carries an install's name, and no install ever writes into another's folder
 * (which server owns which folder is recorded in its config; see bundle-installs.ts).
 */
async function unpackIntoNewFolder(
  archive: BundleArchive,
  bundlesDir: string,
  installDir: string,
  executable: string | undefined,
): Promise<void> {
  await mkdir(bundlesDir, { recursive: true })
  const staging = await mkdtemp(path.join(bundlesDir, `.installing-${path.basename(installDir)}-`))
  try {
    await archive.extractTo(staging)
    // A binary server must be executable even when the zip did not record permissions.
    if (executable !== undefined && (await exists(path.join(staging, executable)))) {
      const target = path.join(staging, executable)
      await chmod(target, ((await stat(target)).mode & 0o777) | 0o755)
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw new IpcFailure('validation_failed', `The bundle could not be unpacked: ${messageOf(error)}`)
  }
  try {
    if (await exists(installDir)) throw new Error(`${installDir} exists already`)
    await rename(staging, installDir)
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw new IpcFailure('unavailable', `The bundle could not be installed: ${messageOf(error)}`)
  }
}

/**
 * Installs a bundle: checks it and the answers to its form first (nothing is written if either is wrong),
 * unpacks it into a new folder `<bundlesDir>/<name>-<version>-<random>/`, and returns the stdio server to
 * add. Settings are not touched: the caller adds `input` (which puts its env values into the secret store),
 * or removes `installDir` if it does not.
 */
export async function installBundle(bytes: Uint8Array, options: InstallOptions): Promise<InstalledBundle> {
  const loaded = await loadBundle(bytes, options)
  try {
    const platform = options.platform ?? process.platform
    const values = resolveUserConfig(loaded.info.userConfig, options.userConfig, platform)
    const bundlesDir = path.resolve(options.bundlesDir)
    const folder = `${installFolderName(loaded.manifest.name, loaded.manifest.version)}-${randomUUID().slice(0, 8)}`
    const installDir = path.join(bundlesDir, folder)
    const notes = [...loaded.info.notes]
    const { input, executable } = buildServer(loaded, values, installDir, options, notes)
    await unpackIntoNewFolder(loaded.archive, bundlesDir, installDir, executable)
    return { input, installDir, notes }
  } finally {
    loaded.archive.close()
  }
}
