import { z } from 'zod'

/**
 * MCP Apps (SEP-1865, the `io.modelcontextprotocol/ui` extension, 2026-01-26): a tool may name a `ui://`
 * resource whose HTML the host shows as an interactive view in a sandbox. These are the shapes the host, the
 * window and the sandbox agree on; everything a server declares is bounded here before anything uses it.
 */
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui'
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app'
/** The protocol version of the view bridge (ui/initialize). */
export const MCP_APPS_PROTOCOL_VERSION = '2026-01-26'

/** The largest view HTML the host reads and keeps (decoded bytes). */
export const MAX_VIEW_HTML_BYTES = 8 * 1024 * 1024
/** At most this many distinct views are read per server listing; tools past it show no view. */
export const MAX_VIEWS_PER_SERVER = 32
/** The largest tool result kept in the transcript for a view to show again; bigger ones are left out. */
export const MAX_VIEW_RESULT_BYTES = 2 * 1024 * 1024

const MAX_DOMAINS = 32
/** One CSP source as a server may declare it: scheme://host[:port], host may start with `*.`. */
export const VIEW_DOMAIN_PATTERN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i
const domainList = z.array(z.string().max(253)).max(MAX_DOMAINS)

/** `_meta.ui.csp` as declared: the origins a view may reach. Nothing else is ever allowed. */
export const viewCspSchema = z.object({
  connectDomains: domainList.optional(),
  resourceDomains: domainList.optional(),
  frameDomains: domainList.optional(),
  baseUriDomains: domainList.optional(),
})
export type ViewCsp = z.infer<typeof viewCspSchema>

const permission = z.object({}).loose()
/** `_meta.ui.permissions`: browser features the view asks for; granted only as declared and asked for. */
export const viewPermissionsSchema = z.object({
  camera: permission.optional(),
  microphone: permission.optional(),
  geolocation: permission.optional(),
  clipboardWrite: permission.optional(),
})
export type ViewPermissions = z.infer<typeof viewPermissionsSchema>

/** What the host read of a view resource: its fingerprint and declarations, never the HTML itself. */
export const viewFactsSchema = z.object({
  /** sha256 of the HTML and its `_meta.ui` declarations: what the rug-pull guard compares. */
  fingerprint: z.string(),
  bytes: z.number().int().nonnegative(),
  csp: viewCspSchema.optional(),
  permissions: viewPermissionsSchema.optional(),
  prefersBorder: z.boolean().optional(),
})
export type ViewFacts = z.infer<typeof viewFactsSchema>

export const toolVisibilitySchema = z.array(z.enum(['model', 'app'])).max(2)

/** A tool's `_meta.ui` as the host keeps it. */
export const toolUiSchema = z.object({
  /** The `ui://` resource that renders this tool's results. */
  resourceUri: z.string().max(2048).optional(),
  /** Who may call the tool; absent means both the model and the view. */
  visibility: toolVisibilitySchema.optional(),
  /** The view as read at listing time (part of the tool's definition for the rug-pull guard). */
  view: viewFactsSchema.optional(),
  /** Why the view could not be read this time (not part of the definition: a read can fail and recover). */
  viewError: z.string().max(500).optional(),
})
export type ToolUi = z.infer<typeof toolUiSchema>

/** True unless the tool is marked for views only (`visibility` without "model"): never offered to a model. */
export function isModelVisible(ui: ToolUi | undefined): boolean {
  return ui?.visibility === undefined || ui.visibility.includes('model')
}

/** True unless the tool is marked for the model only: a view may call it (on its own server only). */
export function isAppVisible(ui: ToolUi | undefined): boolean {
  return ui?.visibility === undefined || ui.visibility.includes('app')
}

/** `views:open`: the approved HTML of a tool's view, with what the sandbox needs to enforce. */
export const viewDocumentSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  toolName: z.string(),
  resourceUri: z.string(),
  html: z.string(),
  fingerprint: z.string(),
  csp: viewCspSchema,
  permissions: viewPermissionsSchema,
  prefersBorder: z.boolean().optional(),
})
export type ViewDocument = z.infer<typeof viewDocumentSchema>

/** Which view a request comes from: one rendering of one tool's view. */
export const viewOriginSchema = z.object({
  /** The window's id for this rendering (one per mounted view). */
  instanceId: z.string().min(1).max(100),
  /** The conversation the view sits in; absent for a view opened from the servers panel. */
  conversationId: z.string().max(100).optional(),
  serverId: z.string().min(1).max(100),
  /** The tool whose view this is. */
  toolName: z.string().min(1).max(500),
})
export type ViewOrigin = z.infer<typeof viewOriginSchema>

const jsonObject = z.record(z.string(), z.json())

export const viewOpenRequestSchema = z
  .object({ serverId: z.string().min(1).max(100), toolName: z.string().min(1).max(500) })
  .strict()

/** `tools/call` from a view: same server only, app-visible tools only, through the per-call approval. */
export const viewCallToolRequestSchema = z
  .object({
    view: viewOriginSchema,
    toolName: z.string().min(1).max(500),
    arguments: jsonObject.optional(),
  })
  .strict()

/** `resources/read` from a view: the view's own server only. */
export const viewReadResourceRequestSchema = z
  .object({ view: viewOriginSchema, uri: z.string().min(1).max(4096) })
  .strict()

/** `ui/update-model-context`: replaces what this view last told the model; sent with the next message. */
export const viewModelContextRequestSchema = z
  .object({
    view: viewOriginSchema.extend({ conversationId: z.string().min(1).max(100) }),
    content: z.array(jsonObject).max(64).optional(),
    structuredContent: jsonObject.optional(),
  })
  .strict()

/** The servers panel's "Open view": the user calls the tool with these arguments and sees its view. */
export const viewTryRequestSchema = z
  .object({
    serverId: z.string().min(1).max(100),
    toolName: z.string().min(1).max(500),
    arguments: jsonObject.optional(),
  })
  .strict()

/** A tools/call or resources/read result as the server sent it, for the view. */
export const viewResultSchema = z.object({ result: jsonObject })

/** Where the window loads the sandbox proxy from: an origin that is never the app's own. */
export const viewSandboxSchema = z.object({
  /** e.g. `http://127.0.0.1:PORT` in web mode, `mcp-desk-view://sandbox` on the desktop. */
  origin: z.string(),
})
export type ViewSandbox = z.infer<typeof viewSandboxSchema>

/** The proxy page's path on the sandbox origin. */
export const VIEW_PROXY_PATH = '/proxy.html'

/** The sandbox proxy URL for one view: its declarations travel in the query, as the sandbox enforces them. */
export function viewProxyUrl(
  sandbox: ViewSandbox,
  declared: { csp: ViewCsp; permissions: ViewPermissions },
): string {
  const url = new URL(VIEW_PROXY_PATH, `${sandbox.origin}/`)
  url.searchParams.set('csp', JSON.stringify(declared.csp))
  url.searchParams.set('permissions', JSON.stringify(declared.permissions))
  return url.toString()
}
