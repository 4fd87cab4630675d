import { z } from 'zod'
import { modelConfigSchema, providerPresetIdSchema, type ProviderConfig } from '../models/model-schema'
import {
  mcpLimitsSchema,
  permissionsSchema,
  remoteTransportSchema,
  rootsSettingsSchema,
  samplingSettingsSchema,
  samplingPolicySchema,
  serverProtocolSchema,
  secretRefSchema,
  themeSchema,
  toolSettingsSchema,
  type ConfigValue,
  type ServerConfig,
  type ServerOAuthConfig,
  type Settings,
} from './settings-schema'
import { looksSecretName } from './secret-names'

/**
 * What leaves the main process. A server's plain env values and headers (literals in settings.json whose
 * names do not look secret: `MEMORY_FILE_PATH`, `DEBUG`) are shown as they are, `{ plain }`; the user
 * chose to keep them in clear. Every other literal — a provider's header, an OAuth client secret, or a
 * server value under a secret-looking name, which may be a token someone wrote into settings.json by hand
 * — is replaced by a mask, so it never reaches the renderer (or a printed `config show`) in clear.
 */
export const maskedValueSchema = z.object({ masked: z.literal(true) }).strict()
export const plainValueSchema = z.object({ plain: z.string() }).strict()
export const configValueViewSchema = z.union([secretRefSchema, maskedValueSchema, plainValueSchema])
export type ConfigValueView = z.infer<typeof configValueViewSchema>

/** A remote server's OAuth settings as the renderer sees them: the client secret masked like a header. */
export const serverOAuthViewSchema = z.object({
  clientId: z.string().optional(),
  clientSecret: configValueViewSchema.optional(),
  // Named here or the IPC response parse strips it, and the edit form would then save the server without it.
  clientMetadataUrl: z.string().optional(),
  scopes: z.array(z.string()).optional(),
})
export type ServerOAuthView = z.infer<typeof serverOAuthViewSchema>

const serverViewBase = {
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  sampling: samplingPolicySchema,
  samplingModels: z.array(z.string()).optional(),
  samplingDailyTokens: z.number().optional(),
  toolsAlwaysLoaded: z.boolean().optional(),
  protocol: serverProtocolSchema.optional(),
}
export const serverConfigViewSchema = z.discriminatedUnion('transport', [
  z.object({
    ...serverViewBase,
    transport: z.literal('stdio'),
    command: z.string(),
    args: z.array(z.string()),
    env: z.record(z.string(), configValueViewSchema),
    cwd: z.string().optional(),
  }),
  z.object({
    ...serverViewBase,
    transport: remoteTransportSchema,
    url: z.string(),
    headers: z.record(z.string(), configValueViewSchema),
    oauth: serverOAuthViewSchema.optional(),
  }),
])
export type ServerConfigView = z.infer<typeof serverConfigViewSchema>

export const providerViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  preset: providerPresetIdSchema,
  baseUrl: z.string(),
  apiKey: secretRefSchema.optional(),
  headers: z.record(z.string(), configValueViewSchema),
  chunkTimeoutMs: z.number(),
  models: z.array(modelConfigSchema),
})
export type ProviderView = z.infer<typeof providerViewSchema>

/**
 * `models:save`'s answer: the provider as saved, and `becameDefault` when adding this model made it the
 * default model (there was none), so the window can say so.
 */
export const modelSavedSchema = providerViewSchema.extend({ becameDefault: z.boolean().optional() })
export type ModelSaved = z.infer<typeof modelSavedSchema>

export const settingsViewSchema = z.object({
  schemaVersion: z.number(),
  appearance: z.object({ theme: themeSchema }),
  mcp: z.object({ limits: mcpLimitsSchema }),
  models: z.object({
    providers: z.array(providerViewSchema),
    defaultModel: z.string().optional(),
    recentModels: z.array(z.string()),
  }),
  permissions: permissionsSchema,
  sampling: samplingSettingsSchema,
  tools: toolSettingsSchema,
  roots: rootsSettingsSchema,
  servers: z.array(serverConfigViewSchema),
})
export type SettingsView = z.infer<typeof settingsViewSchema>

function maskValue(value: ConfigValue): ConfigValueView {
  return typeof value === 'string' ? { masked: true } : value
}

function maskRecord(record: Record<string, ConfigValue>): Record<string, ConfigValueView> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, maskValue(value)]))
}

/** A server's env or headers: plain values in clear, unless the name says the value is a credential. */
function serverRecordView(record: Record<string, ConfigValue>): Record<string, ConfigValueView> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key,
      typeof value === 'string' && !looksSecretName(key) ? { plain: value } : maskValue(value),
    ]),
  )
}

/** Strips credentials out of URLs (`https://user:pass@host`) as well as query values, which often carry keys. */
export function maskUrl(raw: string): string {
  try {
    const url = new URL(raw)
    if (url.username || url.password) {
      url.username = url.username ? '***' : ''
      url.password = url.password ? '***' : ''
    }
    for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, '***')
    return url.toString()
  } catch {
    return raw
  }
}

export function maskServer(server: ServerConfig): ServerConfigView {
  if (server.transport === 'stdio') return { ...server, env: serverRecordView(server.env) }
  const { oauth, ...remote } = server
  return {
    ...remote,
    url: maskUrl(server.url),
    headers: serverRecordView(server.headers),
    ...(oauth ? { oauth: maskOAuth(oauth) } : {}),
  }
}

function maskOAuth(oauth: ServerOAuthConfig): ServerOAuthView {
  const { clientSecret, ...rest } = oauth
  return { ...rest, ...(clientSecret === undefined ? {} : { clientSecret: maskValue(clientSecret) }) }
}

export function maskProvider(provider: ProviderConfig): ProviderView {
  return { ...provider, baseUrl: maskUrl(provider.baseUrl), headers: maskRecord(provider.headers) }
}

export function toSettingsView(settings: Settings): SettingsView {
  return {
    schemaVersion: settings.schemaVersion,
    appearance: { ...settings.appearance },
    mcp: { limits: { ...settings.mcp.limits } },
    models: {
      providers: settings.models.providers.map(maskProvider),
      ...(settings.models.defaultModel ? { defaultModel: settings.models.defaultModel } : {}),
      recentModels: [...settings.models.recentModels],
    },
    permissions: { mcp_sampling: { ...settings.permissions.mcp_sampling } },
    sampling: { ...settings.sampling },
    tools: { ...settings.tools },
    roots: {
      default: [...settings.roots.default],
      servers: Object.fromEntries(
        Object.entries(settings.roots.servers).map(([id, folders]) => [id, [...folders]]),
      ),
    },
    servers: settings.servers.map(maskServer),
  }
}
