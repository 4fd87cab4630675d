import { modelLabel } from '../../../shared/models/model-label'
import { parseModelRef } from '../../../shared/models/model-schema'
import type { AuditEntry, CardModelChoice, SamplingCard } from '../../../shared/sampling/sampling-card'
import type { SettingsView } from '../../../shared/settings/settings-view'

/** Words and numbers for approval cards and the activity log, pure so their tests need no rendering. */

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** How long a card has waited, as a person would say it: `12 s`, `3 min`, `1 h 5 min`, `2 d 3 h`. */
export function formatWaited(ms: number): string {
  const elapsed = Math.max(0, ms)
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)} s`
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`
  if (elapsed < DAY) {
    const minutes = Math.floor((elapsed % HOUR) / MINUTE)
    return `${Math.floor(elapsed / HOUR)} h${minutes > 0 ? ` ${minutes} min` : ''}`
  }
  const hours = Math.floor((elapsed % DAY) / HOUR)
  return `${Math.floor(elapsed / DAY)} d${hours > 0 ? ` ${hours} h` : ''}`
}

/** Milliseconds until `formatWaited` says something new, so a timer wakes only when the text changes. */
export function nextWaitedChange(ms: number): number {
  const elapsed = Math.max(0, ms)
  const step = elapsed < MINUTE ? SECOND : MINUTE
  return step - (elapsed % step)
}

/** A duration from the audit log or an audio clip: `850 ms`, `2.3 s`, `4 min 5 s`. */
export function formatDuration(ms: number): string {
  if (ms < SECOND) return `${Math.round(ms)} ms`
  if (ms < MINUTE) return `${(ms / SECOND).toFixed(1)} s`
  const seconds = Math.round((ms % MINUTE) / SECOND)
  return `${Math.floor(ms / MINUTE)} min${seconds > 0 ? ` ${seconds} s` : ''}`
}

/** US dollars for an estimate: small amounts keep four decimals (`$0.0012`), so they do not read as free. */
export function formatCost(dollars: number): string {
  if (dollars === 0) return '$0'
  if (dollars < 0.0001) return 'under $0.0001'
  if (dollars < 1) return `$${dollars.toFixed(4)}`
  return `$${dollars.toFixed(2)}`
}

export function formatCount(count: number): string {
  return count.toLocaleString('en-US')
}

/** A stop sequence with its quotes and escapes, so `"\n\n"` or a trailing space are visible. */
export function stopSequenceText(sequence: string): string {
  return JSON.stringify(sequence)
}

/** What a model option says about the server's hint it matched, e.g. `matches “claude”`. */
export function hintMatchText(choice: CardModelChoice, hints: readonly string[]): string | undefined {
  const match = choice.matchedHint
  if (!match) return undefined
  const hint = hints[match.index]
  const verb = match.kind === 'exact' ? 'matches' : 'contains'
  return hint === undefined ? `${verb} a hint` : `${verb} “${hint}”`
}

/**
 * A model option's text: its name with the provider's, the hint it matched, and what the request needs
 * that nobody stated it has ("image support unknown") — an option element holds text only, so the words
 * go into it rather than beside it.
 */
export function modelOptionText(choice: CardModelChoice, hints: readonly string[]): string {
  const match = hintMatchText(choice, hints)
  return [choice.displayName, ...(match ? [match] : []), ...(choice.unknowns ?? [])].join(' · ')
}

/** What the chosen model may lack, said beside the picker; undefined when everything needed is known. */
export function unknownsText(choice: CardModelChoice | undefined): string | undefined {
  const unknowns = choice?.unknowns ?? []
  if (unknowns.length === 0) return undefined
  return `Not stated for this model: ${unknowns.join(', ')}. It may still work; models known to take the request are listed first.`
}

/** A configured model as pickers name it ("Provider name · model"), or the ref itself when it is gone. */
export function modelNameForRef(models: SettingsView['models'] | undefined, ref: string): string {
  const parsed = parseModelRef(ref)
  const provider = models?.providers.find((candidate) => candidate.id === parsed?.providerId)
  const model = provider?.models.find((candidate) => candidate.id === parsed?.modelId)
  return provider && model ? modelLabel(provider, model) : ref
}

export const priorityLabels = [
  { key: 'cost', label: 'Cost', explanation: 'how much the server wants a cheap model' },
  { key: 'speed', label: 'Speed', explanation: 'how much the server wants a fast model' },
  { key: 'intelligence', label: 'Intelligence', explanation: 'how much the server wants a capable model' },
] as const satisfies ReadonlyArray<{
  key: keyof SamplingCard['priorities']
  label: string
  explanation: string
}>

export const roleLabels: Record<'user' | 'assistant', string> = { user: 'User', assistant: 'Assistant' }

export const phaseLabels: Record<SamplingCard['phase'], string> = {
  approval: 'Waiting for you',
  streaming: 'Generating',
  review: 'Review the answer',
}

