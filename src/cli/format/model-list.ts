import { capabilityFacts, FACT_SOURCE_LABELS, type FactState } from '../../shared/models/capability-facts'
import { modelLabel } from '../../shared/models/model-label'
import {
  modelRef,
  type CapabilityFact,
  type FactSource,
  type ModelConfig,
  type ModelPricing,
  type ProviderConfig,
} from '../../shared/models/model-schema'
import { firstLine, truncate } from './terminal-text'

/** One configured model as `mcp-desk models --json` prints it. */
export interface ModelListing {
  ref: string
  providerId: string
  /** The provider's own name, as the user gave it. */
  providerName: string
  modelId: string
  displayName: string
  /** How pickers name it: provider name · model name. */
  label: string
  isDefault: boolean
  capabilities: ModelConfig['capabilities']
  /** Every capability fact: known with its value and source, or unknown. */
  facts: FactState[]
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
        providerName: provider.name,
        modelId: model.id,
        displayName: model.displayName ?? model.id,
        label: modelLabel(provider, model),
        isDefault: ref === defaultModel,
        capabilities: model.capabilities,
        facts: capabilityFacts(model.capabilities),
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

/** Short tags for the table; the legend under it spells them out. */
const SOURCE_TAGS: Record<FactSource, string> = {
  provider: '[provider]',
  family: '[family]',
  preset: '[preset]',
  user: '[you]',
}

/**
 * Each model as a block: `* provider/model  Provider name · Display name` (the `*` on the default) and its
 * capabilities indented below, each known fact tagged with where it came from and each unknown one shown
 * as "unknown", every line within `width`. Ids and names may come from a provider's /models answer, so
 * they are made terminal-safe.
 */
export function formatModelList(models: readonly ModelListing[], width = 80): string[] {
  return models.flatMap((model) => {
    const facts = new Map(model.facts.map((fact) => [fact.fact, fact]))
    const show = (fact: CapabilityFact, format: (value: boolean | number) => string): string => {
      const state = facts.get(fact)
      if (!state?.known) return 'unknown'
      return `${format(state.value)} ${SOURCE_TAGS[state.source]}`
    }
    const yesNo = (value: boolean | number) => (value === true ? 'yes' : 'no')
    const formats = model.capabilities.audioFormats
    const audio = (value: boolean | number) =>
      value === true && formats.length > 0 ? `yes (${formats.join(', ')})` : yesNo(value)
    const tokens = (value: boolean | number) => `${count.format(Number(value))} tokens`
    const score = (value: boolean | number) => Number(value).toFixed(2)
    const text = model.capabilities.inputModalities.includes('text') ? 'text' : 'no text'
    return [
      `${model.isDefault ? '*' : ' '} ${firstLine(model.ref)}  ${firstLine(model.label)}`,
      `    input: ${text}  images: ${show('image', yesNo)}  audio: ${show('audio', audio)}`,
      `    tools: ${show('toolCalling', yesNo)}  temperature: ${show('temperature', yesNo)}`,
      `    context: ${show('contextWindow', tokens)}  max output: ${show('maxOutputTokens', tokens)}`,
      `    scores: cost ${show('cost', score)}  speed ${show('speed', score)}  intelligence ${show('intelligence', score)}`,
      `    ${formatPricing(model.pricing)}`,
    ].map((line) => truncate(line, width))
  })
}

function formatPricing(pricing: ModelPricing | null): string {
  if (!pricing) return 'price: not set'
  return `price per million tokens: ${dollars.format(pricing.inputPerMillion)} input, ${dollars.format(pricing.outputPerMillion)} output`
}

/** What the source tags mean, and what "unknown" means: the lines under the table, each within 80. */
export function sourceLegend(): string[] {
  const tag = (source: FactSource) => `${SOURCE_TAGS[source]} ${FACT_SOURCE_LABELS[source]}`
  return [
    `Sources: ${tag('provider')}, ${tag('family')},`,
    `  ${tag('preset')}, ${tag('user')}; unknown: nobody stated it`,
  ]
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

/** The line the CLI prints when adding a model made it the default (there was none). */
export function defaultModelNotice(ref: string): string {
  return `${firstLine(ref)} is now the default model (it is the first one); change it with mcp-desk models default`
}
