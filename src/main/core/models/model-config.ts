import { describeZodIssues, IpcFailure } from '../../../shared/ipc/ipc-error'
import { modalityKnowledge, type Knowledge } from '../../../shared/models/capability-facts'
import {
  modelCapabilitiesSchema,
  type Modality,
  type ModelCapabilities,
  type ModelConfig,
  type ProviderConfig,
} from '../../../shared/models/model-schema'
import {
  modelInputSchema,
  type ModelCapabilitiesInput,
  type ModelInput,
  type StatedFacts,
} from '../../../shared/models/provider-input'
import { defaultCapabilities } from './provider-presets'

/**
 * A model as it will be saved under `provider`. A new model's capabilities start from what is known about
 * it (`stated` by its provider's model list, then the family table and the preset; see
 * defaultCapabilities), an existing one keeps its own. The capabilities the input gives are the user's
 * edits: a changed fact becomes "set by you", `null` makes it unknown, and a fact given with the value it
 * already has keeps its source. A display name or pricing left out is kept; `pricing: null` removes it.
 * Ids that are plainly not chat models are accepted: only the user knows what a custom id serves.
 */
export function buildModelConfig(
  provider: Pick<ProviderConfig, 'preset' | 'models'>,
  input: ModelInput,
  stated?: StatedFacts,
): ModelConfig {
  const parsed = modelInputSchema.safeParse(input)
  if (!parsed.success) {
    throw new IpcFailure('validation_failed', `invalid model: ${describeZodIssues(parsed.error)}`)
  }
  const { id, displayName, capabilities, pricing } = parsed.data
  const existing = provider.models.find((model) => model.id === id)
  const base = existing?.capabilities ?? defaultCapabilities(provider.preset, id, stated)
  const merged = modelCapabilitiesSchema.safeParse(applyEdits(base, capabilities ?? {}))
  if (!merged.success) {
    throw new IpcFailure(
      'validation_failed',
      `invalid capabilities for ${id}: ${describeZodIssues(merged.error)}`,
    )
  }
  const name = displayName ?? existing?.displayName
  const statedPrice = existing === undefined ? stated?.pricing : undefined
  const price = pricing === null ? undefined : (pricing ?? existing?.pricing ?? statedPrice)
  return {
    id,
    ...(name !== undefined ? { displayName: name } : {}),
    capabilities: merged.data,
    ...(price !== undefined ? { pricing: price } : {}),
  }
}

type Edits = NonNullable<ModelCapabilitiesInput>

/** `base` with the user's edits applied; every fact whose value changes gets the source `user`. */
function applyEdits(base: ModelCapabilities, edits: Edits): ModelCapabilities {
  const next: ModelCapabilities = {
    ...base,
    scores: { ...base.scores },
    sources: { ...base.sources },
    ...(edits.imageMimeTypes !== undefined ? { imageMimeTypes: edits.imageMimeTypes } : {}),
    ...(edits.maxImageBytes !== undefined ? { maxImageBytes: edits.maxImageBytes } : {}),
    ...(edits.maxTextBytes !== undefined ? { maxTextBytes: edits.maxTextBytes } : {}),
    ...(edits.audioFormats !== undefined ? { audioFormats: edits.audioFormats } : {}),
  }
  const takes: Record<Modality, Knowledge> = {
    text: base.inputModalities.includes('text') ? 'yes' : 'no',
    image: modalityKnowledge(base, 'image'),
    audio: modalityKnowledge(base, 'audio'),
  }
  if (edits.inputModalities !== undefined) {
    const listed = edits.inputModalities
    takes.text = listed.includes('text') ? 'yes' : 'no'
    for (const modality of ['image', 'audio'] as const) {
      // Only a change is an edit: a form listing an unknown modality as not taken leaves it unknown.
      const wasTaken = takes[modality] === 'yes'
      if (listed.includes(modality) !== wasTaken) takes[modality] = wasTaken ? 'no' : 'yes'
    }
  }
  for (const modality of ['image', 'audio'] as const) {
    const given = edits[modality]
    if (given !== undefined) takes[modality] = given === null ? 'unknown' : given ? 'yes' : 'no'
    if (takes[modality] === modalityKnowledge(base, modality)) continue
    if (takes[modality] === 'unknown') delete next.sources[modality]
    else next.sources[modality] = 'user'
  }
  next.inputModalities = (['text', 'image', 'audio'] as const).filter((m) => takes[m] === 'yes')

  for (const fact of ['contextWindow', 'maxOutputTokens', 'toolCalling', 'temperature'] as const) {
    const given = edits[fact]
    if (given === undefined || given === base[fact]) continue
    if (given === null) {
      delete next[fact]
      delete next.sources[fact]
    } else {
      ;(next as Record<typeof fact, unknown>)[fact] = given
      next.sources[fact] = 'user'
    }
  }
  for (const fact of ['cost', 'speed', 'intelligence'] as const) {
    const given = edits.scores?.[fact]
    if (given === undefined || given === base.scores[fact]) continue
    if (given === null) {
      delete next.scores[fact]
      delete next.sources[fact]
    } else {
      next.scores[fact] = given
      next.sources[fact] = 'user'
    }
  }
  return next
}
