import { z } from 'zod'

/**
 * The durable transcript of one conversation: JSON Lines, one record per line, appended and never rewritten.
 * Every line carries `v` (the record format version) and `at` (when it was written). A record is data only:
 * a recorded tool call names a server and tool by id and is validated by shape, never looked up or re-run,
 * so a transcript stays readable after its servers are removed.
 */
export const TRANSCRIPT_RECORD_VERSION = 1

/** A ULID: 10 time characters then 16 random ones, Crockford base32; sortable, and safe as a file name. */
export const conversationIdSchema = z
  .string()
  .regex(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/, 'conversation id must be a 26-character ULID')
export type ConversationId = z.infer<typeof conversationIdSchema>

export const conversationTitleSchema = z
  .string()
  .trim()
  .min(1, 'title must not be empty')
  .max(200, 'title must be at most 200 characters')

const base = {
  v: z.literal(TRANSCRIPT_RECORD_VERSION),
  at: z.iso.datetime(),
}

/** Title and model of the conversation; the last meta record wins, so a rename is one appended line. */
export const metaRecordSchema = z.object({
  ...base,
  type: z.literal('meta'),
  title: conversationTitleSchema,
  /** `provider/model`; absent while the conversation has no model chosen. */
  model: z.string().min(1).optional(),
})

/**
 * A resource or media item that went with a message the user sent (an attached resource, an image in an
 * inserted prompt): what it was and whether the model got it, never its bytes. A text resource keeps its
 * text (already under the attachment limit), so later turns replay it.
 */
export const messageAttachmentRecordSchema = z.object({
  kind: z.enum(['text', 'image', 'audio', 'binary']),
  /** The server it came from (an attached resource). */
  serverId: z.string().optional(),
  uri: z.string().optional(),
  mimeType: z.string().optional(),
  /** UTF-8 bytes of the text, or decoded bytes of binary data. */
  bytes: z.number().int().min(0),
  text: z.string().optional(),
  /** Why the model did not get it (a type or size it does not take); absent when it was sent. */
  notSent: z.string().optional(),
})
export type MessageAttachmentRecord = z.infer<typeof messageAttachmentRecordSchema>

export const userRecordSchema = z.object({
  ...base,
  type: z.literal('user'),
  /** The turn this message started, when it started one. */
  turnId: z.string().min(1).optional(),
  /** Empty when the message was only a prompt's inserted messages and its attachments. */
  text: z.string(),
  /** Resources the user attached to this message, in the order attached. */
  resources: z.array(messageAttachmentRecordSchema).optional(),
  /** The message was written by a tool's view (MCP Apps `ui/message`), not typed by the user. */
  fromView: z.object({ serverId: z.string(), toolName: z.string() }).optional(),
  /** What views told the model with this message (`ui/update-model-context`), as the model got it. */
  viewContext: z.array(z.object({ serverId: z.string(), toolName: z.string(), text: z.string() })).optional(),
})

/** One message of an inserted prompt, as the transcript keeps it. */
export const promptMessageRecordSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  /** When the text is an embedded resource's text: which resource it came from. */
  resource: z.object({ uri: z.string(), mimeType: z.string().optional() }).optional(),
  attachments: z.array(messageAttachmentRecordSchema),
})
export type PromptMessageRecord = z.infer<typeof promptMessageRecordSchema>

/** Messages a server's prompt produced, which the user inserted before their own text in a turn. */
export const promptRecordSchema = z.object({
  ...base,
  type: z.literal('prompt'),
  turnId: z.string().min(1),
  serverId: z.string().min(1),
  prompt: z.string().min(1),
  messages: z.array(promptMessageRecordSchema),
})

/** The model's final text for one step of a turn (streamed deltas are not recorded, only the result). */
export const assistantRecordSchema = z.object({
  ...base,
  type: z.literal('assistant'),
  turnId: z.string().min(1),
  step: z.number().int().min(0),
  text: z.string(),
  /** The model stopped at its output limit (`finish_reason: length`): the text is incomplete. */
  cutOff: z.literal(true).optional(),
})

