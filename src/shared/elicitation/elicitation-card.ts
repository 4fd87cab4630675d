import { z } from 'zod'
import { inputOriginSchema } from '../mcp/input-origin'

/**
 * A pending elicitation (`elicitation/create`, spec 2025-11-25) as the card shows it. Core builds it from the
 * server's request: form mode carries the requested schema already normalised into fields (every enum
 * shape becomes options with labels), url mode carries the checked URL. Everything here came from the
 * server and is untrusted text: the card shows it as text, never as markup.
 */

/** What the card says next to a field whose name or title looks like a secret. */
export const SECRET_FIELD_WARNING =
  'MCP servers must not ask for passwords, tokens or keys through a form. Do not type a secret here; ' +
  'a server that needs one should send you to its own sign-in page.'

export const elicitationOptionSchema = z.object({
  /** What goes back to the server. */
  value: z.string(),
  /** What the user reads: the option's title, else the value itself. */
  label: z.string(),
})
export type ElicitationOption = z.infer<typeof elicitationOptionSchema>

const fieldBase = {
  /** The property name in the requested schema; the key in the returned content. */
  name: z.string(),
  /** The label: the schema's title, else the property name. */
  title: z.string(),
  description: z.string().optional(),
  required: z.boolean(),
  /** The name or title reads like a password, token, key or secret: the card warns next to it. */
  looksSecret: z.boolean(),
}

const count = z.number().int().nonnegative()

export const stringFormatSchema = z.enum(['email', 'uri', 'date', 'date-time'])
export type StringFormat = z.infer<typeof stringFormatSchema>

export const elicitationFieldSchema = z.discriminatedUnion('type', [
  z.object({
    ...fieldBase,
    type: z.literal('string'),
    format: stringFormatSchema.optional(),
    minLength: count.optional(),
    maxLength: count.optional(),
    default: z.string().optional(),
  }),
  z.object({
    ...fieldBase,
    type: z.literal('number'),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    default: z.number().optional(),
  }),
  z.object({
    ...fieldBase,
    type: z.literal('integer'),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    default: z.number().int().optional(),
  }),
  z.object({ ...fieldBase, type: z.literal('boolean'), default: z.boolean().optional() }),
  /** Plain `enum`, titled `oneOf`/`anyOf` (const + title) and legacy `enum` + `enumNames` alike. */
  z.object({
    ...fieldBase,
    type: z.literal('single-select'),
    options: z.array(elicitationOptionSchema),
    default: z.string().optional(),
  }),
  /** `type: "array"` whose items are an `enum` or an `anyOf` of const + title. */
  z.object({
    ...fieldBase,
    type: z.literal('multi-select'),
    options: z.array(elicitationOptionSchema),
    minItems: count.optional(),
    maxItems: count.optional(),
    default: z.array(z.string()).optional(),
  }),
])
export type ElicitationField = z.infer<typeof elicitationFieldSchema>
export type ElicitationFieldType = ElicitationField['type']

const cardBase = {
  id: z.string(),
  kind: z.literal('elicitation'),
  serverId: z.string(),
  serverName: z.string(),
  /** `stdio: notes-mcp` or the URL host, as ui.md names a transport. */
  transportLabel: z.string(),
  /** The conversation that last called this server's tools; absent = the global queue. */
  conversationId: z.string().optional(),
  createdAt: z.string(),
  /** The server's explanation of what it asks for and why. */
  message: z.string(),
  /** Asked inside a tool call, prompt or resource read (2026-07-28 MRTR), and in which round. */
  askedInside: inputOriginSchema.optional(),
}

export const elicitationCardSchema = z.discriminatedUnion('mode', [
  z.object({ ...cardBase, mode: z.literal('form'), fields: z.array(elicitationFieldSchema) }),
  z.object({
    ...cardBase,
    mode: z.literal('url'),
    /** Checked: https, or http to this computer only; shown in full. */
    url: z.string(),
    /** The URL's host as the browser will see it (punycode for non-ASCII names), for emphasis. */
    host: z.string(),
    elicitationId: z.string(),
    /**
     * The user agreed to open the URL (the server got `accept`); the card stays, waiting for the server's
     * completion notice, until it arrives or the user dismisses it.
     */
    opened: z.boolean(),
    /** The server said the out-of-band interaction finished; the card goes away right after. */
    completed: z.boolean(),
  }),
])
export type ElicitationCard = z.infer<typeof elicitationCardSchema>
export type FormElicitationCard = Extract<ElicitationCard, { mode: 'form' }>
export type UrlElicitationCard = Extract<ElicitationCard, { mode: 'url' }>

export const elicitationValueSchema = z.union([
  z.string().max(100_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(10_000)).max(1000),
])
export type ElicitationValue = z.infer<typeof elicitationValueSchema>

export const elicitationContentSchema = z.record(z.string(), elicitationValueSchema)
export type ElicitationContent = z.infer<typeof elicitationContentSchema>

/**
 * The user's answer: the spec's three results. `content` only with `accept` in form mode; fields left out
 * get their defaults (applyDefaults) before the content is checked against the schema and sent.
 */
export const elicitationAnswerSchema = z
  .object({
    id: z.string().min(1),
    action: z.enum(['accept', 'decline', 'cancel']),
    content: elicitationContentSchema.optional(),
  })
  .strict()
export type ElicitationAnswer = z.infer<typeof elicitationAnswerSchema>

/** One problem with an answer, naming the field, so the card can show it beside that field. */
export const elicitationIssueSchema = z.object({ field: z.string(), message: z.string() })
export type ElicitationIssue = z.infer<typeof elicitationIssueSchema>

/** Whether the card waits for the user: a form always; a URL card until the user agreed to open it. */
export function isElicitationWaiting(card: ElicitationCard): boolean {
  return card.mode === 'form' || (!card.opened && !card.completed)
}
