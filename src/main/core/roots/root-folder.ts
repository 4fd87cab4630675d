import { statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Root } from '@modelcontextprotocol/client'
import { IpcFailure } from '../../../shared/ipc/ipc-error'

/**
 * The one spelling a folder is stored and compared in: resolved (`.` and `..` gone, repeated separators
 * collapsed) and without a trailing separator. Relative paths are refused rather than resolved against
 * the app's working directory, which the user never chose; the CLI resolves them against the shell's.
 */
export function normaliseFolder(input: string): string {
  const trimmed = input.trim()
  if (trimmed === '' || !path.isAbsolute(trimmed)) {
    throw new IpcFailure('validation_failed', `"${input}" is not an absolute path; give the full path`)
  }
  return path.resolve(trimmed)
}

/** A folder about to be granted: normalised, and it must exist and be a directory. */
export function existingFolder(input: string): string {
  const folder = normaliseFolder(input)
  let isDirectory: boolean
  try {
    isDirectory = statSync(folder).isDirectory()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new IpcFailure('validation_failed', `folder "${folder}" does not exist`)
    }
    throw new IpcFailure(
      'validation_failed',
      `folder "${folder}" cannot be read: ${(error as Error).message}`,
    )
  }
  if (!isDirectory) throw new IpcFailure('validation_failed', `"${folder}" is not a folder`)
  return folder
}

/** A granted folder as `roots/list` answers it; the filesystem root has no basename, so it is named by path. */
export function toRoot(folder: string): Root {
  return { uri: pathToFileURL(folder).href, name: path.basename(folder) || folder }
}
