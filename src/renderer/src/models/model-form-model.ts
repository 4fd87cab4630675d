import type { AudioFormat, Modality, ModelConfig } from '../../../shared/models/model-schema'
import type { IMAGE_MIME_TYPES } from '../../../shared/models/model-schema'
import { modelInputSchema, type ModelInput } from '../../../shared/models/provider-input'
import type { FieldErrors } from '../ui/value-rows-model'
import { flagKnowledge, type Knowledge } from '../../../shared/models/capability-facts'

/**
 * The capability editor's data and its translation to the `ModelInput` the host saves. Sizes are edited
 * in MiB / KiB and stored in bytes; scores are 0–1; pricing is both prices or neither.
 */
export type ImageMime = (typeof IMAGE_MIME_TYPES)[number]
export type Score = 'cost' | 'speed' | 'intelligence'

export interface ModelFormState {
  displayName: string
  modalities: Modality[]
  imageMimeTypes: ImageMime[]
  maxImageMiB: string
  maxTextKiB: string
  audioFormats: AudioFormat[]
  contextWindow: string
  maxOutputTokens: string
  /** yes / no / unknown: "unknown" is sent as null, which makes the host forget the fact. */
  toolCalling: Knowledge
  temperature: Knowledge
  /** null: unknown (sent as null, so the host forgets the score rather than storing a made-up 0.5). */
  scores: Record<Score, number | null>
  inputPerMillion: string
  outputPerMillion: string
}

/** Problems by field: the state's own keys (`modalities`, `maxImageMiB`, `inputPerMillion`…) or `form`. */
export type ModelFieldErrors = FieldErrors

const KiB = 1024
const MiB = 1024 * KiB

function decimal(value: number): string {
  return String(Number(value.toFixed(3)))
}

export function modelFormFromConfig(model: ModelConfig): ModelFormState {
  const c = model.capabilities
  return {
    displayName: model.displayName ?? '',
    modalities: [...c.inputModalities],
    imageMimeTypes: [...c.imageMimeTypes],
    maxImageMiB: decimal(c.maxImageBytes / MiB),
    maxTextKiB: decimal(c.maxTextBytes / KiB),
    audioFormats: [...c.audioFormats],
    // Unknown facts: an empty field, and placeholders that are sent only if the user changes them.
    contextWindow: c.contextWindow === undefined ? '' : String(c.contextWindow),
    maxOutputTokens: c.maxOutputTokens === undefined ? '' : String(c.maxOutputTokens),
    toolCalling: flagKnowledge(c.toolCalling),
    temperature: flagKnowledge(c.temperature),
    scores: {
      cost: c.scores.cost ?? null,
      speed: c.scores.speed ?? null,
      intelligence: c.scores.intelligence ?? null,
    },
    inputPerMillion: model.pricing ? String(model.pricing.inputPerMillion) : '',
    outputPerMillion: model.pricing ? String(model.pricing.outputPerMillion) : '',
  }
}

/** Adds or removes `item`, keeping the order of `all` so saved lists are stable. */
export function toggled<T>(list: readonly T[], item: T, on: boolean, all: readonly T[]): T[] {
  return all.filter((candidate) => (candidate === item ? on : list.includes(candidate)))
}

function knowledgeInput(knowledge: Knowledge): boolean | null {
  return knowledge === 'unknown' ? null : knowledge === 'yes'
}

function numberOf(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? Number.NaN : Number(trimmed)
}

function bytes(
  text: string,
  unit: number,
  unitName: string,
  field: string,
  errors: FieldErrors,
): number | undefined {
  const value = numberOf(text)
  const result = Math.round(value * unit)
  if (!Number.isFinite(value) || result < 1) {
    errors[field] = `enter a size in ${unitName} above 0`
    return undefined
  }
  return result
}

/** An empty field is an unknown count (null), not a problem. */
function tokens(text: string, field: string, errors: FieldErrors): number | null | undefined {
  if (text.trim() === '') return null
  const value = numberOf(text)
  if (!Number.isInteger(value) || value < 1) {
    errors[field] = 'enter a whole number of tokens above 0'
    return undefined
  }
  return value
}

function price(text: string, field: string, errors: FieldErrors): number | undefined {
  const value = numberOf(text)
  if (!Number.isFinite(value) || value < 0) {
    errors[field] = 'enter a price of 0 or more (US dollars per million tokens)'
    return undefined
  }
  return value
}

