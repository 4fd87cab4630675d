import { z } from 'zod'
import { inputRoundNoticeSchema } from '../mcp/input-origin'
import { promptMessageViewSchema } from '../mcp/prompts'
import { RESOURCE_BLOB_LIMIT_BYTES, RESOURCE_TEXT_LIMIT_BYTES } from '../mcp/resources'
import {
  conversationIdSchema,
  conversationMetaSchema,
  conversationTitleSchema,
  transcriptRecordSchema,
} from './transcript-schema'

/** `provider/model`, as the model pickers write it. */
const modelRefSchema = z.string().min(3).max(400)

/** One conversation as the window opens it: its records, load warnings and whether it can send now. */
export const conversationViewSchema = z.object({
  meta: conversationMetaSchema,
  records: z.array(transcriptRecordSchema),
  /** Where `records` start in the whole transcript: 0 when they are all of it, otherwise older ones exist. */
  firstIndex: z.number().int().nonnegative(),
  /** Lines of the transcript skipped on load (a torn last line after a crash, say), in words. */
  warnings: z.array(z.string()),
  /** The last turn left a tool call whose outcome is unknown: the next message needs the user's confirmation. */
  awaitingConfirmation: z.boolean(),
  /** The turn running in this conversation now, if any (the Stop button's target). */
  runningTurnId: z.string().optional(),
})
export type ConversationView = z.infer<typeof conversationViewSchema>

/** The most records one `chat:open` tail or `chat:records` page may ask for. */
export const MAX_TRANSCRIPT_PAGE = 1000

const pageSizeSchema = z.number().int().min(1).max(MAX_TRANSCRIPT_PAGE)

/**
 * `tail` opens with only the newest records (at most that many, and at most a few hundred KiB), so a long
 * transcript shows at once; the window then asks for the older ones page by page with `chat:records`.
 */
export const openConversationRequestSchema = z
  .object({ id: conversationIdSchema, tail: pageSizeSchema.optional() })
  .strict()

/** The records just before index `before`, newest last: at most `limit`, and at most a few hundred KiB. */
export const transcriptPageRequestSchema = z
  .object({ id: conversationIdSchema, before: z.number().int().nonnegative(), limit: pageSizeSchema })
  .strict()

export const transcriptPageSchema = z.object({
  records: z.array(transcriptRecordSchema),
  firstIndex: z.number().int().nonnegative(),
})
export type TranscriptPage = z.infer<typeof transcriptPageSchema>

export const createConversationRequestSchema = z
  .object({ title: conversationTitleSchema.optional(), model: modelRefSchema.optional() })
  .strict()

export const renameConversationRequestSchema = z
  .object({ id: conversationIdSchema, title: conversationTitleSchema })
  .strict()

/** `model: null` puts the conversation back on the default model (the chat picker's "Default (…)" option). */
export const setConversationModelRequestSchema = z
  .object({ id: conversationIdSchema, model: modelRefSchema.nullable() })
  .strict()

/** The most resources one message may carry. */
export const MAX_MESSAGE_ATTACHMENTS = 10

/** A resource the user attached to a message, by reference: the host reads it (with its size limits). */
export const messageResourceRefSchema = z
  .object({ serverId: z.string().min(1).max(200), uri: z.string().min(1).max(8192) })
  .strict()
export type MessageResourceRef = z.infer<typeof messageResourceRefSchema>

/**
 * A file from the user's computer attached to a message (the composer's file picker): its name, type and
 * either its text or its bytes as base64. The window reads it; the host checks the sizes again.
 */
export const attachedFileSchema = z
  .object({
    name: z.string().min(1).max(255),
    mimeType: z.string().max(200),
    text: z.string().max(RESOURCE_TEXT_LIMIT_BYTES).optional(),
    data: z
      .string()
      .max(Math.ceil(RESOURCE_BLOB_LIMIT_BYTES / 3) * 4)
      .optional(),
  })
  .strict()
  .refine((file) => (file.text === undefined) !== (file.data === undefined), {
    message: 'a file carries either text or data',
  })
export type AttachedFile = z.infer<typeof attachedFileSchema>

/** Messages a server's prompt produced (prompts:get), inserted before the user's own text. */
export const insertedPromptSchema = z
  .object({
    source: z.object({ serverId: z.string().min(1).max(200), prompt: z.string().min(1).max(1000) }).strict(),
    messages: z.array(promptMessageViewSchema).min(1).max(100),
  })
  .strict()
export type InsertedPrompt = z.infer<typeof insertedPromptSchema>

/** The composer's message; at most 256 KiB of text so one paste cannot bloat every later request. */
export const sendMessageRequestSchema = z
  .object({
    id: conversationIdSchema,
    /** May be empty only when a prompt's messages are inserted. */
    text: z.string().trim().max(262_144),
    /** The user confirmed that the previous turn's unknown tool call may have run. */
    confirmUnknown: z.boolean().optional(),
    /** Resources attached to this message (text inline, binary as an attachment where the model takes it). */
    attachments: z.array(messageResourceRefSchema).max(MAX_MESSAGE_ATTACHMENTS).optional(),
    /** Files from the user's computer (text inline, images as media where the model takes them). */
    files: z.array(attachedFileSchema).max(MAX_MESSAGE_ATTACHMENTS).optional(),
    inserted: insertedPromptSchema.optional(),
    /** Sent by a tool's view (`ui/message`): the transcript says so. */
    fromView: z
      .object({ serverId: z.string().min(1).max(100), toolName: z.string().min(1).max(500) })
      .strict()
      .optional(),
  })
  .strict()
  .refine((request) => request.text.length > 0 || request.inserted !== undefined, {
    message: 'message must not be empty',
    path: ['text'],
  })
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>

/** A record was appended to a conversation's transcript (user message, step text, tool call, result, …). */
export const chatRecordEventSchema = z.object({
  conversationId: conversationIdSchema,
  record: transcriptRecordSchema,
})

/** Text the model is streaming for the current step; the step's `assistant` record replaces it when done. */
export const chatDeltaEventSchema = z.object({
  conversationId: conversationIdSchema,
  turnId: z.string(),
  text: z.string(),
})

/**
 * A running tool call's server asked for input inside its result (a 2026-07-28 MRTR round): the call's
 * card says which round it is in and what was asked, while the sampling or elicitation card is answered.
 */
export const chatToolRoundEventSchema = z.object({
  conversationId: conversationIdSchema,
  turnId: z.string(),
  callId: z.string(),
  ...inputRoundNoticeSchema.shape,
})
export type ChatToolRoundEvent = z.infer<typeof chatToolRoundEventSchema>

export const chatTurnStateSchema = z.enum(['running', 'completed', 'cancelled', 'error'])
export type ChatTurnState = z.infer<typeof chatTurnStateSchema>

/** A turn started or ended. */
export const chatTurnEventSchema = z.object({
  conversationId: conversationIdSchema,
  turnId: z.string(),
  state: chatTurnStateSchema,
  /** Why the turn failed, for state `error`. */
  error: z.string().optional(),
  /** A call in this turn ended `unknown`: the next message waits for the user's confirmation. */
  unknownOutcome: z.boolean(),
})
export type ChatTurnEvent = z.infer<typeof chatTurnEventSchema>
