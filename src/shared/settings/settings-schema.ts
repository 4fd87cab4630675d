import { z } from 'zod'
import { modelsSettingsSchema, providerIdSchema } from '../models/model-schema'
import { configValueSchema } from './secret-ref'
import { rootPathListSchema } from '../roots/root-path'

/**
 * Settings as stored in `<home>/settings.json`. This file holds references to secrets, never their values:
 * a value that must stay secret is written through the secret store and referenced here as `{ secret: name }`.
 */
export const SETTINGS_SCHEMA_VERSION = 2

export {
  configValueSchema,
  secretNameSchema,
  secretRefSchema,
  type ConfigValue,
  type SecretRef,
} from './secret-ref'

export const serverIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a server id is 1-64 lowercase letters, digits or "-"')

/** Whether this server may ask the host to run a model (`sampling/createMessage`); see the sampling issue. */
export const samplingPolicySchema = z.enum(['deny', 'ask', 'allow'])
export type SamplingPolicy = z.infer<typeof samplingPolicySchema>

/**
 * Which MCP protocol era to speak to a server: `auto` asks it (`server/discover`, falling back to the 2025
 * `initialize` handshake), the others pin one era for servers that negotiate badly.
 */
export const serverProtocolSchema = z.enum(['auto', '2026-07-28', '2025-11-25'])
export type ServerProtocol = z.infer<typeof serverProtocolSchema>

const serverBase = {
  id: serverIdSchema,
  name: z.string().min(1).max(200),
  enabled: z.boolean().default(true),
  sampling: samplingPolicySchema.default('ask'),
  /** `provider/model` refs (or `provider/*`) this server's sampling may use; absent = any configured model. */
  samplingModels: z.array(z.string().min(1)).optional(),
  /** Tokens (in + out) this server's sampling may use per day; absent = no budget. */
  samplingDailyTokens: z.number().int().positive().optional(),
  /** With tool search on, this server's tools are offered on every request instead of found by search.
   *  Absent = false, so settings files only carry it where the user turned it on. */
  toolsAlwaysLoaded: z.boolean().optional(),
  /** Absent = `auto`, so settings files only carry it where the user pinned an era. */
  protocol: serverProtocolSchema.optional(),
}

export const stdioServerConfigSchema = z
  .object({
    ...serverBase,
    transport: z.literal('stdio'),
    command: z.string().min(1, 'command must not be empty'),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), configValueSchema).default({}),
    cwd: z.string().min(1).optional(),
  })
  .strict()

/**
 * A URL-based OAuth client id: the https address of a Client ID Metadata Document (SEP-991) describing MCP
 * Desk, published by the user or their organisation. An authorization server that advertises support
 * fetches it instead of taking a dynamic registration.
 */
export const clientMetadataUrlSchema = z
  .url({ protocol: /^https$/, error: 'a client id metadata document URL must be an https URL' })
  .max(2048)
  .refine((url) => new URL(url).pathname !== '/', 'a client id metadata document URL needs a path')

/**
 * OAuth for a remote server. Absent = discover everything and register dynamically when the server asks
 * for authorization; a client id (and secret, kept in the secret store) is for servers whose authorization
 * server does not offer dynamic registration. Scopes override what the server's challenge asks for.
 */
export const serverOAuthConfigSchema = z
  .object({
    clientId: z.string().min(1).max(512).optional(),
    clientSecret: configValueSchema.optional(),
    /** A URL-based client id, used where the authorization server supports it; a client id above wins. */
    clientMetadataUrl: clientMetadataUrlSchema.optional(),
    scopes: z.array(z.string().min(1).max(256)).max(64).optional(),
  })
  .strict()
export type ServerOAuthConfig = z.infer<typeof serverOAuthConfigSchema>

/** `http` is Streamable HTTP; `sse` is the legacy HTTP+SSE transport (spec 2024-11-05) some servers still use. */
export const remoteTransportSchema = z.enum(['http', 'sse'])
export type RemoteTransport = z.infer<typeof remoteTransportSchema>

export const httpServerConfigSchema = z
  .object({
    ...serverBase,
    transport: remoteTransportSchema,
    url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }),
    headers: z.record(z.string(), configValueSchema).default({}),
    oauth: serverOAuthConfigSchema.optional(),
  })
  .strict()

