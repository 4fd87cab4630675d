import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client'
import type { Client, RequestOptions, Tool } from '@modelcontextprotocol/client'
import type { McpLimits } from '../../../../shared/settings/settings-schema'
import { formatByteSize, jsonByteLength } from './byte-size'
import { shorterTtl, ttlOf } from './list-freshness'
import { invalidXMcpHeader } from './x-mcp-header'

/** A tool definition exactly as the server listed it. */
export type RawTool = Tool

/** The one thing discovery needs from an MCP client: one `tools/list` page at a time. */
export interface ToolLister {
  listToolsPage(cursor: string | undefined, options?: RequestOptions): Promise<unknown>
}

/**
 * A client's pages. Not `Client.listTools()`: without a cursor, v2 fetches and caches every page itself,
 * under its own page cap and before any of our limits (tools, bytes, pages, loops) could stop it.
 */
export function pagesOf(client: Client): ToolLister {
  return {
    listToolsPage: (cursor, options) =>
      client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, options),
  }
}

/** The server listed something discovery cannot register (a loop, a duplicate, a malformed tool). */
export class DiscoveryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DiscoveryError'
  }
}

/** The server went over one of the discovery limits; `limit` is its settings name (e.g. `maxTools`). */
export class DiscoveryLimitError extends DiscoveryError {
  readonly limit: keyof McpLimits

