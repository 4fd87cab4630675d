import type { ApprovalDecision } from '../../../shared/sampling/sampling-card'
import type { InputOrigin } from '../../../shared/mcp/input-origin'
import type { ServerConfig } from '../../../shared/settings/settings-schema'
import type { ApprovalQueue, CardDraft } from '../approvals/approval-queue'
import type { CardSummary } from './content-summary'
import { receivedIncludeContext, receivedMetadataText, receivedRequestText } from './received-request'
import { requestTimeout, samplingDenied } from './sampling-errors'
import type { ModelChoice } from './sampling-model-choice'
import type { ValidatedSamplingRequestWithTools as ValidatedSamplingRequest } from './validate-request'

export interface CardContext {
  id: string
  config: ServerConfig
  transportLabel: string
  request: ValidatedSamplingRequest
  /** The request's content as the card shows it (decoded sizes, dimensions, token estimate). */
  summary: CardSummary
  choice: ModelChoice
  usageToday: { requests: number; inputTokens: number; outputTokens: number }
  conversationId: string | undefined
  /** The tool call, prompt or resource read whose result asked for this completion (2026 era). */
  askedInside?: InputOrigin
  /** The request's params as the server sent them, for the card's raw view, metadata and includeContext. */
  received?: unknown
  /** Review phase: the generated text and the model that wrote it. */
  completion?: string
  /** Review phase: the model stopped at maxTokens. */
  completionCutOff?: boolean
  modelRef?: string
}

export interface Approved {
  decision: 'approved' | 'approved-session' | 'always'
  /** The user changed something before approving (model, system prompt, text, tools, the completion). */
  edited: boolean
  approved: { request: ValidatedSamplingRequest; modelRef: string }
  /** Tools the user took out of the offer (already removed from `approved.request`). */
  removedTools: string[]
  completion?: string
}

export class ApprovalRefused extends Error {
  readonly auditDecision: 'denied' | 'auto-denied'
  readonly error: Error
  constructor(auditDecision: 'denied' | 'auto-denied', error: Error) {
    super(error.message)
    this.auditDecision = auditDecision
    this.error = error
  }
}

const DECISIONS = { approve: 'approved', 'approve-session': 'approved-session', always: 'always' } as const

/**
 * Puts the card in front of the user and waits. A deny, the approval timeout, the server cancelling or its
 * connection closing all end the wait: the server always gets an answer, never silence.
 */
export async function decideOnCard(
  queue: ApprovalQueue,
  context: CardContext,
  timeoutMs: number,
  signals: AbortSignal[],
  phase: 'approval' | 'review' = 'approval',
): Promise<Approved> {
  const pending = queue.request(buildCard(context), { phase, timeoutMs, id: context.id })
  const onAbort = () => queue.closeAll((card) => card.id === pending.id, 'the request was cancelled')
  for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true })
  try {
    const outcome = await pending.outcome
    if (outcome.by === 'timeout') {
      throw new ApprovalRefused('auto-denied', samplingDenied('refused', 'the approval timed out'))
    }
    if (outcome.by === 'closed') throw requestTimeout(`cancelled: ${outcome.reason}`, { chunks: 0, chars: 0 })
    return applyDecision(context, outcome.decision)
  } finally {
    for (const signal of signals) signal.removeEventListener('abort', onAbort)
  }
}

function applyDecision(context: CardContext, decision: ApprovalDecision): Approved {
  if (decision.kind === 'deny') {
    const reason = decision.reason ? `: ${decision.reason}` : ''
    throw new ApprovalRefused('denied', samplingDenied('refused', `the user declined the request${reason}`))
  }
  const modelRef = decision.modelRef ?? context.modelRef ?? context.choice.chosen
  if (!context.choice.eligibleRefs.has(modelRef)) {
    throw new ApprovalRefused(
      'denied',
      samplingDenied('refused', `model ${modelRef} cannot take this request`),
    )
  }
  const removedTools = decision.removedTools ?? []
  const request = withoutTools(structuredClone(context.request), removedTools)
  if (
    request.toolChoice?.mode === 'required' &&
    (request.tools ?? []).length === 0 &&
    removedTools.length > 0
  ) {
    throw new ApprovalRefused(
      'denied',
      samplingDenied('refused', 'the user removed every tool, and the server requires the model to call one'),
    )
  }
  if (decision.systemPrompt !== undefined) request.systemPrompt = decision.systemPrompt
  for (const edit of decision.textEdits ?? []) {
    const item = request.messages[edit.message]?.content[edit.item]
    if (item?.type === 'text') item.text = edit.text
  }
  return {
    decision: DECISIONS[decision.kind],
    edited: editedBy(context, decision, modelRef, removedTools),
    approved: { request, modelRef },
    removedTools,
    ...(decision.completion !== undefined ? { completion: decision.completion } : {}),
  }
}

