import type { ModelConfig, ProviderConfig } from './model-schema'

/**
 * How pickers and cards name a model: the provider's own name as the user gave it ("Ollama (local)"),
 * then the model's display name or id — two providers can serve the same model id, and the user knows
 * their providers by the names they chose, not by ids.
 */
export function modelLabel(
  provider: Pick<ProviderConfig, 'name'>,
  model: Pick<ModelConfig, 'id' | 'displayName'>,
): string {
  return `${provider.name} · ${model.displayName ?? model.id}`
}
