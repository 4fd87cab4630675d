import type { ParsedConfig } from '../../../../shared/import/import-types'
import { INSTALL_LINK_MAX_CHARS, type RegistryEntryRequest } from '../../../../shared/registry/registry-view'
import { cursorFormat } from '../../config/import/cursor-format'
import { scanPlaceholders } from '../../config/import/placeholders'
import { preview, ServerCollector, type FormatResult } from '../../config/import/server-builder'
import { mapStandardEntry } from '../../config/import/standard-entry'
import { vscodeFormat } from '../../config/import/vscode-format'
import { cherryStudioServers } from './cherry-studio-link'
import {
  base64Json,
  decode,
  invalidLink,
  isObject,
  LINK_MAX_SERVERS,
  plainJson,
  queryParams,
} from './link-payload'

/**
 * Install links of MCP Desk and of the clients whose links people share, read into the import preview's
 * parsed config (format `install-link`) or a reference to a registry entry. Each client's server entry is
 * mapped by that client's own file format (vscode-format.ts, cursor-format.ts), so a server from a link
 * becomes exactly what the same entry in that client's file would. A link never installs anything: the
 * installer previews it, and what it adds is disabled until the user turns it on.
 *
 * - `mcp-desk://install?name=<registry name>[&version=V][&registry=<url>]`: a registry entry;
 *   `mcp-desk://install?config=<base64url of {name, …server entry}>`: one server inline;
 * - `vscode:mcp/install?<url-encoded {name, …entry}>` (and `vscode-insiders:`), also wrapped in
 *   `https://insiders.vscode.dev/redirect?url=<encoded vscode: link>` (or vscode.dev);
 * - `cursor://anysphere.cursor-deeplink/mcp/install?name=<name>&config=<base64 of the entry>`;
 * - `cherrystudio://mcp/install?servers=<base64 of {mcpServers:{…}}, [servers] or one server>`.
 */

export type InstallLink =
  | { kind: 'config'; parsed: ParsedConfig; origin: string }
  | { kind: 'registry'; request: RegistryEntryRequest; origin: string }

const SCHEMES = 'mcp-desk://, vscode:, cursor:// and cherrystudio://'
const VSCODE_REDIRECT = /^https:\/\/(insiders\.)?vscode\.dev\/redirect\?/i

