import { createHash } from 'node:crypto'
import type { Client, RequestOptions } from '@modelcontextprotocol/client'
import type { ToolInfo } from '../../../shared/mcp/server-state'
import {
  MAX_VIEW_HTML_BYTES,
  MAX_VIEWS_PER_SERVER,
  MCP_APP_MIME_TYPE,
  viewCspSchema,
  viewPermissionsSchema,
  type ViewFacts,
} from '../../../shared/apps/view-schema'
import { messageOf } from '../../../shared/format/error-message'
import { canonicalJson } from '../mcp/discovery/tool-fingerprint'

/** One view as read: its facts (what ServerState and the rug-pull guard see) and its HTML (kept apart). */
export interface ReadView {
  facts: ViewFacts
  html: string
}

/**
 * The HTML of one connection's views, keyed by (uri, fingerprint): never in ServerState, which goes to the
 * window on every change. A new connection starts with an empty cache (see ServerConnection.connect).
 */
export class ViewHtmlCache {
  readonly #entries = new Map<string, { uri: string; html: string }>()

  #key(uri: string, fingerprint: string): string {
    return JSON.stringify([uri, fingerprint])
  }

  get(uri: string, fingerprint: string): string | undefined {
    return this.#entries.get(this.#key(uri, fingerprint))?.html
  }

  /**
   * Keeps the views of the latest listing, so a server that changes its HTML does not grow the cache; a view
   * the tools still name but that could not be read this time keeps its last HTML (a blip, see tool-review).
   */
  replace(listing: { tools: readonly ToolInfo[]; views: ReadonlyMap<string, ReadView> }): void {
    const named = new Set(
      listing.tools.flatMap((tool) => (tool.ui?.resourceUri ? [tool.ui.resourceUri] : [])),
    )
    for (const [key, entry] of this.#entries) {
      if (!named.has(entry.uri) || listing.views.has(entry.uri)) this.#entries.delete(key)
    }
    for (const [uri, view] of listing.views) this.put(uri, view)
  }

  put(uri: string, view: ReadView): void {
    this.#entries.set(this.#key(uri, view.facts.fingerprint), { uri, html: view.html })
  }

  clear(): void {
    this.#entries.clear()
  }
}

/** The sha256 of the HTML and the declarations the sandbox enforces: what approval is given to. */
export function viewFingerprint(html: string, declared: Omit<ViewFacts, 'fingerprint' | 'bytes'>): string {
  return createHash('sha256').update(html).update('\0').update(canonicalJson(declared)).digest('hex')
}

/** One line, short: a reason shown beside the tool (`ui.viewError`), never a server's whole message. */
function oneLine(text: string): string {
  const line = text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim()
  return line.length > 300 ? `${line.slice(0, 299)}…` : line
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Reads one `ui://` resource and checks it is a view the host can show: the MCP Apps mime type, text or a
 * base64 blob of at most MAX_VIEW_HTML_BYTES decoded, its `_meta.ui` declarations valid. Throws (one line)
 * otherwise.
 */
export async function readViewResource(
  client: Client,
  uri: string,
  options: RequestOptions,
): Promise<ReadView> {
  const result = await client.readResource({ uri }, options)
  const contents: unknown[] = Array.isArray(result.contents) ? result.contents : []
  const content = contents.find((item) => isObject(item) && item.uri === uri) ?? contents[0]
  if (!isObject(content)) throw new Error('the server returned no content for the view')
  const mimeType = typeof content.mimeType === 'string' ? content.mimeType : '(none)'
  if (mimeType.replace(/\s+/g, '').toLowerCase() !== MCP_APP_MIME_TYPE) {
    throw new Error(`the view's mime type is ${mimeType}, not ${MCP_APP_MIME_TYPE}`)
  }
  let html: string
  if (typeof content.text === 'string') {
    if (Buffer.byteLength(content.text) > MAX_VIEW_HTML_BYTES) throw tooLarge()
    html = content.text
  } else if (typeof content.blob === 'string') {
    // Decoded size from the length first, so an oversized blob is never decoded.
    if (Math.floor((content.blob.length * 3) / 4) > MAX_VIEW_HTML_BYTES + 3) throw tooLarge()
    const bytes = Buffer.from(content.blob, 'base64')
    if (bytes.length > MAX_VIEW_HTML_BYTES) throw tooLarge()
    html = bytes.toString('utf8')
  } else {
    throw new Error('the view has neither text nor a blob')
  }
  const meta = isObject(content._meta) && isObject(content._meta.ui) ? content._meta.ui : {}
  const csp = meta.csp === undefined ? undefined : viewCspSchema.safeParse(meta.csp)
  if (csp && !csp.success) throw new Error("the view's declared csp is malformed")
  const permissions =
    meta.permissions === undefined ? undefined : viewPermissionsSchema.safeParse(meta.permissions)
  if (permissions && !permissions.success) throw new Error("the view's declared permissions are malformed")
  const declared = {
    ...(csp?.data ? { csp: csp.data } : {}),
    ...(permissions?.data ? { permissions: permissions.data } : {}),
    ...(typeof meta.prefersBorder === 'boolean' ? { prefersBorder: meta.prefersBorder } : {}),
  }
  const facts: ViewFacts = {
    fingerprint: viewFingerprint(html, declared),
    bytes: Buffer.byteLength(html),
    ...declared,
  }
  return { facts, html }
}

function tooLarge(): Error {
  return new Error(`the view is larger than ${MAX_VIEW_HTML_BYTES} bytes`)
}

/**
 * Reads the views the listed tools name (each distinct URI once, at most MAX_VIEWS_PER_SERVER, one at a time
 * under the listing's deadline) and puts their facts in each tool's `ui.view`. A read that fails sets
 * `ui.viewError` for its tools and never fails the listing: the tools stay usable without their view.
 */
export async function readToolViews(
  client: Client,
  tools: readonly ToolInfo[],
  options: RequestOptions,
): Promise<{ tools: ToolInfo[]; views: Map<string, ReadView> }> {
  const uris = [...new Set(tools.flatMap((tool) => (tool.ui?.resourceUri ? [tool.ui.resourceUri] : [])))]
  const views = new Map<string, ReadView>()
  const errors = new Map<string, string>()
  for (const [index, uri] of uris.entries()) {
    if (index >= MAX_VIEWS_PER_SERVER) {
      errors.set(uri, `the server names more than ${MAX_VIEWS_PER_SERVER} views; this one was not read`)
      continue
    }
    if (options.signal?.aborted) throw options.signal.reason
    try {
      views.set(uri, await readViewResource(client, uri, options))
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason
      errors.set(uri, oneLine(`reading the view failed: ${messageOf(error)}`))
    }
  }
  const withViews = tools.map((tool): ToolInfo => {
    const uri = tool.ui?.resourceUri
    if (!tool.ui || uri === undefined) return tool
    const view = views.get(uri)
    if (view) return { ...tool, ui: { ...tool.ui, view: view.facts } }
    return { ...tool, ui: { ...tool.ui, viewError: errors.get(uri) ?? 'the view was not read' } }
  })
  return { tools: withViews, views }
}