/** The card's keyboard help (its aria-describedby), saying what Enter on the card itself does. */
export function cardKeyboardHelp(phase: SamplingCard['phase']): string {
  switch (phase) {
    case 'approval':
      return 'Enter on this card denies the request. Tab moves to the model, the messages and the buttons; Enter on a button does what it says.'
    case 'review':
      return 'Enter on this card refuses the answer. Tab moves to the answer and the buttons; Enter on a button does what it says.'
    case 'streaming':
      return 'The model is writing its answer. Tab moves to the Stop button.'
  }
}

export const decisionLabels: Record<AuditEntry['decision'], string> = {
  allowed: 'allowed (policy)',
  approved: 'approved',
  'approved-session': 'approved for session',
  always: 'always allowed',
  denied: 'denied',
  'auto-denied': 'timed out',
  refused: 'refused',
}

/** Outcomes where the host refused the request before any model ran. */
const REFUSED_BEFORE_RUNNING: ReadonlySet<AuditEntry['outcome']> = new Set([
  'invalid',
  'rate-limited',
  'budget-exceeded',
])

/** Why the host refused, in a few words; the Activity detail has the whole message. */
function refusalOf(entry: Pick<AuditEntry, 'outcome' | 'message' | 'errorCode'>): string {
  if (entry.outcome === 'rate-limited') return 'rate limited'
  if (entry.outcome === 'budget-exceeded') return 'over the budget'
  const message = (entry.message ?? '').replace(/^MCP error -?\d+: /, '')
  const model =
    /^(no configured model can take this request|no models are configured|no model this server may use is configured)/.exec(
      message,
    )
  return model ? model[1]! : 'invalid request'
}

/**
 * What was decided, as it happened: a request the policy let through but the host refused before running
 * says "refused: …" (not "allowed (policy)"), and a request the user changed before approving says so.
 */
export function decisionText(
  entry: Pick<AuditEntry, 'decision' | 'outcome' | 'message' | 'errorCode' | 'edited'>,
): string {
  if (entry.decision === 'allowed' && REFUSED_BEFORE_RUNNING.has(entry.outcome)) {
    return `refused: ${refusalOf(entry)}`
  }
  const label = decisionLabels[entry.decision]
  return entry.edited ? `edited, then ${label}` : label
}

export const outcomeLabels: Record<AuditEntry['outcome'], string> = {
  completed: 'completed',
  error: 'error',
  denied: 'denied',
  cancelled: 'cancelled',
  stalled: 'stalled',
  'rate-limited': 'rate limited',
  'budget-exceeded': 'over budget',
  invalid: 'invalid request',
}

/** How an outcome is coloured: failures stand out from refusals, which stand out from the ordinary. */
export function outcomeTone(outcome: AuditEntry['outcome']): 'ok' | 'error' | 'refused' | 'neutral' {
  switch (outcome) {
    case 'completed':
      return 'ok'
    case 'error':
    case 'stalled':
    case 'invalid':
      return 'error'
    case 'denied':
    case 'rate-limited':
    case 'budget-exceeded':
      return 'refused'
    case 'cancelled':
      return 'neutral'
  }
}

/**
 * "code -32001: Request timed out". The SDK's errors start their message with "MCP error -32001: ", which
 * would say the code twice.
 */
export function activityDetail(
  entry: Pick<AuditEntry, 'errorCode' | 'message' | 'count' | 'cutOff'>,
): string {
  if (entry.cutOff) return 'cut off at the request’s token limit'
  const message =
    entry.errorCode !== undefined
      ? entry.message?.replace(`MCP error ${entry.errorCode}: `, '')
      : entry.message
  const detail = [entry.errorCode !== undefined ? `code ${entry.errorCode}` : null, message || null]
    .filter(Boolean)
    .join(': ')
  // A line that sums refusals (see refusal-tally.ts) says how many it stands for, and the last one's reason.
  if (entry.count === undefined || entry.count === 1) return detail
  const times = `${entry.count} requests refused like this`
  return detail ? `${times}; the last: ${detail}` : times
}

/**
 * A completion the user approved on a card that then failed: its card is gone, so the window says so
 * (refusals and the user's own Stop are not failures; a policy-allowed request had no card to miss).
 */
export function failedAfterApproval(entry: Pick<AuditEntry, 'decision' | 'outcome'>): boolean {
  const approvedOnCard = entry.decision === 'approved' || entry.decision === 'approved-session'
  return approvedOnCard && outcomeTone(entry.outcome) === 'error'
}

/**
 * The context a request asked the host to add. MCP Desk adds none (it does not declare `sampling.context`,
 * so the spec lets it ignore the field), and the card says so rather than let the user think it did.
 */
export const includeContextLabels: Record<NonNullable<SamplingCard['includeContext']>, string> = {
  none: 'none asked',
  thisServer: 'asked for this server’s, none added',
  allServers: 'asked for all servers’, none added',
}
