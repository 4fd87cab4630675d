import type { ModelConfig } from '../../../shared/models/model-schema'

/** Token counts as the AI SDK reports them: a provider that sends no usage leaves them undefined. */
export interface TokenUsage {
  inputTokens?: number | undefined
  outputTokens?: number | undefined
}

/**
 * What a run cost in US dollars from the model's optional pricing (dollars per million tokens), or
 * undefined when the model has no pricing or the provider reported no usage: an unknown cost is never
 * shown as free.
 */
export function estimateCost(config: Pick<ModelConfig, 'pricing'>, usage: TokenUsage): number | undefined {
  const pricing = config.pricing
  if (pricing === undefined) return undefined
  const input = tokens(usage.inputTokens)
  const output = tokens(usage.outputTokens)
  if (input === undefined && output === undefined) return undefined
  return ((input ?? 0) * pricing.inputPerMillion + (output ?? 0) * pricing.outputPerMillion) / 1_000_000
}

function tokens(count: number | undefined): number | undefined {
  return count !== undefined && Number.isFinite(count) && count >= 0 ? count : undefined
}
