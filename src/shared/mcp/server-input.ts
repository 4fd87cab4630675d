import { z } from 'zod'
import {
  clientMetadataUrlSchema,
  remoteTransportSchema,
  samplingPolicySchema,
  secretRefSchema,
  serverProtocolSchema,
} from '../settings/settings-schema'

/**
 * A value typed into the add/edit form or given on the command line: a new secret value (stored in the
 * secret store, only a reference lands in settings.json), a plain value (written into settings.json in
 * clear, for paths and flags), an existing secret reference, or "keep what is there" when editing.
 * `{ keep: true, as: 'secret' }` moves a saved plain value into the secret store without the window having
 * to send it again. There is no "keep as plain" for a secret: a secret never reaches the window, so making
 * it plain means typing the value again. Secret values never come back out: the form shows them masked.
 */
export const configValueInputSchema = z.union([
  z.object({ value: z.string().max(65536) }).strict(),
  z.object({ plain: z.string().max(65536) }).strict(),
  secretRefSchema,
  z.object({ keep: z.literal(true), as: z.literal('secret').optional() }).strict(),
])
export type ConfigValueInput = z.infer<typeof configValueInputSchema>

const envNameSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an env name is letters, digits and "_"')
const headerNameSchema = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'not a valid HTTP header name')

const inputBase = {
  name: z.string().trim().min(1, 'name must not be empty').max(200),
  enabled: z.boolean().default(true),
  sampling: samplingPolicySchema.default('ask'),
  /** `provider/model` refs (or `provider/*`) this server's sampling may use; absent = any configured model. */
  samplingModels: z.array(z.string().min(1, 'a sampling model must not be empty')).optional(),
  /** Tokens (in + out) this server's sampling may use per day; absent = no budget. */
  samplingDailyTokens: z
    .number()
    .int('the daily token budget must be a whole number')
    .positive('the daily token budget must be more than 0')
    .optional(),
  /** With tool search on, offer this server's tools on every request instead of through search. */
  toolsAlwaysLoaded: z.boolean().default(false),
  /** The protocol era to speak; `auto` negotiates (see mcp/protocol-era.ts). */
  protocol: serverProtocolSchema.default('auto'),
}

export const serverInputSchema = z.discriminatedUnion('transport', [
  z
    .object({
      ...inputBase,
      transport: z.literal('stdio'),
      command: z.string().trim().min(1, 'command must not be empty'),
      args: z.array(z.string()).default([]),
      env: z.record(envNameSchema, configValueInputSchema).default({}),
      cwd: z.string().min(1).optional(),
    })
    .strict(),
  z
    .object({
      ...inputBase,
      transport: remoteTransportSchema,
      url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }),
      headers: z.record(headerNameSchema, configValueInputSchema).default({}),
      oauth: z
        .object({
          clientId: z.string().trim().min(1, 'the OAuth client id must not be empty').max(512).optional(),
          clientSecret: configValueInputSchema.optional(),
          clientMetadataUrl: clientMetadataUrlSchema.optional(),
          scopes: z
            .array(z.string().trim().min(1, 'an OAuth scope must not be empty').max(256))
            .max(64)
            .optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
])
export type ServerInput = z.input<typeof serverInputSchema>
export type ParsedServerInput = z.output<typeof serverInputSchema>
