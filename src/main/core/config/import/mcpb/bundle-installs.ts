import { closeSync, openSync, readSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { ServerConfig } from '../../../../../shared/settings/settings-schema'

/**
 * Which server owns which bundle folder. Every install unpacks into a folder of its own under
 * `<home>/bundles` and the server's config records it as its `cwd`; that record is the only ownership
 * there is, so a folder is never picked by a manifest's name and version (two bundles may share both), and
 * a folder is deleted only when the server that owned it was replaced and no configured server uses it.
 */

/** The manifest is read to tell which bundle an install came from; a larger one is not ours to read. */
const MANIFEST_READ_LIMIT = 1024 * 1024

/** The bundle folder `config` runs from: its `cwd`, when that is a folder directly under `bundlesDir`. */
export function installDirOf(config: ServerConfig, bundlesDir: string): string | undefined {
  if (config.transport !== 'stdio' || config.cwd === undefined) return undefined
  const dir = path.resolve(config.cwd)
  return path.dirname(dir) === path.resolve(bundlesDir) ? dir : undefined
}

/** The manifest `name` of the bundle installed in `dir`, or undefined when it cannot be read. */
export function installedBundleName(dir: string): string | undefined {
  let fd: number | undefined
  try {
    fd = openSync(path.join(dir, 'manifest.json'), 'r')
    const buffer = Buffer.alloc(MANIFEST_READ_LIMIT + 1)
    const length = readSync(fd, buffer, 0, buffer.length, 0)
    if (length > MANIFEST_READ_LIMIT) return undefined
    const manifest: unknown = JSON.parse(
      buffer
        .subarray(0, length)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    )
    const name = (manifest as { name?: unknown } | null)?.name
    return typeof name === 'string' ? name : undefined
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** The configured server installed from a bundle with this manifest name (the first, if several). */
export function serverInstalledFrom(
  bundleName: string,
  configs: readonly ServerConfig[],
  bundlesDir: string,
): ServerConfig | undefined {
  return configs.find((config) => {
    const dir = installDirOf(config, bundlesDir)
    return dir !== undefined && installedBundleName(dir) === bundleName
  })
}

function inside(candidate: string, dir: string): boolean {
  if (!path.isAbsolute(candidate)) return false
  const resolved = path.resolve(candidate)
  return resolved === dir || resolved.startsWith(dir + path.sep)
}

/** Whether `config` runs anything from `dir`: its cwd, its command, or an argument naming a path in it. */
export function usesFolder(config: ServerConfig, dir: string): boolean {
  if (config.transport !== 'stdio') return false
  const target = path.resolve(dir)
  const candidates = [config.cwd, config.command, ...config.args].filter(
    (value): value is string => value !== undefined,
  )
  return candidates.some(
    (value) =>
      inside(value, target) ||
      value
        .split('=')
        .slice(1)
        .some((part) => inside(part, target)),
  )
}

/**
 * Deletes the folder a replaced server was installed in, unless a configured server still uses it. A
 * failure (a file still open on Windows) leaves it for the user; the server already runs the new one.
 */
export async function retireInstall(dir: string, configs: readonly ServerConfig[]): Promise<boolean> {
  if (configs.some((config) => usesFolder(config, dir))) return false
  try {
    await rm(dir, { recursive: true, force: true })
    return true
  } catch {
    return false
  }
}
