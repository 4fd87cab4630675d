import {
  modelRef,
  type ModelConfig,
  type ModelPricing,
  type ProviderConfig,
} from '../../shared/models/model-schema'
import { firstLine, truncate } from './terminal-text'

/** One configured model as `mcp-desk models --json` prints it. */
export interface ModelListing {
  ref: string
  providerId: string
  modelId: string
  displayName: string
  isDefault: boolean
  capabilities: ModelConfig['capabilities']
  pricing: ModelPricing | null
}

export function listModels(
  providers: readonly ProviderConfig[],
  defaultModel: string | undefined,
): ModelListing[] {
  return providers.flatMap((provider) =>
    provider.models.map((model) => {
      const ref = modelRef(provider.id, model.id)
      return {
        ref,
        providerId: provider.id,
        modelId: model.id,
        displayName: model.displayName ?? model.id,
        isDefault: ref === defaultModel,
        capabilities: model.capabilities,
        pricing: model.pricing ?? null,
      }
    }),
  )
}

const count = new Intl.NumberFormat('en-US')
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 4,
})

/**
 * Each model as a block: `* provider/model (Display name)` (the `*` on the default) and its capabilities
 * indented below, every line within `width`. Ids and names may come from a provider's /models answer, so
 * they are made terminal-safe.
 */
export function formatModelList(models: readonly ModelListing[], width = 80): string[] {
  return models.flatMap((model) => {
    const { capabilities: caps } = model
    const named = model.displayName === model.modelId ? '' : ` (${firstLine(model.displayName)})`
    const input = caps.inputModalities
      .map((modality) =>
        modality === 'audio' && caps.audioFormats.length > 0
          ? `audio (${caps.audioFormats.join(', ')})`
          : modality,
      )
      .join(', ')
    const { cost, speed, intelligence } = caps.scores
    return [
      `${model.isDefault ? '*' : ' '} ${firstLine(model.ref)}${named}`,
      `    input: ${input}  tools: ${yesNo(caps.toolCalling)}  temperature: ${yesNo(caps.temperature)}`,
      `    context: ${count.format(caps.contextWindow)} tokens  max output: ${count.format(caps.maxOutputTokens)} tokens`,
      `    scores: cost ${cost.toFixed(2)}  speed ${speed.toFixed(2)}  intelligence ${intelligence.toFixed(2)}`,
      `    ${formatPricing(model.pricing)}`,
    ].map((line) => truncate(line, width))
  })
}

function formatPricing(pricing: ModelPricing | null): string {
  if (!pricing) return 'price: not set'
  return `price per million tokens: ${dollars.format(pricing.inputPerMillion)} input, ${dollars.format(pricing.outputPerMillion)} output`
}

function yesNo(value: boolean): string {
  return value ? 'yes' : 'no'
}

/** The line under the list: how many, and which is the default (or how to choose one). */
export function summarizeModels(models: readonly ModelListing[], defaultModel: string | undefined): string {
  const total = `${models.length} model${models.length === 1 ? '' : 's'}`
  if (defaultModel === undefined)
    return `${total}; no default: choose one with mcp-desk models default <provider/model>`
  if (!models.some((model) => model.isDefault)) {
    return `${total}; the default ${firstLine(defaultModel)} is not configured any more`
  }
  return `${total}; * marks the default`
}