  constructor(limit: keyof McpLimits, message: string) {
    super(message)
    this.name = 'DiscoveryLimitError'
    this.limit = limit
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function overLimit(actual: number, limit: number): { actual: string; limit: string } {
  const shownActual = formatByteSize(actual)
  const shownLimit = formatByteSize(limit)
  // Rounding can make "32 KiB, over the 32 KiB limit"; then exact byte counts say what happened.
  return shownActual === shownLimit
    ? { actual: `${actual} bytes`, limit: `${limit} bytes` }
    : { actual: shownActual, limit: shownLimit }
}

/**
 * Checks one listed tool on its own. The SDK client already validates the result against the MCP schema,
 * but discovery accepts any lister, so it checks the parts it relies on itself.
 */
function checkTool(tool: unknown, index: number, limits: McpLimits): RawTool {
  if (!isPlainObject(tool)) throw new DiscoveryError(`tool #${index + 1} is not an object`)
  const name = tool['name']
  if (typeof name !== 'string' || name.length === 0) {
    throw new DiscoveryError(`tool #${index + 1} has no name`)
  }
  const description = tool['description']
  if (description !== undefined && typeof description !== 'string') {
    throw new DiscoveryError(`tool "${name}" has a description that is not a string`)
  }
  const schema = tool['inputSchema']
  if (!isPlainObject(schema)) {
    throw new DiscoveryError(`tool "${name}" has an inputSchema that is not a JSON object`)
  }
  if (schema['type'] !== 'object') {
    throw new DiscoveryError(
      `tool "${name}" has an inputSchema of type ${JSON.stringify(schema['type'])}; MCP requires type "object"`,
    )
  }
  const schemaBytes = jsonByteLength(schema)
  if (schemaBytes > limits.maxSchemaBytes) {
    const shown = overLimit(schemaBytes, limits.maxSchemaBytes)
    throw new DiscoveryLimitError(
      'maxSchemaBytes',
      `tool "${name}" has a ${shown.actual} inputSchema, over the ${shown.limit} limit (maxSchemaBytes)`,
    )
  }
  return tool as RawTool
}

interface SchemaIssue {
  path: Array<string | number>
  message: string
}

function isSchemaIssue(value: unknown): value is SchemaIssue {
  return isPlainObject(value) && Array.isArray(value['path']) && typeof value['message'] === 'string'
}

/**
 * The SDK client validates tools/list results itself and throws its schema error, whose message is a JSON
 * dump (v2: "Invalid result for tools/list: [issues]"); this turns it into one line such as
 * `tools[3].inputSchema.type: Invalid input: expected "object"`.
 */
function asDiscoveryError(error: unknown, page: number): unknown {
  const issues: unknown = isPlainObject(error) ? (error['issues'] ?? issuesInMessage(error)) : undefined
  if (!Array.isArray(issues) || !issues.every(isSchemaIssue) || issues.length === 0) return error
  const described = issues.slice(0, 3).map((issue) => {
    const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('')
    return `${path.replace(/^\./, '') || 'result'}: ${issue.message}`
  })
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''
  return new DiscoveryError(
    `tools/list page ${page} is not a valid MCP result: ${described.join('; ')}${more}`,
  )
}

function issuesInMessage(error: unknown): unknown {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.InvalidResult) return undefined
  const dump = /^Invalid result for [^:]+: (\[[\s\S]*\])$/.exec(error.message)?.[1]
  try {
    return dump === undefined ? undefined : JSON.parse(dump)
  } catch {
    return undefined
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('discovery aborted')
}

/**
 * Lists every tool of a server, following `nextCursor`, under the discovery limits. It returns the whole
 * list or throws: a server over a limit must fail as a whole, never be half-registered.
 */
export async function discoverTools(
  source: Client | ToolLister,
  limits: McpLimits,
  options: { signal?: AbortSignal; onPage?: (page: Record<string, unknown>) => void } = {},
): Promise<RawTool[]> {
  const { signal } = options
  const client = 'listToolsPage' in source ? source : pagesOf(source)
  const tools: RawTool[] = []
  const names = new Set<string>()
  const cursorsSeen = new Set<string>()
  let definitionBytes = 0
  let cursor: string | undefined

  for (let page = 1; ; page += 1) {
    throwIfAborted(signal)
    const result: unknown = await client
      .listToolsPage(cursor, signal ? { signal } : undefined)
      .catch((error: unknown) => {
        throw asDiscoveryError(error, page)
      })
    throwIfAborted(signal)
    if (!isPlainObject(result) || !Array.isArray(result['tools'])) {
      throw new DiscoveryError(`tools/list page ${page} has no "tools" array`)
    }
    options.onPage?.(result)
    const listed: unknown[] = result['tools']

    if (tools.length + listed.length > limits.maxTools) {
      throw new DiscoveryLimitError('maxTools', `server listed more than ${limits.maxTools} tools (maxTools)`)
    }
    for (const entry of listed) {
      const tool = checkTool(entry, tools.length, limits)
      // SEP-2243: a tool with invalid `x-mcp-header` marks is left out; its siblings stay.
      if (invalidXMcpHeader(tool.inputSchema) !== undefined) continue
      if (names.has(tool.name)) throw new DiscoveryError(`server listed the tool "${tool.name}" twice`)
      names.add(tool.name)
      definitionBytes += jsonByteLength(tool)
      tools.push(tool)
    }
    // Checked per page, not per tool, so the message gives the size of everything listed so far.
    if (definitionBytes > limits.maxDefinitionBytes) {
      const shown = overLimit(definitionBytes, limits.maxDefinitionBytes)
      const more = typeof result['nextCursor'] === 'string' && result['nextCursor'] !== ''
      throw new DiscoveryLimitError(
        'maxDefinitionBytes',
        `server's tool definitions total ${more ? 'at least ' : ''}${shown.actual}, ` +
          `over the ${shown.limit} limit (maxDefinitionBytes)`,
      )
    }

    const next = result['nextCursor']
    // An empty cursor is treated as the end: some servers send "" for "no more pages", and asking for
    // page "" again would only restart the list.
    if (next === undefined || next === null || next === '') return tools
    if (typeof next !== 'string')
      throw new DiscoveryError(`tools/list page ${page} has a non-string nextCursor`)
    if (cursorsSeen.has(next)) {
      throw new DiscoveryError(
        `server repeated the tools/list cursor ${JSON.stringify(next)} on page ${page}; its pagination loops`,
      )
    }
    if (page >= limits.maxToolPages) {
      throw new DiscoveryLimitError(
        'maxToolPages',
        `server listed more than ${limits.maxToolPages} pages of tools (maxToolPages)`,
      )
    }
    cursorsSeen.add(next)
    cursor = next
  }
}

/** discoverTools, with the TTL the server gave the list (SEP-2549; the shortest of its pages'), if any. */
export async function discoverToolList(
  client: Client,
  limits: McpLimits,
  options: { signal?: AbortSignal } = {},
): Promise<{ tools: RawTool[]; ttlMs: number | undefined }> {
  let ttlMs: number | undefined
  const tools = await discoverTools(client, limits, {
    ...options,
    onPage: (page) => (ttlMs = shorterTtl(ttlMs, ttlOf(page))),
  })
  return { tools, ttlMs }
}
