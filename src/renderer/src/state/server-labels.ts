import type { ConfigValueView, ServerConfigView } from '../../../shared/settings/settings-view'

/** The last path segment of a command, for `/usr/bin/node` as well as `C:\tools\notes.exe`. */
export function commandBasename(command: string): string {
  const parts = command.split(/[\\/]/).filter((part) => part.length > 0)
  return parts.at(-1) ?? command
}

/** How ui.md names a transport: `stdio: <command basename>` or the URL's host. */
export function transportLabel(server: ServerConfigView): string {
  if (server.transport === 'stdio') return `stdio: ${commandBasename(server.command)}`
  try {
    return new URL(server.url).host
  } catch {
    return server.url
  }
}

/** The keys a server passes along (env for stdio, headers for http) with their masked views. */
export function serverValueEntries(server: ServerConfigView): {
  kind: 'env' | 'header'
  entries: Array<[string, ConfigValueView]>
} {
  return server.transport === 'stdio'
    ? { kind: 'env', entries: Object.entries(server.env) }
    : { kind: 'header', entries: Object.entries(server.headers) }
}