/** Whether the decision changed what the server asked for (or, in review, what it gets back). */
function editedBy(
  context: CardContext,
  decision: Exclude<ApprovalDecision, { kind: 'deny' }>,
  modelRef: string,
  removedTools: string[],
): boolean {
  const { request } = context
  const textChanged = (decision.textEdits ?? []).some((edit) => {
    const item = request.messages[edit.message]?.content[edit.item]
    return item?.type === 'text' && item.text !== edit.text
  })
  return (
    textChanged ||
    removedTools.length > 0 ||
    modelRef !== (context.modelRef ?? context.choice.chosen) ||
    (decision.systemPrompt !== undefined && decision.systemPrompt !== (request.systemPrompt ?? '')) ||
    (decision.completion !== undefined && decision.completion !== context.completion)
  )
}

function buildCard(context: CardContext): CardDraft {
  const { request, config, choice } = context
  const { summary } = context
  const preferences = request.modelPreferences
  return {
    kind: 'sampling',
    serverId: config.id,
    serverName: config.name,
    transportLabel: context.transportLabel,
    ...(context.conversationId ? { conversationId: context.conversationId } : {}),
    ...(context.askedInside ? { askedInside: context.askedInside } : {}),
    model: {
      chosen: context.modelRef ?? choice.chosen,
      eligible: choice.eligible,
      ineligible: choice.ineligible,
    },
    // Every hint keeps its position (unnamed ones as ''), so a model's matchedHint.index points at its hint.
    hints: (preferences?.hints ?? []).map((hint) => hint.name ?? ''),
    priorities: {
      ...(preferences?.costPriority !== undefined ? { cost: preferences.costPriority } : {}),
      ...(preferences?.speedPriority !== undefined ? { speed: preferences.speedPriority } : {}),
      ...(preferences?.intelligencePriority !== undefined
        ? { intelligence: preferences.intelligencePriority }
        : {}),
    },
    maxTokens: request.maxTokens,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    stopSequences: request.stopSequences,
    ...(request.systemPrompt !== undefined ? { systemPrompt: request.systemPrompt } : {}),
    messages: summary.messages,
    ...(summary.firstUserText !== undefined ? { firstUserText: summary.firstUserText } : {}),
    estimatedInputTokens: summary.estimatedInputTokens,
    tools: (request.tools ?? []).map((tool) => ({
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      inputSchema: tool.inputSchema,
    })),
    ...(request.toolChoice?.mode ? { toolChoice: request.toolChoice.mode } : {}),
    usageToday: context.usageToday,
    ...(context.completion !== undefined ? { completion: context.completion } : {}),
    ...(context.completionCutOff ? { completionCutOff: true as const } : {}),
    ...receivedFacts(context.received),
  }
}

/** What the card shows of the request as received: includeContext, metadata and the raw JSON. */
function receivedFacts(params: unknown): Pick<CardDraft, 'includeContext' | 'metadata' | 'received'> {
  if (params === undefined) return {}
  const includeContext = receivedIncludeContext(params)
  const metadata = receivedMetadataText(params)
  return {
    ...(includeContext !== undefined ? { includeContext } : {}),
    ...(metadata !== undefined ? { metadata } : {}),
    received: receivedRequestText(params),
  }
}

/** The request with the named tools taken out of its offer (the user's edit on the card). */
export function withoutTools<R extends { tools?: Array<{ name: string }> }>(
  request: R,
  removed: readonly string[],
): R {
  if (removed.length === 0 || !request.tools) return request
  return { ...request, tools: request.tools.filter((tool) => !removed.includes(tool.name)) }
}