export function parseInstallLink(link: string): InstallLink {
  let text = link.trim()
  if (text.length > INSTALL_LINK_MAX_CHARS) throw invalidLink('it is longer than 64 KiB')
  if (VSCODE_REDIRECT.test(text)) {
    const inner = queryParams(text.slice(text.indexOf('?') + 1)).get('url')
    if (inner === undefined || !/^vscode(-insiders)?:/i.test(inner)) {
      throw invalidLink('this vscode.dev redirect does not carry a vscode: install link')
    }
    text = inner.trim()
  }
  const match = /^([a-z][a-z0-9+.-]*):([^?]*)(?:\?(.*))?$/is.exec(text)
  if (match === null) throw invalidLink(`it is not a link; MCP Desk reads ${SCHEMES} install links`)
  const scheme = (match[1] ?? '').toLowerCase()
  const path = (match[2] ?? '').replace(/^\/\//, '').replace(/\/$/, '').toLowerCase()
  const query = match[3] ?? ''
  const origin = `an install link (${preview(`${scheme}:${match[2] ?? ''}`, 80)})`
  switch (scheme) {
    case 'mcp-desk':
      expectPath(path, 'install', 'mcp-desk://install')
      return deskLink(queryParams(query), origin)
    case 'vscode':
    case 'vscode-insiders':
      expectPath(path, 'mcp/install', `${scheme}:mcp/install`)
      return config(vscodeServer(decode(query)), origin)
    case 'cursor': {
      expectPath(
        path,
        'anysphere.cursor-deeplink/mcp/install',
        'cursor://anysphere.cursor-deeplink/mcp/install',
      )
      const params = queryParams(query)
      const name = params.get('name')
      const entry = required(params, 'config', (value) => base64Json(value, 'config'))
      if (name === undefined || name.trim() === '') throw invalidLink('it names no server (name=…)')
      if (!isObject(entry)) throw invalidLink('its config is not a server entry')
      return config(cursorFormat.parse({ mcpServers: { [name]: entry } }), origin)
    }
    case 'cherrystudio': {
      expectPath(path, 'mcp/install', 'cherrystudio://mcp/install')
      const servers = required(queryParams(query), 'servers', (value) =>
        base64Json(value, 'servers', { cherry: true }),
      )
      return config(cherryStudioServers(servers), origin)
    }
    default:
      throw invalidLink(
        `"${preview(scheme, 30)}:" links are not install links; MCP Desk reads ${SCHEMES} links`,
      )
  }
}

function expectPath(path: string, wanted: string, form: string): void {
  if (path !== wanted) throw invalidLink(`it is not an install link (expected ${form}?…)`)
}

function required<T>(params: Map<string, string>, key: string, read: (value: string) => T): T {
  const value = params.get(key)
  if (value === undefined || value === '') throw invalidLink(`it has no ${key}=…`)
  return read(value)
}

function deskLink(params: Map<string, string>, origin: string): InstallLink {
  const inline = params.get('config')
  if (inline !== undefined) {
    const entry = base64Json(inline, 'config')
    const { name, rest } = namedEntry(entry)
    const collector = new ServerCollector()
    const mapped = mapStandardEntry(name, rest, {
      types: { stdio: 'stdio', http: 'http', 'streamable-http': 'http', sse: 'sse' },
    })
    if (mapped.ok) collector.add(mapped.draft)
    else collector.skip(name, mapped.reason)
    return config(collector.result(), origin)
  }
  const name = params.get('name')?.trim()
  if (name === undefined || name === '') throw invalidLink('it has neither name=… nor config=…')
  if (name.length > 200) throw invalidLink('its server name is longer than 200 characters')
  const version = params.get('version')?.trim()
  const registryUrl = params.get('registry')?.trim()
  if (version !== undefined && version.length > 255) throw invalidLink('its version is too long')
  if (registryUrl !== undefined && registryUrl.length > 2048)
    throw invalidLink('its registry URL is too long')
  return {
    kind: 'registry',
    request: {
      name,
      ...(version ? { version } : {}),
      ...(registryUrl ? { registryUrl } : {}),
    },
    origin,
  }
}

/** VS Code's `{name, type, command, args, env | url, headers, inputs?}`, read as its mcp.json reads it. */
function vscodeServer(json: string): FormatResult {
  const { name, rest } = namedEntry(plainJson(json, 'server'))
  const { inputs, ...entry } = rest
  return vscodeFormat.parse({ servers: { [name]: entry }, ...(Array.isArray(inputs) ? { inputs } : {}) })
}

function namedEntry(value: unknown): { name: string; rest: Record<string, unknown> } {
  if (!isObject(value)) throw invalidLink('its server is not a JSON object')
  const { name, ...rest } = value
  if (typeof name !== 'string' || name.trim() === '') throw invalidLink('its server has no name')
  return { name: name.trim(), rest }
}

/** The mapped servers as a parsed config, with the placeholders their values hold; none is a refusal. */
function config(result: FormatResult, origin: string): InstallLink {
  const total = result.total ?? result.servers.length
  if (total > LINK_MAX_SERVERS) {
    throw invalidLink(`it lists ${total} servers; a link may add at most ${LINK_MAX_SERVERS}`)
  }
  if (result.servers.length === 0) {
    const why = result.notes.length > 0 ? `: ${result.notes.join('; ')}` : ''
    throw invalidLink(`it holds no server MCP Desk can add${why}`)
  }
  const { placeholders, notes } = scanPlaceholders(result.servers, result.inputs ?? new Map())
  const servers = result.servers.map((server, index) => ({
    ...server,
    notes: [...new Set([...server.notes, ...(notes[index] ?? [])])],
  }))
  return {
    kind: 'config',
    parsed: { format: 'install-link', servers, placeholders, notes: result.notes },
    origin,
  }
}
