import { z } from 'zod'
import { toolUiSchema } from '../apps/view-schema'

/**
 * What the host knows about one configured MCP server, as the renderer and the CLI see it. Everything here
 * is safe to show: destinations are redacted (no query strings, credentials or env values) and the stderr
 * tail is the server's own output.
 */
/**
 * `starting`: a stdio server's process runs but has not written to stdout yet (a first `npx -y`/`uvx` is
 * still downloading it); it is waited for up to the stdio start-up time, and its latest stderr line says
 * what it is doing. `connecting`: the handshake (initialize and tools/list) is under way.
 * `needs-sign-in`: a remote server answered that it needs OAuth authorization and no usable token is stored.
 */
export const serverStatusSchema = z.enum([
  'starting',
  'connecting',
  'connected',
  'failed',
  'disabled',
  'needs-sign-in',
])
export type ServerStatus = z.infer<typeof serverStatusSchema>

export const toolAnnotationsSchema = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
})
export type ToolAnnotations = z.infer<typeof toolAnnotationsSchema>

export const toolInfoSchema = z.object({
  /** The server's own name for the tool. */
  name: z.string(),
  /** The name models see: `mcp_<server>_<tool>`, with a stable hash suffix when it would be unsafe. */
  exposedName: z.string(),
  title: z.string().optional(),
  description: z.string(),
  annotations: toolAnnotationsSchema.optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  /** MCP Apps: the tool's view and who may call it (`_meta.ui`); absent for a tool without either. */
  ui: toolUiSchema.optional(),
})
export type ToolInfo = z.infer<typeof toolInfoSchema>

export const serverFailureSchema = z.object({
  /** One line saying why, e.g. `exited with code 3: config file missing` or `more than 1000 tools`. */
  reason: z.string(),
  exitCode: z.number().int().nullable().optional(),
  signal: z.string().nullable().optional(),
  /** Which discovery or size limit was exceeded, by its settings name (e.g. `maxTools`). */
  limit: z.string().optional(),
})
export type ServerFailure = z.infer<typeof serverFailureSchema>

export const toolChangeFieldSchema = z.enum(['title', 'description', 'inputSchema', 'annotations', 'ui'])
export const toolChangeSchema = z.object({
  kind: z.enum(['added', 'removed', 'changed']),
  name: z.string(),
  exposedName: z.string(),
  /** For `changed`: which parts of the definition differ. */
  fields: z.array(toolChangeFieldSchema),
  before: toolInfoSchema.optional(),
  after: toolInfoSchema.optional(),
  /**
   * The fingerprint of `after`, set by the host: accepting the change names it, so a definition that
   * changed again after it was shown is not accepted unseen.
   */
  afterFingerprint: z.string().optional(),
})
export type ToolChange = z.infer<typeof toolChangeSchema>

/**
 * OAuth as the servers panel shows it; absent for servers that never asked for authorization. Token values
 * never appear: only whether one is held, its scopes and expiry, and which authorization server issued it.
 */
export const serverAuthStateSchema = z.object({
  /** `waiting-for-browser`: the user clicked Sign in and the host waits for the redirect (10 min at most). */
  state: z.enum(['signed-out', 'waiting-for-browser', 'signed-in']),
  /** The authorization server's origin (scheme://host), once discovered. */
  issuer: z.string().optional(),
  scopes: z.array(z.string()),
  /** ISO time the access token expires, when the server said; the host refreshes it before use. */
  expiresAt: z.string().optional(),
  /** Why the last sign-in or refresh failed, in one line; never contains a token or a secret. */
  error: z.string().optional(),
  /**
   * A request is waiting because the server wants more access (403 insufficient_scope): signing in again
   * asks for these scopes, and the request goes on once that succeeds.
   */
  requestedScopes: z.array(z.string()).optional(),
})
export type ServerAuthState = z.infer<typeof serverAuthStateSchema>

export const serverStateSchema = z.object({
  id: z.string(),
  name: z.string(),
  transport: z.enum(['stdio', 'http', 'sse']),
  /** Redacted: the command and args (stdio) or the URL without query or credentials (http). */
  destination: z.string(),
  status: serverStatusSchema,
  failure: serverFailureSchema.optional(),
  serverInfo: z.object({ name: z.string(), version: z.string() }).optional(),
  /** The protocol revision agreed with the connected server (2026-07-28 is the stateless era). */
  protocolVersion: z.string().max(64).optional(),
  /**
   * The tools whose current definition the user approved (the first listing is trusted on first use):
   * the only ones offered to models or callable. Changed and new tools are in `pendingChanges` until accepted.
   */
  tools: z.array(toolInfoSchema),
  /** The last 4096 characters the server wrote to stderr (stdio only); see latestStderrLine. */
  stderrTail: z.string(),
  /** Tool definitions that differ from the approved ones: hidden from models until the user accepts them. */
  pendingChanges: z.array(toolChangeSchema),
  /** ISO time of the last status change. */
  since: z.string(),
  auth: serverAuthStateSchema.optional(),
})
export type ServerState = z.infer<typeof serverStateSchema>

/** What `servers:sign-in` answers: the authorization URL the user's browser goes to. */
export const signInStartSchema = z.object({
  authorizationUrl: z.string(),
  /** The authorization server's host, shown emphasised beside the URL (like the URL elicitation card). */
  host: z.string(),
  /** ISO time after which the redirect is refused (the state expires 10 minutes after the click). */
  expiresAt: z.string(),
})
export type SignInStart = z.infer<typeof signInStartSchema>

/**
 * The last line a server wrote to stderr that has something in it, e.g. a package manager's progress while
 * the server is `starting`. Progress bars redraw a line with carriage returns: the last redraw counts.
 */
export function latestStderrLine(stderrTail: string): string {
  const lines = stderrTail.split('\n')
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const redraws = (lines[index] ?? '').split('\r').filter((part) => part.trim() !== '')
    const last = redraws[redraws.length - 1]
    if (last !== undefined) return last.trim()
  }
  return ''
}
