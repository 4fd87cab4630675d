import {
  parseModelRef,
  type CapabilityFact,
  type ModelCapabilities,
  type ModelConfig,
  type ModelPricing,
} from '../../../shared/models/model-schema'
import { modelLabel } from '../../../shared/models/model-label'
import type { StatedFacts } from '../../../shared/models/provider-input'
import type { ProviderView, SettingsView } from '../../../shared/settings/settings-view'
import {
  capabilityFacts,
  FACT_LABELS,
  FACT_SOURCE_LABELS,
  type FactState,
} from '../../../shared/models/capability-facts'

/** Words for providers and models, shared by the title bar, the Models panel and its tests. */

/** The prefix of the secrets MCP Desk creates for a provider's typed API key and header values. */
export function providerSecretPrefix(providerId: string): string {
  return `provider.${providerId}.`
}

export function modelName(model: ModelConfig): string {
  return model.displayName ?? model.id
}

/**
 * What the title bar says about the model sampling falls back to: the default model as pickers name it
 * ("Provider name · model", the names the user gave), else whether any model exists at all.
 */
export function currentModelLabel(models: SettingsView['models'] | undefined): {
  text: string
  title: string
} {
  const ref = models?.defaultModel
  if (ref) {
    const parsed = parseModelRef(ref)
    const provider = models.providers.find((candidate) => candidate.id === parsed?.providerId)
    const model = provider?.models.find((candidate) => candidate.id === parsed?.modelId)
    if (provider && model) {
      return { text: modelLabel(provider, model), title: `Default model: ${ref}` }
    }
    return { text: ref, title: `Default model: ${ref}, which is no longer configured` }
  }
  const configured = models?.providers.some((provider) => provider.models.length > 0) ?? false
  return configured
    ? { text: 'No default model', title: 'Choose a default model in Models' }
    : { text: 'No model configured', title: 'Add a provider and its models in Models' }
}

/**
 * What the title bar says while a conversation is open: the model it runs on, or, when it has chosen none,
 * the default model it falls back to.
 */
export function conversationModelLabel(
  models: SettingsView['models'] | undefined,
  ref: string | undefined,
): { text: string; title: string } {
  if (!ref) return currentModelLabel(models)
  const parsed = parseModelRef(ref)
  const provider = models?.providers.find((candidate) => candidate.id === parsed?.providerId)
  const model = provider?.models.find((candidate) => candidate.id === parsed?.modelId)
  if (provider && model) {
    return { text: modelLabel(provider, model), title: `Conversation model: ${ref}` }
  }
  return { text: ref, title: `Conversation model: ${ref}, which is no longer configured` }
}

/** Token counts the way model cards print them: 128k, 200k, 4,096; "unknown" when nobody stated it. */
export function formatTokens(count: number | undefined): string {
  if (count === undefined) return 'unknown'
  if (count >= 10_000 && count % 1000 === 0) return `${count / 1000}k`
  return count.toLocaleString('en-US')
}

const KiB = 1024
const MiB = 1024 * KiB

export function formatBytes(bytes: number): string {
  if (bytes >= MiB) return `${Number((bytes / MiB).toFixed(2))} MiB`
  if (bytes >= KiB) return `${Number((bytes / KiB).toFixed(2))} KiB`
  return `${bytes} B`
}

export interface FactLine {
  fact: CapabilityFact
  /** "images: yes", "128k context", "cost score: unknown". */
  text: string
  /** Where a known fact came from ("model-family table"); absent when the fact is unknown. */
  source?: string
  /** Details worth a tooltip (the image types and the host's size cap, what a score means). */
  title?: string
}

const SCORE_TITLES: Partial<Record<CapabilityFact, string>> = {
  cost: 'How expensive the model is, 0–1 (1 = the priciest)',
  speed: 'How fast the model is, 0–1 (higher is faster)',
  intelligence: 'How capable the model is, 0–1 (higher is more capable)',
}

function factText(state: FactState): string {
  const name = FACT_LABELS[state.fact]
  if (!state.known) return `${name}: unknown`
  const { value } = state
  if (typeof value === 'boolean') return `${name}: ${value ? 'yes' : 'no'}`
  if (state.fact === 'contextWindow' || state.fact === 'maxOutputTokens')
    return `${formatTokens(value)} ${name}`
  return `${name} ${scoreText(value)}`
}

function factTitle(state: FactState, capabilities: ModelCapabilities): string | undefined {
  if (state.fact === 'image' && state.known && state.value === true) {
    const types = capabilities.imageMimeTypes.map((mime) => mime.replace('image/', '')).join(', ')
    return `Images (${types || 'no type chosen'}), up to ${formatBytes(capabilities.maxImageBytes)} each`
  }
  if (state.fact === 'audio' && state.known && state.value === true) {
    return `Audio (${capabilities.audioFormats.join(', ') || 'no format chosen'})`
  }
  return SCORE_TITLES[state.fact]
}

/**
 * Every capability fact of a model as one line, known or not: a fact nobody stated is shown as unknown
 * rather than left out, because a missing "images" reads as "no images" (issue 21 §4), and a known one
 * says where it came from so the user can tell the provider's word from the family table's guess.
 */
export function capabilityFactLines(capabilities: ModelCapabilities): FactLine[] {
  return capabilityFacts(capabilities).map((state) => {
    const title = factTitle(state, capabilities)
    return {
      fact: state.fact,
      text: factText(state),
      ...(state.known ? { source: FACT_SOURCE_LABELS[state.source] } : {}),
      ...(title ? { title } : {}),
    }
  })
}

function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`
}

export function pricingText(pricing: ModelPricing): string {
  return `${dollars(pricing.inputPerMillion)} in · ${dollars(pricing.outputPerMillion)} out per 1M tokens`
}

export function scoreText(score: number | undefined): string {
  return score === undefined ? 'unknown' : score.toFixed(2)
}

/** Whether the provider has a key, never what it is: typed keys live in the secret store under its prefix. */
export function keyStatus(provider: ProviderView): string {
  if (!provider.apiKey) return 'no key'
  if (provider.apiKey.secret.startsWith(providerSecretPrefix(provider.id))) return 'key stored'
  return `key from secret ${provider.apiKey.secret}`
}

export function chunkTimeoutText(chunkTimeoutMs: number): string {
  if (chunkTimeoutMs <= 0) return 'stall detection off'
  return `stalls after ${Number((chunkTimeoutMs / 1000).toFixed(3))} s without output`
}

/**
 * What a provider's model list said about one model, in a few words ("images, no audio, tools, 128k
 * context"), so the user sees before adding it what will be recorded as the provider's word; undefined
 * when it said nothing. What it left out is not listed: it will be unknown, or filled in by the family table.
 */
export function statedFactsText(stated: StatedFacts | undefined): string | undefined {
  if (!stated) return undefined
  const parts: string[] = []
  const flags = [
    ['image', 'images'],
    ['audio', 'audio'],
    ['toolCalling', 'tools'],
    ['temperature', 'temperature'],
  ] as const
  for (const [key, name] of flags) {
    const value = stated[key]
    if (value !== undefined) parts.push(value ? name : `no ${name}`)
  }
  if (stated.contextWindow !== undefined) parts.push(`${formatTokens(stated.contextWindow)} context`)
  if (stated.maxOutputTokens !== undefined) parts.push(`${formatTokens(stated.maxOutputTokens)} max output`)
  if (stated.pricing) parts.push(pricingText(stated.pricing))
  return parts.length > 0 ? parts.join(', ') : undefined
}
