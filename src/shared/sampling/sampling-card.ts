import { z } from 'zod'
import { inputOriginSchema } from '../mcp/input-origin'

/**
 * A pending sampling request as the approval card shows it. Built in core from the validated request and
 * the model selection; everything the user decides on is here, and nothing secret is (the server already
 * had all of this content).
 */
export const cardContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('image'),
    mimeType: z.string(),
    bytes: z.number().int().nonnegative(),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    /** A data: URL for the thumbnail, left out for very large images. */
    dataUrl: z.string().optional(),
  }),
  z.object({
    type: z.literal('audio'),
    mimeType: z.string(),
    bytes: z.number().int().nonnegative(),
    durationMs: z.number().nonnegative().optional(),
  }),
  /** Anything else (tool use/results in sampling with tools), summarised in one line. */
  z.object({ type: z.literal('other'), summary: z.string() }),
])
export type CardContent = z.infer<typeof cardContentSchema>

export const cardMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.array(cardContentSchema),
})
export type CardMessage = z.infer<typeof cardMessageSchema>

export const cardModelChoiceSchema = z.object({
  ref: z.string(),
  /** The provider's own name and the model's, as pickers show it ("Ollama (local) · llama3.2"). */
  displayName: z.string(),
  /**
   * What this request needs that nobody stated the model has ("image support unknown"): it may still
   * work, and is offered after models known to take the request.
   */
  unknowns: z.array(z.string()).optional(),
  /** Which server hint it matched, if any. */
  matchedHint: z.object({ index: z.number().int(), kind: z.enum(['exact', 'substring']) }).optional(),
  /** Estimated cost of the input in US dollars with this model, when it has pricing. */
  estimatedInputCost: z.number().nonnegative().optional(),
})
export type CardModelChoice = z.infer<typeof cardModelChoiceSchema>

export const samplingCardSchema = z.object({
  id: z.string(),
  kind: z.literal('sampling'),
  serverId: z.string(),
  serverName: z.string(),
  /** `stdio: notes-mcp` or the URL host, as ui.md names a transport. */
  transportLabel: z.string(),
  createdAt: z.string(),
  /** The conversation the card is anchored in; absent = the global approvals queue. */
  conversationId: z.string().optional(),
  phase: z.enum(['approval', 'streaming', 'review']),
  model: z.object({
    chosen: z.string(),
    eligible: z.array(cardModelChoiceSchema),
    ineligible: z.array(z.object({ ref: z.string(), reasons: z.array(z.string()) })),
  }),
  hints: z.array(z.string()),
  priorities: z.object({
    cost: z.number().optional(),
    speed: z.number().optional(),
    intelligence: z.number().optional(),
  }),
  maxTokens: z.number().int(),
  temperature: z.number().optional(),
  stopSequences: z.array(z.string()),
  systemPrompt: z.string().optional(),
  messages: z.array(cardMessageSchema),
  firstUserText: z.string().optional(),
  estimatedInputTokens: z.number().int().nonnegative(),
  usageToday: z.object({
    requests: z.number().int().nonnegative(),
    inputTokens: z.number().int().nonnegative(),
    outputTokens: z.number().int().nonnegative(),
  }),
  /** Sampling with tools (SEP-1577): the tools the server offers the model, which the user may remove. */
  tools: z.array(
    z.object({
      name: z.string(),
      description: z.string().optional(),
      inputSchema: z.record(z.string(), z.unknown()),
    }),
  ),
  /** How the model may use them: auto (it decides), required (it must call one), none (it must not). */
  toolChoice: z.enum(['auto', 'required', 'none']).optional(),
  /** During review (optional setting): the generated text awaiting the user's OK. */
  completion: z.string().optional(),
  /** During review: the model stopped at the request's maxTokens, so the completion is incomplete. */
  completionCutOff: z.literal(true).optional(),
  /** Asked inside a tool call, prompt or resource read (2026-07-28 MRTR), and in which round. */
  askedInside: inputOriginSchema.optional(),
  /** The context the server asked the host to add, as sent; MCP Desk adds none (the spec lets a host). */
  includeContext: z.enum(['none', 'thisServer', 'allServers']).optional(),
  /** The request's `metadata` as JSON: shown to the user, never sent to a model. */
  metadata: z.string().optional(),
  /** The request as the server sent it, as JSON with long strings elided (received-request.ts). */
  received: z.string().optional(),
})
export type SamplingCard = z.infer<typeof samplingCardSchema>

/** What the user decided. Edits apply to text only: the system prompt and text items by position. */
export const approvalDecisionSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.enum(['approve', 'approve-session', 'always']),
      modelRef: z.string().optional(),
      systemPrompt: z
        .string()
        .max(1024 * 1024)
        .optional(),
      /** Replacement text for text items, addressed by message index and content index. */
      textEdits: z
        .array(
          z.object({
            message: z.number().int().nonnegative(),
            item: z.number().int().nonnegative(),
            text: z.string().max(1024 * 1024),
          }),
        )
        .max(1000)
        .optional(),
      /** In the review phase: the (possibly edited) completion to return. */
      completion: z.string().optional(),
      /** Tool names the user took out of the offer before approving. */
      removedTools: z.array(z.string()).max(1000).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('deny'), reason: z.string().max(500).optional() }).strict(),
])
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>

export const samplingStreamEventSchema = z.object({
  id: z.string(),
  /** Text generated since the previous event. */
  delta: z.string(),
  chunks: z.number().int().nonnegative(),
  chars: z.number().int().nonnegative(),
})
export type SamplingStreamEvent = z.infer<typeof samplingStreamEventSchema>

export const auditEntrySchema = z.object({
  id: z.string(),
  time: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  model: z.string().optional(),
  /** How it was let through or stopped. */
  decision: z.enum(['allowed', 'approved', 'approved-session', 'always', 'denied', 'auto-denied', 'refused']),
  /** The user changed the request (model, prompt, text, tools) or the completion before approving it. */
  edited: z.literal(true).optional(),
  outcome: z.enum([
    'completed',
    'error',
    'denied',
    'cancelled',
    'stalled',
    'rate-limited',
    'budget-exceeded',
    'invalid',
  ]),
  errorCode: z.number().int().optional(),
  message: z.string().optional(),
  inputTokens: z.number().int().nonnegative().optional(),
  outputTokens: z.number().int().nonnegative().optional(),
  durationMs: z.number().nonnegative(),
  /** A completed answer the model stopped at the request's maxTokens (`stopReason: maxTokens`). */
  cutOff: z.literal(true).optional(),
  /** How many requests this line stands for: refusals summed over a window (see refusal-tally.ts); absent = 1. */
  count: z.number().int().positive().optional(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