function pricingInput(form: ModelFormState, hadPricing: boolean, errors: FieldErrors): ModelInput['pricing'] {
  const input = form.inputPerMillion.trim()
  const output = form.outputPerMillion.trim()
  if (input === '' && output === '') return hadPricing ? null : undefined
  if (input === '' || output === '') {
    errors[input === '' ? 'inputPerMillion' : 'outputPerMillion'] = 'enter both prices, or neither'
    return undefined
  }
  const inputPerMillion = price(input, 'inputPerMillion', errors)
  const outputPerMillion = price(output, 'outputPerMillion', errors)
  if (inputPerMillion === undefined || outputPerMillion === undefined) return undefined
  return { inputPerMillion, outputPerMillion }
}

/**
 * The model to save, or the problems to show beside their fields. `hadPricing`: clearing both prices of a
 * priced model sends `null` to drop it. With `initial` (the form as first shown) only the capabilities the
 * user changed are sent, so a fact the host does not know is not saved as the editor's placeholder;
 * without it every capability is spelled out.
 */
export function buildModelInput(
  id: string,
  form: ModelFormState,
  options: { hadPricing: boolean; initial?: ModelFormState },
): { ok: true; input: ModelInput } | { ok: false; errors: ModelFieldErrors } {
  const errors: FieldErrors = {}
  if (form.modalities.length === 0) errors.modalities = 'choose at least one kind of input'
  if (form.modalities.includes('image') && form.imageMimeTypes.length === 0) {
    errors.imageMimeTypes = 'choose at least one image type, or untick images'
  }
  if (form.modalities.includes('audio') && form.audioFormats.length === 0) {
    errors.audioFormats = 'choose at least one audio format, or untick audio'
  }
  const maxImageBytes = bytes(form.maxImageMiB, MiB, 'MiB', 'maxImageMiB', errors)
  const maxTextBytes = bytes(form.maxTextKiB, KiB, 'KiB', 'maxTextKiB', errors)
  const contextWindow = tokens(form.contextWindow, 'contextWindow', errors)
  const maxOutputTokens = tokens(form.maxOutputTokens, 'maxOutputTokens', errors)
  const pricing = pricingInput(form, options.hadPricing, errors)
  if (
    Object.keys(errors).length > 0 ||
    maxImageBytes === undefined ||
    maxTextBytes === undefined ||
    contextWindow === undefined ||
    maxOutputTokens === undefined
  ) {
    return { ok: false, errors }
  }

  const all: NonNullable<ModelInput['capabilities']> = {
    inputModalities: form.modalities,
    imageMimeTypes: form.imageMimeTypes,
    maxImageBytes,
    maxTextBytes,
    audioFormats: form.audioFormats,
    contextWindow,
    maxOutputTokens,
    toolCalling: knowledgeInput(form.toolCalling),
    temperature: knowledgeInput(form.temperature),
    scores: { ...form.scores },
  }
  const capabilities = options.initial ? changedOnly(all, form, options.initial) : all
  const displayName = form.displayName.trim()
  const input: ModelInput = {
    id,
    ...(displayName !== '' ? { displayName } : {}),
    capabilities,
    ...(pricing !== undefined ? { pricing } : {}),
  }
  const parsed = modelInputSchema.safeParse(input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
      errors.form ??= `${where}${issue.message}`
    }
    return { ok: false, errors }
  }
  return { ok: true, input }
}

const SAME_FORM_KEYS: Record<string, keyof ModelFormState> = {
  inputModalities: 'modalities',
  imageMimeTypes: 'imageMimeTypes',
  maxImageBytes: 'maxImageMiB',
  maxTextBytes: 'maxTextKiB',
  audioFormats: 'audioFormats',
  contextWindow: 'contextWindow',
  maxOutputTokens: 'maxOutputTokens',
  toolCalling: 'toolCalling',
  temperature: 'temperature',
}

/** The capabilities whose form field differs from the form as first shown; scores one by one. */
function changedOnly(
  all: NonNullable<ModelInput['capabilities']>,
  form: ModelFormState,
  initial: ModelFormState,
): NonNullable<ModelInput['capabilities']> {
  const same = (key: keyof ModelFormState) => JSON.stringify(form[key]) === JSON.stringify(initial[key])
  const changed = Object.fromEntries(
    Object.entries(all).filter(([key]) => {
      const formKey = SAME_FORM_KEYS[key]
      return formKey !== undefined && !same(formKey)
    }),
  )
  const scores = Object.fromEntries(
    (['cost', 'speed', 'intelligence'] as const)
      .filter((score) => form.scores[score] !== initial.scores[score])
      .map((score) => [score, form.scores[score]]),
  )
  return { ...changed, ...(Object.keys(scores).length > 0 ? { scores } : {}) }
}