export const serverConfigSchema = z.discriminatedUnion('transport', [
  stdioServerConfigSchema,
  httpServerConfigSchema,
])
export type ServerConfig = z.infer<typeof serverConfigSchema>

const KiB = 1024
const MiB = 1024 * KiB

/**
 * Limits on what one server may hand us. Discovery limits keep a server from flooding the host (over any
 * limit the server fails, it is never half-registered); the message cap leaves room for a 20 MiB image in
 * base64.
 */
export const mcpLimitsSchema = z
  .object({
    /** A remote connect, and a stdio server's handshake once it has written to stdout: initialize + tools/list. */
    connectTimeoutMs: z.number().int().min(100).max(600_000).default(10_000),
    /**
     * How long a stdio server's process may run before it first writes to stdout. A first `npx -y` or
     * `uvx` downloads the package before the server starts, which can take far longer than a handshake;
     * meanwhile the server is `starting`, not failed.
     */
    stdioStartupTimeoutMs: z.number().int().min(100).max(3_600_000).default(120_000),
    maxMessageBytes: z
      .number()
      .int()
      .min(64 * KiB)
      .max(512 * MiB)
      .default(32 * MiB),
    maxToolPages: z.number().int().min(1).max(10_000).default(64),
    maxTools: z.number().int().min(1).max(100_000).default(1000),
    maxSchemaBytes: z
      .number()
      .int()
      .min(KiB)
      .max(16 * MiB)
      .default(32 * KiB),
    maxDefinitionBytes: z
      .number()
      .int()
      .min(KiB)
      .max(256 * MiB)
      .default(2 * MiB),
  })
  .strict()
export type McpLimits = z.infer<typeof mcpLimitsSchema>

/** `permission.mcp_sampling`: server-name patterns (`*` wildcard) to allow/ask/deny; deny beats any policy. */
export const permissionActionSchema = z.enum(['allow', 'ask', 'deny'])
export const permissionsSchema = z
  .object({ mcp_sampling: z.record(z.string().min(1), permissionActionSchema).default({}) })
  .strict()

const samplingSettingsShape = {
  /** Pending approvals are denied after this long; 0 waits for the user indefinitely. */
  approvalTimeoutMs: z.number().int().min(0),
  /** Show the generated text to the user, who may edit or refuse it, before it goes back to the server. */
  reviewCompletion: z.boolean(),
  maxConcurrentPerServer: z.number().int().min(1).max(100),
  maxPerMinutePerServer: z.number().int().min(1).max(10_000),
  /** How often progress is reported to a server that asked for it (progressToken). */
  progressIntervalMs: z.number().int().min(10),
  /** Rounds one server's tool loop may run (sampling with tools) before it is refused. */
  maxToolLoopRounds: z.number().int().min(1).max(1000),
}
export const samplingSettingsSchema = z
  .object({
    approvalTimeoutMs: samplingSettingsShape.approvalTimeoutMs.default(0),
    reviewCompletion: samplingSettingsShape.reviewCompletion.default(false),
    maxConcurrentPerServer: samplingSettingsShape.maxConcurrentPerServer.default(4),
    maxPerMinutePerServer: samplingSettingsShape.maxPerMinutePerServer.default(30),
    progressIntervalMs: samplingSettingsShape.progressIntervalMs.default(15_000),
    maxToolLoopRounds: samplingSettingsShape.maxToolLoopRounds.default(20),
  })
  .strict()
/** A change to some of the sampling settings: no defaults, so fields left out stay as they are. */
export const samplingSettingsPatchSchema = z.object(samplingSettingsShape).partial().strict()
export type SamplingSettings = z.infer<typeof samplingSettingsSchema>

export const themeSchema = z.enum(['system', 'light', 'dark'])
export type Theme = z.infer<typeof themeSchema>

/**
 * Tool search (issue 8): `auto` hides the MCP tools behind `mcp_tool_search` when their definitions would
 * take over 10% of the model's input window or there are more than 40; `always` and `off` force it.
 */
