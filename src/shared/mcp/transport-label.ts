/** The last path segment of a command, for `/usr/bin/node` as well as `C:\tools\notes.exe`. */
export function commandBasename(command: string): string {
  const parts = command.split(/[\\/]/).filter((part) => part.length > 0)
  return parts.at(-1) ?? command
}

/** How ui.md names a transport in card headers and lists: `stdio: <command basename>` or the URL's host. */
export function transportLabel(
  server: { transport: 'stdio'; command: string } | { transport: 'http'; url: string },
): string {
  if (server.transport === 'stdio') return `stdio: ${commandBasename(server.command)}`
  try {
    return new URL(server.url).host
  } catch {
    return server.url
  }
}
