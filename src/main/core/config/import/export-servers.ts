import type { ConfigValue, ServerConfig } from '../../../../shared/settings/settings-schema'

/**
 * Writes MCP Desk's servers in another client's format, so leaving is as easy as arriving. Secret values
 * never leave the secret store: each becomes a placeholder the other client resolves (VS Code prompts for
 * its `inputs`; Cursor expands `${env:NAME}`) or the user fills in (Claude Desktop expands nothing, so its
 * `${NAME}` marks what to replace). Claude Desktop's file has no remote servers, so those are bridged with
 * `mcp-remote`, the usual way to reach one from it, with each header passed through an env variable
 * (header arguments with spaces break on Windows). Whatever a format has no field for is left out: the enabled
 * flag and sampling policy everywhere, cwd outside VS Code, OAuth client settings outside Cursor (whose `auth`
 * takes a pre-registered client's id, secret and scopes). A legacy SSE server is `type: "sse"` in VS Code and
 * `--transport sse-only` for mcp-remote; Cursor tells the transports apart itself.
 */

export const EXPORT_FORMATS = ['claude-desktop', 'vscode', 'cursor'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

type StdioServer = Extract<ServerConfig, { transport: 'stdio' }>
type RemoteServer = Exclude<ServerConfig, { transport: 'stdio' }>

interface VscodeInput {
  type: 'promptString'
  id: string
  description: string
  password: true
}

export function exportServers(servers: readonly ServerConfig[], format: ExportFormat): string {
  const entries: Record<string, unknown> = {}
  const inputs = new Map<string, VscodeInput>()
  for (const [key, server] of uniqueKeys(servers)) {
    entries[key] = exportServer(server, format, inputs)
  }
  const document =
    format === 'vscode'
      ? { ...(inputs.size > 0 ? { inputs: [...inputs.values()] } : {}), servers: entries }
      : { mcpServers: entries }
  return `${JSON.stringify(document, null, 2)}\n`
}

function exportServer(server: ServerConfig, format: ExportFormat, inputs: Map<string, VscodeInput>): unknown {
  const reference = (value: ConfigValue, variable: string, description: string): string => {
    if (typeof value === 'string') return value
    if (format === 'vscode') {
      if (!inputs.has(value.secret)) {
        inputs.set(value.secret, { type: 'promptString', id: value.secret, description, password: true })
      }
      return `\${input:${value.secret}}`
    }
    return format === 'cursor' ? `\${env:${variable}}` : `\${${variable}}`
  }
  if (server.transport === 'stdio') return exportStdio(server, format, reference)
  if (format === 'claude-desktop') return bridgeRemote(server, reference)
  return exportHttp(server, format, reference)
}

type Reference = (value: ConfigValue, variable: string, description: string) => string

function exportStdio(server: StdioServer, format: ExportFormat, reference: Reference): unknown {
  const env = Object.fromEntries(
    Object.entries(server.env).map(([name, value]) => [
      name,
      reference(value, name, `${name} for ${server.name}`),
    ]),
  )
  return {
    ...(format === 'vscode' ? { type: 'stdio' } : {}),
    command: server.command,
    args: server.args,
    ...(Object.keys(env).length > 0 ? { env } : {}),
    ...(format === 'vscode' && server.cwd !== undefined ? { cwd: server.cwd } : {}),
  }
}

function exportHttp(server: RemoteServer, format: ExportFormat, reference: Reference): unknown {
  const headers = Object.fromEntries(
    Object.entries(server.headers).map(([name, value]) => [
      name,
      reference(value, headerVariable(server.name, name), `${name} header for ${server.name}`),
    ]),
  )
  const auth = format === 'cursor' ? cursorAuth(server, reference) : undefined
  return {
    ...(format === 'vscode' ? { type: server.transport } : {}),
    url: server.url,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(auth ? { auth } : {}),
  }
}

/**
 * Cursor's static OAuth client: `auth.CLIENT_ID`, `auth.CLIENT_SECRET` (a placeholder) and `auth.scopes`.
 * The block describes a pre-registered client, so without a client id there is nothing to write.
 */
function cursorAuth(server: RemoteServer, reference: Reference): Record<string, unknown> | undefined {
  const oauth = server.oauth
  if (oauth?.clientId === undefined) return undefined
  const secret = oauth.clientSecret
  return {
    CLIENT_ID: oauth.clientId,
    ...(secret === undefined
      ? {}
      : {
          CLIENT_SECRET: reference(
            secret,
            headerVariable(server.name, 'OAUTH_CLIENT_SECRET'),
            `OAuth client secret for ${server.name}`,
          ),
        }),
    ...(oauth.scopes === undefined ? {} : { scopes: oauth.scopes }),
  }
}

/**
 * `npx mcp-remote <url> --header "Name:${NAME_HEADER}"`, with NAME_HEADER in env: mcp-remote expands it
 * from its own environment. A secret's env value is the `${NAME}` the user fills in, a different variable
 * from the one in the argument, so filling it in never puts the secret into the arguments.
 */
function bridgeRemote(server: RemoteServer, reference: Reference): unknown {
  const headers = Object.entries(server.headers).map(([name, value]) => {
    const variable = headerVariable(server.name, name)
    return {
      name,
      variable: `${variable}_HEADER`,
      value: reference(value, variable, `${name} header for ${server.name}`),
    }
  })
  return {
    command: 'npx',
    args: [
      '-y',
      'mcp-remote',
      server.url,
      ...(server.transport === 'sse' ? ['--transport', 'sse-only'] : []),
      ...headers.flatMap((h) => ['--header', `${h.name}:\${${h.variable}}`]),
    ],
    ...(headers.length > 0 ? { env: Object.fromEntries(headers.map((h) => [h.variable, h.value])) } : {}),
  }
}

/** An env variable name for a header value: `linear` + `Authorization` → `LINEAR_AUTHORIZATION`. */
export function headerVariable(serverName: string, header: string): string {
  const name = `${serverName}_${header}`
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  return /^[0-9]/.test(name) ? `_${name}` : name
}

/** Keys by server name; a name used twice gets its id added, since keys must be unique in every format. */
function uniqueKeys(servers: readonly ServerConfig[]): Array<[string, ServerConfig]> {
  const counts = new Map<string, number>()
  for (const server of servers) counts.set(server.name, (counts.get(server.name) ?? 0) + 1)
  const taken = new Set<string>()
  return servers.map((server) => {
    let key = (counts.get(server.name) ?? 0) > 1 ? `${server.name} (${server.id})` : server.name
    for (let n = 2; taken.has(key); n++) key = `${server.name} (${server.id}-${n})`
    taken.add(key)
    return [key, server]
  })
}
