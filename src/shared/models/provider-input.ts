import { z } from 'zod'
import { configValueInputSchema } from '../mcp/server-input'
import {
  modelCapabilitiesSchema,
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

/** A model to add or edit; capabilities left out come from the preset's defaults for that model id. */
export const modelInputSchema = z
  .object({
    id: z.string().min(1).max(200),
    displayName: z.string().trim().min(1).max(200).optional(),
    capabilities: modelCapabilitiesSchema.partial().optional(),
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

export const discoveredModelSchema = z.object({
  id: z.string(),
  /** Already in this provider's model list. */
  configured: z.boolean(),
})
export type DiscoveredModel = z.infer<typeof discoveredModelSchema>
