import { INSTALL_LINK_MAX_CHARS } from './registry-view'

/**
 * The install links the app accepts from the operating system: its own `mcp-desk:` scheme, and the links
 * VS Code, Cursor and Cherry Studio publish (what they mean is the link parser's business, behind
 * `links:preview`; this only recognises them among a process's arguments). Compared without letter case,
 * as URL schemes are.
 */
export const INSTALL_LINK_PREFIXES = [
  'mcp-desk:',
  'vscode:mcp/install',
  'vscode-insiders:mcp/install',
  'cursor://anysphere.cursor-deeplink/mcp/install',
  'cherrystudio://mcp/install',
] as const

/** Whether one value is an install link of an accepted kind and of a size worth looking at. */
export function isInstallLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > INSTALL_LINK_MAX_CHARS) return false
  const lower = value.slice(0, 64).toLowerCase()
  return INSTALL_LINK_PREFIXES.some((prefix) => lower.startsWith(prefix))
}

/**
 * The install link among a launch's arguments: Windows and Linux start the app with the link as an
 * argument (the first launch, or a second one whose arguments the running app receives). Arguments come
 * from another process, so anything that is not an array of strings is no link, and a link longer than
 * 64 KiB is ignored rather than cut. The first link wins: the OS passes one.
 */
export function findInstallLink(argv: unknown): string | undefined {
  if (!Array.isArray(argv)) return undefined
  return (argv as unknown[]).find(isInstallLink)
}
