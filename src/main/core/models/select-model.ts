import type { CreateMessageRequestParams } from '@modelcontextprotocol/client'
import type { ModelCapabilities, ModelRef } from '../../../shared/models/model-schema'
import {
  contentRequirements,
  rejectionReasons,
  unknownNeeds,
  type ContentRequest,
} from './content-requirements'

/** One configured model as selection sees it. */
export interface ModelCandidate {
  ref: ModelRef
  providerId: string
  modelId: string
  displayName: string
  /** How the card's picker names it: the provider's own name, then the model's (see modelLabel). */
  label: string
  capabilities: ModelCapabilities
}

/** The parts of a `sampling/createMessage` request that matter for choosing a model. */
export type SelectionRequest = ContentRequest & Pick<CreateMessageRequestParams, 'modelPreferences'>

export interface SelectionFallback {
  /** `provider/model` the user chose as default. */
  defaultModel?: string
  /** `provider/model`, most recently used first. */
  recentModels: string[]
}

export type HintMatch = { index: number; kind: 'exact' | 'substring' }
export interface RankedModel {
  candidate: ModelCandidate
  /** The best hint this model matched; absent when it matched none. */
  matchedHint?: HintMatch
  score: number
  /**
   * What this request needs or weighs that nobody stated for the model ("image support unknown",
   * "intelligence score unknown"); empty when everything that matters is known.
   */
  unknowns: string[]
}
export interface ModelRejection {
  ref: string
  reasons: string[]
}

export type SelectionResult =
  | { ok: true; chosen: ModelCandidate; ranked: RankedModel[]; rejected: ModelRejection[] }
  | { ok: false; error: NoEligibleModelError }

/** No model can take the request. `rejections` names every configured model with all of its reasons. */
export class NoEligibleModelError extends Error {
  readonly rejections: ModelRejection[]
  constructor(rejections: ModelRejection[]) {
    super(
      rejections.length === 0
        ? 'no models are configured: add a provider in Models'
        : `no configured model can take this request: ${summarize(rejections)}`,
    )
    this.name = 'NoEligibleModelError'
    this.rejections = rejections
  }
}

const SUMMARY_MODELS = 3

function summarize(rejections: ModelRejection[]): string {
  const shown = rejections.slice(0, SUMMARY_MODELS).map((r) => `${r.ref} (${r.reasons.join('; ')})`)
  const more = rejections.length - SUMMARY_MODELS
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ')
}

/**
 * Chooses the model for a sampling request. Pure and deterministic: the same request, candidates and
 * fallback give the same answer whatever order the candidates come in.
 *
 * 1. Filter. Capabilities come first and hints never override them: a model is eligible unless it is known
 *    not to accept a content item (modality, MIME, size) or known not to call tools when the request needs
 *    it. Audio a model cannot take rejects the model; it is never converted to text. A capability nobody
 *    stated does not reject: the model stays eligible with that unknown named (see `unknownNeeds`).
 * 2. Rank the eligible, comparing in this order:
 *    0. Certainty: models known to take everything the request needs come before models with unknowns
 *       (fewer unknowns first), so a gamble is taken only when no sure model is there.
 *    a. Hint tier. The MCP spec evaluates hints in order of preference, so for hint 0 an exact match (the
 *       model id or `provider/model`, case-insensitive) comes first, then a substring match (in the id, ref
 *       or display name), then hint 1 exact, hint 1 substring, and so on. Each model counts at its best tier;
 *       models matching no hint come after every hinted one.
 *    b. Priority score, highest first: costPriority·(1−cost) + speedPriority·speed +
 *       intelligencePriority·intelligence. Without priorities every score is 0 and this step decides nothing.
 *    c. Fallback order (see `fallbackOrder`): the default model, then the recent models, then the first
 *       tool-capable model; models outside that chain tie here.
 *    d. `provider/model`, lexicographic, so nothing is left to input order.
 *    With no hint matching and no priorities, the choice is therefore the default model if eligible, else
 *    the most recent eligible one, else the first tool-capable model if eligible, else the first eligible
 *    by `provider/model`.
 */
