import { z } from 'zod'
import { configValueInputSchema } from '../mcp/server-input'
import {
  audioFormatSchema,
  imageMimeSchema,
  modalitySchema,
  modelPricingSchema,
  providerIdSchema,
  providerPresetIdSchema,
} from './model-schema'

/**
 * A provider as typed into the models panel or given to `mcp-desk providers add`. The API key and header
 * values are `{ value }` (stored in the secret store), `{ secret }` (an existing secret) or `{ keep: true }`
 * when editing; they never come back out.
 */
export const providerInputSchema = z
  .object({
    preset: providerPresetIdSchema,
    /** Defaults to the preset's id (made unique); fixed once created. */
    id: providerIdSchema.optional(),
    /** Defaults to the preset's name. */
    name: z.string().trim().min(1).max(200).optional(),
    /** Defaults to the preset's URL; required for `custom`. */
    baseUrl: z.url({ protocol: /^https?$/, error: 'baseUrl must be an http(s) URL' }).optional(),
    /** Omitted or null: no key (local servers). */
    apiKey: configValueInputSchema.nullable().optional(),
    headers: z
      .record(
        z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'not a valid HTTP header name'),
        configValueInputSchema,
      )
      .default({}),
    chunkTimeoutMs: z.number().int().min(-1).max(86_400_000).optional(),
  })
  .strict()
export type ProviderInput = z.input<typeof providerInputSchema>
export type ParsedProviderInput = z.output<typeof providerInputSchema>

const score = z.number().min(0).max(1)

/**
 * Capabilities as the user gives them. Every field is optional: what is left out stays as it is. `null`
 * makes a fact unknown again. A field given with the value the model already has is not an edit, so its
 * source stays (a form that sends every field turns nothing into "set by you"). `image`/`audio` say
 * yes/no/unknown (null) for one modality; `inputModalities` sets yes/no for each one whose state it changes.
 */
export const modelCapabilitiesInputSchema = z
  .object({
    inputModalities: z.array(modalitySchema).min(1).optional(),
    image: z.boolean().nullable().optional(),
    audio: z.boolean().nullable().optional(),
    imageMimeTypes: z.array(imageMimeSchema).optional(),
    maxImageBytes: z.number().int().positive().optional(),
    maxTextBytes: z.number().int().positive().optional(),
    audioFormats: z.array(audioFormatSchema).optional(),
    contextWindow: z.number().int().positive().nullable().optional(),
    maxOutputTokens: z.number().int().positive().nullable().optional(),
    toolCalling: z.boolean().nullable().optional(),
    temperature: z.boolean().nullable().optional(),
    scores: z
      .object({
        cost: score.nullable().optional(),
        speed: score.nullable().optional(),
        intelligence: score.nullable().optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
export type ModelCapabilitiesInput = z.input<typeof modelCapabilitiesInputSchema>

/**
 * A model to add or edit. A new model's capabilities start from what its provider stated when it was last
 * discovered, then the model-family table; what neither knows is unknown.
 */
export const modelInputSchema = z
  .object({
    id: z.string().min(1).max(200),
    displayName: z.string().trim().min(1).max(200).optional(),
    capabilities: modelCapabilitiesInputSchema.optional(),
    pricing: modelPricingSchema.nullable().optional(),
  })
  .strict()
export type ModelInput = z.input<typeof modelInputSchema>

export const providerPresetSchema = z.object({
  id: providerPresetIdSchema,
  name: z.string(),
  baseUrl: z.string(),
  needsApiKey: z.boolean(),
  /** Where to get a key, or what the local server must be running, in one line. */
  hint: z.string(),
})
export type ProviderPreset = z.infer<typeof providerPresetSchema>

/**
 * What a provider's model list states about one model (OpenRouter's `context_length`,
 * `architecture.input_modalities`, `supported_parameters`; Groq's `context_window`; Mistral's
 * `capabilities`…). Absent: the list did not say.
 */
export const statedFactsSchema = z
  .object({
    image: z.boolean().optional(),
    audio: z.boolean().optional(),
    toolCalling: z.boolean().optional(),
    temperature: z.boolean().optional(),
    contextWindow: z.number().int().positive().optional(),
    maxOutputTokens: z.number().int().positive().optional(),
    pricing: modelPricingSchema.optional(),
  })
  .strict()
export type StatedFacts = z.infer<typeof statedFactsSchema>

export const discoveredModelSchema = z.object({
  id: z.string(),
  /** Already in this provider's model list. */
  configured: z.boolean(),
  /** What the provider's list says about it; saved as the model's capabilities when it is added. */
  stated: statedFactsSchema.optional(),
})
export type DiscoveredModel = z.infer<typeof discoveredModelSchema>