export const toolCallRecordSchema = z.object({
  ...base,
  type: z.literal('tool_call'),
  turnId: z.string().min(1),
  callId: z.string().min(1),
  /** The name the model saw (e.g. `mcp_docs_query`). */
  exposedName: z.string().min(1),
  serverId: z.string().min(1),
  toolName: z.string().min(1),
  /** The arguments as the model produced them; any JSON, since a model can send something odd. */
  arguments: z.json(),
})

export const toolResultStateSchema = z.enum(['completed', 'failed', 'denied', 'unknown', 'output_limit'])
export type ToolResultState = z.infer<typeof toolResultStateSchema>

/** What an attachment was, without its bytes: transcripts record the summary, not the data. */
export const attachmentSummarySchema = z.object({
  kind: z.enum(['image', 'audio', 'resource', 'binary']),
  mimeType: z.string().optional(),
  name: z.string().optional(),
  uri: z.string().optional(),
  bytes: z.number().int().min(0).optional(),
})
export type AttachmentSummary = z.infer<typeof attachmentSummarySchema>

/**
 * How the server of a call died while the call was out (a stdio server's process ended): the same one-line
 * description its state's headline gives (`exited with code 1: Error: boom`), secrets masked. The model is
 * told only the code or signal; the stderr line is for the user.
 */
export const serverCrashSchema = z.object({
  reason: z.string(),
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
})
export type ServerCrash = z.infer<typeof serverCrashSchema>

export const toolResultRecordSchema = z.object({
  ...base,
  type: z.literal('tool_result'),
  turnId: z.string().min(1),
  callId: z.string().min(1),
  state: toolResultStateSchema,
  /** The model-visible text (for denied/unknown: the explanation the model was given). */
  text: z.string(),
  attachments: z.array(attachmentSummarySchema).default([]),
  /** `_meta`/`metadata` from the server: kept for the user, never sent to the model. */
  metadata: z.record(z.string(), z.json()).optional(),
  /** False when the call was refused before anything reached the server (denied, not loaded, not
   *  connected, invalid arguments); the host sets it, never the server. */
  sent: z.literal(false).optional(),
  /** How many rounds of input the server asked for inside the call (2026-07-28 MRTR); absent when none. */
  inputRounds: z.number().int().positive().optional(),
  /** For an `unknown` result: the server crashed while the call was out, and how. */
  crash: serverCrashSchema.optional(),
  /**
   * The tool has a view (MCP Apps): its resource and the result as the server sent it (content,
   * structuredContent, _meta), which the view is given; left out (`omitted` says why) when too large.
   */
  view: z
    .object({
      resourceUri: z.string(),
      result: z.record(z.string(), z.json()).optional(),
      omitted: z.string().optional(),
    })
    .optional(),
})

/** Something the host says about the conversation, e.g. "turn ended: 16 tool calls". */
export const noteRecordSchema = z.object({
  ...base,
  type: z.literal('note'),
  turnId: z.string().min(1).optional(),
  text: z.string(),
})

export const turnStatusSchema = z.enum(['started', 'completed', 'cancelled', 'error'])
export type TurnStatus = z.infer<typeof turnStatusSchema>

export const turnRecordSchema = z.object({
  ...base,
  type: z.literal('turn'),
  turnId: z.string().min(1),
  status: turnStatusSchema,
  /** Why a turn was cancelled or failed, in words the user can read. */
  reason: z.string().optional(),
})

export const transcriptRecordSchema = z.discriminatedUnion('type', [
  metaRecordSchema,
  promptRecordSchema,
  userRecordSchema,
  assistantRecordSchema,
  toolCallRecordSchema,
  toolResultRecordSchema,
  noteRecordSchema,
  turnRecordSchema,
])
export type TranscriptRecord = z.infer<typeof transcriptRecordSchema>
export type TranscriptRecordType = TranscriptRecord['type']

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
/** A record as callers hand it in; the store stamps `v` and `at`. */
export type TranscriptRecordInput = DistributiveOmit<z.input<typeof transcriptRecordSchema>, 'v' | 'at'>

/** A conversation as lists show it, derived from its transcript. */
export const conversationMetaSchema = z.object({
  id: conversationIdSchema,
  title: z.string(),
  model: z.string().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type ConversationMeta = z.infer<typeof conversationMetaSchema>
