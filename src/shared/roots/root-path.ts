import { z } from 'zod'

/**
 * An absolute folder path as a root is stored: POSIX (`/home/ada/src`), a Windows drive path (`C:\src`,
 * `C:/src`) or a UNC share (`\\host\share`). Shared code cannot use node:path, and settings written on
 * one platform are still read (and shown) on another, so all three forms are recognised here.
 */
export function isAbsoluteFolderPath(value: string): boolean {
  return value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value) || /^\\\\[^\\]+\\[^\\]+/.test(value)
}

export const rootPathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine(isAbsoluteFolderPath, 'a root folder must be an absolute path')

/** One list of granted folders: absolute paths, each at most once. */
export const rootPathListSchema = z
  .array(rootPathSchema)
  .refine((paths) => new Set(paths).size === paths.length, 'a folder is listed more than once')