export function selectModel(
  request: SelectionRequest,
  candidates: ModelCandidate[],
  fallback: SelectionFallback,
): SelectionResult {
  const needs = contentRequirements(request)
  const sorted = [...candidates].sort((a, b) => compareRefs(a.ref, b.ref))
  const eligible: ModelCandidate[] = []
  const rejected: ModelRejection[] = []
  for (const candidate of sorted) {
    const reasons = rejectionReasons(needs, candidate.capabilities)
    if (reasons.length === 0) eligible.push(candidate)
    else rejected.push({ ref: candidate.ref, reasons })
  }

  const hints = requestHints(request.modelPreferences)
  const weights = priorityWeights(request.modelPreferences)
  const fallbackRank = fallbackOrder(sorted, fallback)
  /** Unknown needs per model: the certainty tier. Unknown scores only lower the priority score. */
  const uncertain = new Map<ModelCandidate, number>()
  const ranked = eligible.map((candidate): RankedModel => {
    const matchedHint = bestHintMatch(candidate, hints)
    const score = priorityScore(candidate.capabilities.scores, weights)
    const unknownNeeded = unknownNeeds(needs, candidate.capabilities)
    uncertain.set(candidate, unknownNeeded.length)
    const unknowns = [...unknownNeeded, ...unknownScores(candidate.capabilities.scores, weights)]
    return matchedHint ? { candidate, matchedHint, score, unknowns } : { candidate, score, unknowns }
  })
  const tier = (model: RankedModel) => uncertain.get(model.candidate) ?? 0
  ranked.sort(
    (a, b) =>
      tier(a) - tier(b) ||
      hintTier(a.matchedHint) - hintTier(b.matchedHint) ||
      b.score - a.score ||
      fallbackRank(a.candidate) - fallbackRank(b.candidate) ||
      compareRefs(a.candidate.ref, b.candidate.ref),
  )
  const [best] = ranked
  if (best === undefined) return { ok: false, error: new NoEligibleModelError(rejected) }
  return { ok: true, chosen: best.candidate, ranked, rejected }
}

/**
 * The fallback chain as a rank per model (lower is preferred): the configured default model, then the
 * recent models in order, then the first tool-capable model of all configured ones by `provider/model`.
 * Refs that name no configured model are skipped; a model keeps its first (best) position. Whether a model
 * in the chain is eligible is not checked here: ineligible ones never reach ranking, so the next link in
 * the chain wins, and with no link eligible the `provider/model` order decides.
 */
function fallbackOrder(sorted: ModelCandidate[], fallback: SelectionFallback): (c: ModelCandidate) => number {
  const firstToolCapable = sorted.find((c) => c.capabilities.toolCalling === true)
  const chain = [
    ...(fallback.defaultModel === undefined ? [] : [fallback.defaultModel]),
    ...fallback.recentModels,
    ...(firstToolCapable === undefined ? [] : [firstToolCapable.ref]),
  ]
  const rank = new Map<string, number>()
  chain.forEach((ref, position) => {
    if (!rank.has(ref)) rank.set(ref, position)
  })
  return (candidate) => rank.get(candidate.ref) ?? Number.MAX_SAFE_INTEGER
}

interface Hint {
  /** Position in the request's `hints`, so a reported match names the hint the server sent. */
  index: number
  name: string
}

/** Hint names, trimmed and lowercased; empty names are dropped because `''` would match every model. */
function requestHints(preferences: SelectionRequest['modelPreferences']): Hint[] {
  return (preferences?.hints ?? [])
    .map((hint, index) => ({ index, name: hint.name?.trim().toLowerCase() ?? '' }))
    .filter((hint) => hint.name.length > 0)
}

function bestHintMatch(candidate: ModelCandidate, hints: Hint[]): HintMatch | undefined {
  const id = candidate.modelId.toLowerCase()
  const ref = candidate.ref.toLowerCase()
  const displayName = candidate.displayName.toLowerCase()
  for (const { index, name } of hints) {
    if (name === id || name === ref) return { index, kind: 'exact' }
    if (id.includes(name) || ref.includes(name) || displayName.includes(name))
      return { index, kind: 'substring' }
  }
  return undefined
}

/** 0 for hint 0 exact, 1 for hint 0 substring, 2 for hint 1 exact, …; no match sorts last. */
function hintTier(match: HintMatch | undefined): number {
  if (match === undefined) return Number.MAX_SAFE_INTEGER
  return match.index * 2 + (match.kind === 'exact' ? 0 : 1)
}

interface PriorityWeights {
  cost: number
  speed: number
  intelligence: number
}

function priorityWeights(preferences: SelectionRequest['modelPreferences']): PriorityWeights {
  return {
    cost: unitWeight(preferences?.costPriority),
    speed: unitWeight(preferences?.speedPriority),
    intelligence: unitWeight(preferences?.intelligencePriority),
  }
}

/** The spec defines priorities on 0–1; anything absent or not a number counts as "does not matter". */
function unitWeight(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 0
  return Math.min(1, Math.max(0, value))
}

/**
 * An unknown score adds nothing: a model nobody rated is not assumed cheap, fast or clever, so a rated
 * model that meets the priority ranks above it.
 */
function priorityScore(scores: ModelCapabilities['scores'], weights: PriorityWeights): number {
  const raw =
    (scores.cost === undefined ? 0 : weights.cost * (1 - scores.cost)) +
    (scores.speed === undefined ? 0 : weights.speed * scores.speed) +
    (scores.intelligence === undefined ? 0 : weights.intelligence * scores.intelligence)
  // Rounded so that float noise (0.1 + 0.2) cannot split models the scores rate equal.
  return Math.round(raw * 1e9) / 1e9
}

function unknownScores(scores: ModelCapabilities['scores'], weights: PriorityWeights): string[] {
  return (['cost', 'speed', 'intelligence'] as const)
    .filter((score) => weights[score] > 0 && scores[score] === undefined)
    .map((score) => `${score} score unknown`)
}

/** Code-unit order, not locale order: the same on every machine. */
function compareRefs(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