export const toolSearchModeSchema = z.enum(['off', 'always', 'auto'])
export type ToolSearchMode = z.infer<typeof toolSearchModeSchema>

/**
 * Where tool search's vectors come from (issue 23): the model bundled with MCP Desk, or an embedding model of
 * one of the user's OpenAI-compatible providers (`POST /v1/embeddings`).
 */
export const embeddingSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bundled') }).strict(),
  z
    .object({
      kind: z.literal('provider'),
      providerId: providerIdSchema,
      model: z.string().trim().min(1).max(200),
    })
    .strict(),
])
export type EmbeddingSourceSetting = z.infer<typeof embeddingSourceSchema>

/** The semantic layer of tool search: on by default; off frees its model and vectors. */
export const semanticSearchSettingsSchema = z
  .object({
    enabled: z.boolean().default(true),
    source: embeddingSourceSchema.default({ kind: 'bundled' }),
  })
  .strict()
export type SemanticSearchSettings = z.infer<typeof semanticSearchSettingsSchema>

export const toolSettingsSchema = z
  .object({
    search: toolSearchModeSchema.default('auto'),
    semantic: semanticSearchSettingsSchema.default(semanticSearchSettingsSchema.parse({})),
  })
  .strict()
export type ToolSettings = z.infer<typeof toolSettingsSchema>

/**
 * Folders servers may work in (MCP roots, answered to `roots/list`). A server with an entry in `servers`
 * gets exactly that list (possibly empty); every other server gets `default`, which starts empty so no
 * folder is shared until the user grants one.
 */
export const rootsSettingsSchema = z
  .object({
    default: rootPathListSchema.default([]),
    servers: z.record(serverIdSchema, rootPathListSchema).default({}),
  })
  .strict()
export type RootsSettings = z.infer<typeof rootsSettingsSchema>

/**
 * An MCP registry the Browse tab and `mcp-desk registry` read (issue 24): the official one by default, or a
 * subregistry or an organisation's mirror. http is allowed only to this computer (checked where it is added).
 */
export const registrySourceSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(2048)
      .regex(/^https?:\/\/[^\s]+$/, 'a registry URL starts with https://'),
    name: z.string().trim().min(1).max(100),
  })
  .strict()
export type RegistrySource = z.infer<typeof registrySourceSchema>

export const DEFAULT_REGISTRIES: RegistrySource[] = [
  { url: 'https://registry.modelcontextprotocol.io', name: 'MCP registry' },
]

export const settingsSchema = z
  .object({
    schemaVersion: z.literal(SETTINGS_SCHEMA_VERSION),
    appearance: z
      .object({ theme: themeSchema.default('system') })
      .strict()
      .default({ theme: 'system' }),
    mcp: z
      .object({
        limits: mcpLimitsSchema.default(mcpLimitsSchema.parse({})),
        /** For every remote server without its own: an organisation's URL-based OAuth client id. */
        oauth: z.object({ clientMetadataUrl: clientMetadataUrlSchema.optional() }).strict().optional(),
      })
      .strict()
      .default({ limits: mcpLimitsSchema.parse({}) }),
    models: modelsSettingsSchema.default(modelsSettingsSchema.parse({})),
    permissions: permissionsSchema.default({ mcp_sampling: {} }),
    sampling: samplingSettingsSchema.default(samplingSettingsSchema.parse({})),
    tools: toolSettingsSchema.default(toolSettingsSchema.parse({})),
    roots: rootsSettingsSchema.default({ default: [], servers: {} }),
    registries: z
      .array(registrySourceSchema)
      .max(20)
      .default(DEFAULT_REGISTRIES)
      .refine(
        (list) => new Set(list.map((r) => r.url.replace(/\/+$/, ''))).size === list.length,
        'a registry is listed twice',
      ),
    servers: z
      .array(serverConfigSchema)
      .default([])
      .refine(
        (servers) => new Set(servers.map((s) => s.id)).size === servers.length,
        'server ids must be unique',
      ),
  })
  .strict()
export type Settings = z.infer<typeof settingsSchema>

export function defaultSettings(): Settings {
  return settingsSchema.parse({ schemaVersion: SETTINGS_SCHEMA_VERSION })
}
