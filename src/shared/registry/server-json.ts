import { z } from 'zod'

/**
 * `server.json` as the MCP registry publishes it (schema 2025-12-11, read leniently): what a server is, the
 * packages it can be run from and the remote endpoints it serves. Unknown fields are ignored (registries add
 * their own); strings and lists are bounded because a registry is another party's server.
 * See https://github.com/modelcontextprotocol/registry/tree/main/docs/reference/server-json
 */

const text = (max: number) => z.string().max(max)
const MAX_LIST = 100

/** An input of an argument, env variable, header or URL variable: a fixed value, or one the user gives. */
export const serverJsonInputSchema = z.object({
  description: text(2000).optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  format: z.enum(['string', 'number', 'boolean', 'filepath']).optional().catch(undefined),
  /** Fixed by the publisher; `{name}` in it refers to `variables`. */
  value: text(4096).optional(),
  default: text(4096).optional(),
  placeholder: text(500).optional(),
  choices: z.array(text(500)).max(MAX_LIST).optional(),
})
export type ServerJsonInput = z.infer<typeof serverJsonInputSchema>

export const serverJsonInputWithVariablesSchema = serverJsonInputSchema.extend({
  variables: z.record(text(100), serverJsonInputSchema).optional(),
})

export const serverJsonKeyValueSchema = serverJsonInputWithVariablesSchema.extend({ name: text(200) })
export type ServerJsonKeyValue = z.infer<typeof serverJsonKeyValueSchema>

export const serverJsonArgumentSchema = z.discriminatedUnion('type', [
  serverJsonInputWithVariablesSchema.extend({
    type: z.literal('positional'),
    valueHint: text(200).optional(),
    isRepeated: z.boolean().optional(),
  }),
  serverJsonInputWithVariablesSchema.extend({
    type: z.literal('named'),
    /** The flag, dashes included, e.g. `--port`. */
    name: text(200),
    isRepeated: z.boolean().optional(),
  }),
])
export type ServerJsonArgument = z.infer<typeof serverJsonArgumentSchema>

export const serverJsonTransportSchema = z.object({
  type: z.enum(['stdio', 'streamable-http', 'sse']),
  url: text(2048).optional(),
  headers: z.array(serverJsonKeyValueSchema).max(MAX_LIST).optional(),
})

export const serverJsonPackageSchema = z.object({
  /** npm, pypi, oci, mcpb, nuget, cargo, …: which ones MCP Desk can install is decided at install. */
  registryType: text(50),
  registryBaseUrl: text(2048).optional(),
  /** A package name, an image reference, or (mcpb) the bundle's download URL. */
  identifier: text(2048),
  version: text(255).optional(),
  fileSha256: text(64).optional(),
  runtimeHint: text(50).optional(),
  transport: serverJsonTransportSchema,
  runtimeArguments: z.array(serverJsonArgumentSchema).max(MAX_LIST).optional(),
  packageArguments: z.array(serverJsonArgumentSchema).max(MAX_LIST).optional(),
  environmentVariables: z.array(serverJsonKeyValueSchema).max(MAX_LIST).optional(),
})
export type ServerJsonPackage = z.infer<typeof serverJsonPackageSchema>

export const serverJsonRemoteSchema = z.object({
  type: z.enum(['streamable-http', 'sse']),
  /** May hold `{variable}` templates, resolved from `variables`. */
  url: text(2048),
  headers: z.array(serverJsonKeyValueSchema).max(MAX_LIST).optional(),
  variables: z.record(text(100), serverJsonInputSchema).optional(),
})
export type ServerJsonRemote = z.infer<typeof serverJsonRemoteSchema>

export const serverJsonIconSchema = z.object({
  src: text(2048),
  mimeType: text(100).optional(),
  sizes: z.array(text(20)).max(20).optional(),
  theme: z.enum(['light', 'dark']).optional().catch(undefined),
})

export const serverJsonSchema = z.object({
  /** Reverse-DNS, one slash: `io.github.user/weather`. */
  name: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'a registry server name is namespace/name'),
  title: text(200).optional(),
  description: text(2000).default(''),
  version: text(255),
  websiteUrl: text(2048).optional(),
  repository: z
    .object({ url: text(2048), source: text(50).optional(), subfolder: text(500).optional() })
    .optional()
    .catch(undefined),
  icons: z.array(serverJsonIconSchema).max(20).optional().catch(undefined),
  packages: z.array(serverJsonPackageSchema).max(MAX_LIST).optional(),
  remotes: z.array(serverJsonRemoteSchema).max(MAX_LIST).optional(),
})
export type ServerJson = z.infer<typeof serverJsonSchema>

/** The registry's own facts about an entry (`_meta["io.modelcontextprotocol.registry/official"]`). */
export const registryStatusSchema = z.enum(['active', 'deprecated', 'deleted'])
export type RegistryStatus = z.infer<typeof registryStatusSchema>

export const OFFICIAL_META_KEY = 'io.modelcontextprotocol.registry/official'

export const officialMetaSchema = z.object({
  status: registryStatusSchema.catch('active'),
  publishedAt: text(100).optional(),
  updatedAt: text(100).optional(),
  statusChangedAt: text(100).optional(),
  statusMessage: text(2000).optional(),
  isLatest: z.boolean().optional(),
})
export type OfficialMeta = z.infer<typeof officialMetaSchema>

/** One item of `GET /v0.1/servers` and the answer of `GET /v0.1/servers/{name}/versions/{version}`. */
export const registryServerResponseSchema = z.object({
  server: serverJsonSchema,
  _meta: z
    .object({ [OFFICIAL_META_KEY]: officialMetaSchema.optional() })
    .optional()
    .catch(undefined),
})
export type RegistryServerResponse = z.infer<typeof registryServerResponseSchema>

/** The official registry's base URL: the default, and what `registry list` shows first. */
export const OFFICIAL_REGISTRY_URL = 'https://registry.modelcontextprotocol.io'
