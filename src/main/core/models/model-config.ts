import { describeZodIssues, IpcFailure } from '../../../shared/ipc/ipc-error'
import {
  modelCapabilitiesSchema,
  type ModelConfig,
  type ProviderConfig,
} from '../../../shared/models/model-schema'
import { modelInputSchema, type ModelInput } from '../../../shared/models/provider-input'
import { defaultCapabilities } from './provider-presets'

/**
 * A model as it will be saved under `provider`. A new model's capabilities start from the preset's
 * defaults for its id, an existing one keeps its own; the capabilities the input gives replace those
 * fields (scores field by field). A display name or pricing left out is kept; `pricing: null` removes it.
 * Ids that are plainly not chat models are accepted: only the user knows what a custom id serves.
 */
export function buildModelConfig(
  provider: Pick<ProviderConfig, 'preset' | 'models'>,
  input: ModelInput,
): ModelConfig {
  const parsed = modelInputSchema.safeParse(input)
  if (!parsed.success) {
    throw new IpcFailure('validation_failed', `invalid model: ${describeZodIssues(parsed.error)}`)
  }
  const { id, displayName, capabilities, pricing } = parsed.data
  const existing = provider.models.find((model) => model.id === id)
  const base = existing?.capabilities ?? defaultCapabilities(provider.preset, id)
  const merged = modelCapabilitiesSchema.safeParse({
    ...base,
    ...givenFields(input.capabilities, capabilities),
    scores: { ...base.scores, ...givenFields(input.capabilities?.scores, capabilities?.scores) },
  })
  if (!merged.success) {
    throw new IpcFailure(
      'validation_failed',
      `invalid capabilities for ${id}: ${describeZodIssues(merged.error)}`,
    )
  }
  const name = displayName ?? existing?.displayName
  const price = pricing === null ? undefined : (pricing ?? existing?.pricing)
  return {
    id,
    ...(name !== undefined ? { displayName: name } : {}),
    capabilities: merged.data,
    ...(price !== undefined ? { pricing: price } : {}),
  }
}

/**
 * The fields the caller actually gave, with their parsed values. Parsing a partial capabilities object
 * fills every absent field with its schema default, which must not overwrite what the model already has.
 */
function givenFields<T extends object>(raw: object | undefined, parsed: T | undefined): Partial<T> {
  if (raw === undefined || parsed === undefined) return {}
  const present = new Set(Object.keys(raw))
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => present.has(key))) as Partial<T>
}
