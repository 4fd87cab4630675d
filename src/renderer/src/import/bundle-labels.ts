import type { BundleInfo } from '../../../shared/import/bundle-info'

/** The words the bundle preview shows for a manifest's facts. */

const SERVER_TYPE_LABELS: Record<BundleInfo['server']['type'], string> = {
  node: 'Node.js',
  python: 'Python',
  uv: 'Python (uv)',
  binary: 'Binary',
}

export function serverTypeLabel(type: BundleInfo['server']['type']): string {
  return SERVER_TYPE_LABELS[type]
}

/** Unpacked size in binary units, one decimal from KiB on. */
export function formatBundleSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`
}

export function fileCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`
}

/**
 * The command as the manifest writes it, `${…}` placeholders and all. Words are joined with spaces; one
 * holding a space or quote (or empty) is shown double-quoted so where it ends stays visible.
 */
export function manifestCommandLine(command: string, args: readonly string[]): string {
  const quote = (word: string) => (word === '' || /[\s"']/.test(word) ? JSON.stringify(word) : word)
  return [command, ...args].map(quote).join(' ')
}

/** The first `max` names, and how many were left out. */
export function shownToolNames(tools: BundleInfo['tools'], max = 10): { names: string[]; more: number } {
  return { names: tools.slice(0, max).map((tool) => tool.name), more: Math.max(0, tools.length - max) }
}
