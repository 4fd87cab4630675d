import type { CardModelChoice } from '../../../shared/sampling/sampling-card'
import type { ModelsSettings } from '../../../shared/models/model-schema'
import type { ServerConfig } from '../../../shared/settings/settings-schema'
import type { ProviderService } from '../models/provider-service'
import { estimateCost } from '../models/pricing'
import { selectModel, type ModelCandidate, type SelectionRequest } from '../models/select-model'
import { restrictCandidates } from './allowed-models'
import { invalidParams } from './sampling-errors'

export interface ModelChoice {
  chosen: string
  eligible: CardModelChoice[]
  ineligible: Array<{ ref: string; reasons: string[] }>
  /** Eligible refs, for checking the user's pick on the card. */
  eligibleRefs: Set<string>
}

/**
 * The model for a request: configured models, restricted to the server's allowed list, filtered and ranked
 * by selectModel. No eligible model → InvalidParams whose data lists every model and why it was rejected.
 */
export function chooseModel(
  request: SelectionRequest & { estimatedInputTokens?: number },
  config: ServerConfig,
  providers: ProviderService,
  models: ModelsSettings,
): ModelChoice {
  const { allowed, excluded } = restrictCandidates(providers.candidates(), config.samplingModels)
  const selection = selectModel(request, allowed, {
    ...(models.defaultModel ? { defaultModel: models.defaultModel } : {}),
    recentModels: models.recentModels,
  })
  if (!selection.ok) {
    const rejections = [...selection.error.rejections, ...excluded]
    throw invalidParams(
      excluded.length > 0 && selection.error.rejections.length === 0
        ? "no model this server may use is configured (see the server's allowed models)"
        : selection.error.message,
      { rejections },
    )
  }
  const inputTokens = request.estimatedInputTokens ?? 0
  return {
    chosen: selection.chosen.ref,
    eligible: selection.ranked.map(({ candidate, matchedHint, unknowns }) =>
      toChoice(candidate, matchedHint, unknowns, providers, inputTokens),
    ),
    ineligible: [...selection.rejected, ...excluded],
    eligibleRefs: new Set(selection.ranked.map(({ candidate }) => candidate.ref)),
  }
}

function toChoice(
  candidate: ModelCandidate,
  matchedHint: CardModelChoice['matchedHint'],
  unknowns: string[],
  providers: ProviderService,
  inputTokens: number,
): CardModelChoice {
  const config = providers.get(candidate.providerId)?.models.find((m) => m.id === candidate.modelId)
  const cost = config ? estimateCost(config, { inputTokens, outputTokens: 0 }) : undefined
  return {
    ref: candidate.ref,
    displayName: candidate.label,
    ...(matchedHint ? { matchedHint } : {}),
    ...(unknowns.length > 0 ? { unknowns } : {}),
    ...(cost !== undefined ? { estimatedInputCost: cost } : {}),
  }
}
