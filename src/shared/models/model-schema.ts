import { z } from 'zod'
import { configValueSchema, secretRefSchema } from '../settings/secret-ref'

/**
 * Providers and models as configured by the user. MCP publishes no model list and no modality discovery,
 * so a sampling request can only be routed by what is recorded here. Each capability fact records where
 * it came from (`sources`); a fact nobody stated is absent — unknown — rather than a made-up number, so
 * the window, the CLI and model selection can tell a known fact from a gap.
 */
const KiB = 1024
const MiB = 1024 * KiB

export const modalitySchema = z.enum(['text', 'image', 'audio'])
export type Modality = z.infer<typeof modalitySchema>

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
export const imageMimeSchema = z.enum(IMAGE_MIME_TYPES)

/** Audio as the OpenAI-compatible adapter accepts it: `wav` and `mp3` (MIME audio/wav, audio/mpeg). */
export const audioFormatSchema = z.enum(['wav', 'mp3'])
export type AudioFormat = z.infer<typeof audioFormatSchema>

/**
 * The facts about a model that can be known or unknown. `image`/`audio`: whether it takes that input;
 * `cost`/`speed`/`intelligence`: its scores.
 */
export const CAPABILITY_FACTS = [
  'image',
  'audio',
  'toolCalling',
  'temperature',
  'contextWindow',
  'maxOutputTokens',
  'cost',
  'speed',
  'intelligence',
] as const
export const capabilityFactSchema = z.enum(CAPABILITY_FACTS)
export type CapabilityFact = z.infer<typeof capabilityFactSchema>

/**
 * Where a known fact came from: the provider's own model list (`provider`), the model-family table
 * (`family`), the provider preset (`preset`: a local server's tokens cost nothing) or the user (`user`).
 */
export const FACT_SOURCES = ['provider', 'family', 'preset', 'user'] as const
export const factSourceSchema = z.enum(FACT_SOURCES)
export type FactSource = z.infer<typeof factSourceSchema>

const score = z.number().min(0).max(1)

export const modelCapabilitiesSchema = z
  .object({
    /**
     * What the model is known to take. A modality not listed is known NOT to be taken only when `sources`
     * names who said so; otherwise whether it is taken is unknown.
     */
    inputModalities: z.array(modalitySchema).min(1).default(['text']),
    imageMimeTypes: z.array(imageMimeSchema).default([...IMAGE_MIME_TYPES]),
    /** Per image item, decoded bytes: the host's cap on what it sends, not a claim about the model. */
    maxImageBytes: z
      .number()
      .int()
      .positive()
      .default(20 * MiB),
    /** Per text item (and the system prompt), UTF-8 bytes: the host's cap, as above. */
    maxTextBytes: z
      .number()
      .int()
      .positive()
      .default(1 * MiB),
    audioFormats: z.array(audioFormatSchema).default([]),
    /** Absent: unknown. */
    contextWindow: z.number().int().positive().optional(),
    /** Absent: unknown. */
    maxOutputTokens: z.number().int().positive().optional(),
    /** Absent: unknown. */
    toolCalling: z.boolean().optional(),
    /** Absent: unknown (the request's temperature is then sent). */
    temperature: z.boolean().optional(),
    /**
     * 0–1 each, absent when unknown. `cost` is how expensive the model is (1 = the priciest), `speed` how
     * fast, `intelligence` how capable; a server's costPriority favours a low cost score, the other two
     * favour high scores.
     */
    scores: z
      .object({ cost: score.optional(), speed: score.optional(), intelligence: score.optional() })
      .strict()
      .default({}),
    /** Where each known fact came from; a value with no source was written by hand (counts as `user`). */
    sources: z.partialRecord(capabilityFactSchema, factSourceSchema).default({}),
  })
  .strict()
export type ModelCapabilities = z.infer<typeof modelCapabilitiesSchema>

export const modelPricingSchema = z
  .object({
    /** US dollars per million input tokens. */
    inputPerMillion: z.number().nonnegative(),
    outputPerMillion: z.number().nonnegative(),
  })
  .strict()
export type ModelPricing = z.infer<typeof modelPricingSchema>

export const modelConfigSchema = z
  .object({
    /** The provider's own model id, e.g. `gpt-4o-mini` or `anthropic/claude-3.5-sonnet` (OpenRouter). */
    id: z.string().min(1).max(200),
    displayName: z.string().min(1).max(200).optional(),
    capabilities: modelCapabilitiesSchema.default(modelCapabilitiesSchema.parse({})),
    pricing: modelPricingSchema.optional(),
  })
  .strict()
export type ModelConfig = z.infer<typeof modelConfigSchema>

export const PROVIDER_PRESET_IDS = [
  'openai',
  'ollama',
  'lmstudio',
  'vllm',
  'openrouter',
  'deepseek',
  'groq',
  'mistral',
  'together',
  'custom',
] as const
export const providerPresetIdSchema = z.enum(PROVIDER_PRESET_IDS)
export type ProviderPresetId = z.infer<typeof providerPresetIdSchema>

export const providerIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a provider id is 1-64 lowercase letters, digits or "-"')

export const DEFAULT_CHUNK_TIMEOUT_MS = 480_000

export const providerConfigSchema = z
  .object({
    id: providerIdSchema,
    name: z.string().min(1).max(200),
    preset: providerPresetIdSchema,
    baseUrl: z.url({ protocol: /^https?$/, error: 'baseUrl must be an http(s) URL' }),
    /** Optional: local servers (Ollama, LM Studio, vLLM) usually need none. */
    apiKey: secretRefSchema.optional(),
    headers: z.record(z.string(), configValueSchema).default({}),
    /** Silence after which a streaming completion counts as stalled; 0 or less disables the check. */
    chunkTimeoutMs: z.number().int().default(DEFAULT_CHUNK_TIMEOUT_MS),
    models: z.array(modelConfigSchema).default([]),
  })
  .strict()
  .refine((p) => new Set(p.models.map((m) => m.id)).size === p.models.length, 'model ids must be unique')
export type ProviderConfig = z.infer<typeof providerConfigSchema>

/** `provider/model`: the provider id never contains `/`, so the first `/` splits it (model ids may have more). */
export type ModelRef = `${string}/${string}`
export function modelRef(providerId: string, modelId: string): ModelRef {
  return `${providerId}/${modelId}`
}
export function parseModelRef(ref: string): { providerId: string; modelId: string } | undefined {
  const slash = ref.indexOf('/')
  if (slash <= 0 || slash === ref.length - 1) return undefined
  return { providerId: ref.slice(0, slash), modelId: ref.slice(slash + 1) }
}

export const modelsSettingsSchema = z
  .object({
    providers: z
      .array(providerConfigSchema)
      .default([])
      .refine((ps) => new Set(ps.map((p) => p.id)).size === ps.length, 'provider ids must be unique'),
    /** `provider/model` used when no hint decides. */
    defaultModel: z.string().optional(),
    /** Most recently used first; the fallback after the default model. */
    recentModels: z.array(z.string()).max(20).default([]),
  })
  .strict()
export type ModelsSettings = z.infer<typeof modelsSettingsSchema>
