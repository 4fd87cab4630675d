import { z } from 'zod'
import { serverIdSchema } from '../settings/settings-schema'

/**
 * Prompts that connected MCP servers offer, as the composer's `/` picker, its argument form and the CLI see
 * them. Everything a server says here (names, descriptions, message text) is the server's own and untrusted:
 * it is shown and inserted only when the user picks it.
 */

export const promptArgumentInfoSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  /** Required arguments must be given (non-empty) before prompts/get is sent. */
  required: z.boolean(),
})
export type PromptArgumentInfo = z.infer<typeof promptArgumentInfoSchema>

export const promptInfoSchema = z.object({
  /** `server:prompt`, what the picker shows and filters on (server id, so it is unique and typeable). */
  key: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.array(promptArgumentInfoSchema),
  /** Whether the server answers completion/complete, so the form can suggest argument values. */
  completions: z.boolean(),
})
export type PromptInfo = z.infer<typeof promptInfoSchema>

/** A connected server whose list could not be read; the other servers are still listed. */
export const serverListFailureSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  reason: z.string(),
})
export type ServerListFailure = z.infer<typeof serverListFailureSchema>

export const promptListSchema = z.object({
  prompts: z.array(promptInfoSchema),
  failures: z.array(serverListFailureSchema),
})
export type PromptList = z.infer<typeof promptListSchema>

/** Without a server id: every connected server's prompts. */
export const promptListRequestSchema = z.object({ serverId: serverIdSchema.optional() }).strict()

/** Prompt arguments are strings by the spec; the caps keep one request from carrying megabytes. */
export const promptArgumentValuesSchema = z.record(z.string().min(1).max(200), z.string().max(65_536))
export type PromptArgumentValues = z.infer<typeof promptArgumentValuesSchema>

export const promptGetRequestSchema = z
  .object({
    serverId: serverIdSchema,
    name: z.string().min(1).max(1000),
    arguments: promptArgumentValuesSchema.default({}),
  })
  .strict()

/** Media or binary content that travels beside a message's text (base64, never inlined in the text). */
export const messageAttachmentSchema = z.object({
  kind: z.enum(['image', 'audio', 'binary']),
  mimeType: z.string(),
  /** Base64, without a `data:` prefix. */
  data: z.string(),
  /** Decoded size, so limits and the UI never need to decode the data. */
  bytes: z.number().int().nonnegative(),
  /** Set when the attachment is an embedded resource's blob. */
  uri: z.string().optional(),
})
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>

/** One prompt message, as a chat turn can insert it. */
export const promptMessageViewSchema = z.object({
  role: z.enum(['user', 'assistant']),
  /** The message's text; empty when it carries only an attachment. */
  text: z.string(),
  attachments: z.array(messageAttachmentSchema),
  /** When the text is an embedded resource's text: which resource it came from. */
  resource: z.object({ uri: z.string(), mimeType: z.string().optional() }).optional(),
})
export type PromptMessageView = z.infer<typeof promptMessageViewSchema>

export const promptResultSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  name: z.string(),
  description: z.string().optional(),
  messages: z.array(promptMessageViewSchema),
})
export type PromptResult = z.infer<typeof promptResultSchema>

export const COMPLETION_VALUES_LIMIT = 100

export const promptCompleteRequestSchema = z
  .object({
    serverId: serverIdSchema,
    prompt: z.string().min(1).max(1000),
    argument: z.string().min(1).max(200),
    value: z.string().max(4096),
    /** Arguments already filled in, so a server can narrow one argument by another. */
    context: promptArgumentValuesSchema.optional(),
  })
  .strict()

/** Suggested values for one argument; empty when the server offers no completions. */
export const completionSchema = z.object({
  values: z.array(z.string()).max(COMPLETION_VALUES_LIMIT),
  total: z.number().int().nonnegative().optional(),
  hasMore: z.boolean(),
})
export type Completion = z.infer<typeof completionSchema>

/** A server's prompt list changed (`notifications/prompts/list_changed`): list its prompts again. */
export const promptsChangedEventSchema = z.object({ serverId: z.string() })
export type PromptsChangedEvent = z.infer<typeof promptsChangedEventSchema>
