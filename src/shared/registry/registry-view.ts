import { z } from 'zod'
import { bundlePreviewSchema } from '../import/bundle-info'
import { importPreviewSchema } from '../import/import-preview'
import { registrySourceSchema } from '../settings/settings-schema'
import { registryStatusSchema } from './server-json'

/**
 * The MCP registry as the window and the CLI see it (issue 24): the saved registries with their sync state,
 * entries found in the local index, and what installing one would do (the import preview, or the bundle
 * preview for an `.mcpb` package).
 */

export const registryStateSchema = registrySourceSchema.extend({
  /** Entries in the local index (the latest version of each server, deleted ones included and marked). */
  entries: z.number().int().min(0),
  /** When the last sync finished (ISO time); absent: never synced. */
  syncedAt: z.string().optional(),
  syncing: z.boolean(),
  /** Why the last sync failed, in words; search still answers from what was synced before. */
  error: z.string().optional(),
})
export type RegistryState = z.infer<typeof registryStateSchema>

/** How one package or remote of an entry would run here. */
export const registryInstallOptionSchema = z.object({
  kind: z.enum(['package', 'remote']),
  /** Index into the entry's packages or remotes. */
  index: z.number().int().min(0),
  /** "npm @scope/server 1.2.0", "Remote (streamable HTTP) https://…", "Docker image ghcr.io/…". */
  label: z.string(),
  /** npm, pypi, oci, mcpb, nuget…; `remote` for remotes. */
  registryType: z.string(),
  /** The program it runs (`npx`, `uvx`, `docker`), for packages MCP Desk runs with a runtime. */
  runtime: z.string().optional(),
  /** False: MCP Desk cannot install this kind (e.g. cargo, nuget); `note` says why. */
  supported: z.boolean(),
  note: z.string().optional(),
})
export type RegistryInstallOption = z.infer<typeof registryInstallOptionSchema>

export const registryEntryViewSchema = z.object({
  registryUrl: z.string(),
  /** Reverse-DNS name, the entry's key in its registry. */
  name: z.string(),
  /** What the list shows: `title`, else the part of `name` after the slash. */
  title: z.string(),
  description: z.string(),
  version: z.string(),
  status: registryStatusSchema,
  statusMessage: z.string().optional(),
  updatedAt: z.string().optional(),
  repositoryUrl: z.string().optional(),
  websiteUrl: z.string().optional(),
  /** The entry lists an icon; `registry:icon` fetches it through the host. */
  hasIcon: z.boolean(),
  options: z.array(registryInstallOptionSchema),
})
export type RegistryEntryView = z.infer<typeof registryEntryViewSchema>

const registryUrlSchema = z.string().trim().max(2048)
const serverNameSchema = z.string().trim().min(1).max(200)

export const registrySearchRequestSchema = z
  .object({
    query: z.string().max(500),
    /** One registry; absent: every saved registry. */
    registryUrl: registryUrlSchema.optional(),
    /** Deprecated and deleted entries are left out unless asked for. */
    includeInactive: z.boolean().optional(),
    limit: z.number().int().min(1).max(200).optional(),
  })
  .strict()
export type RegistrySearchRequest = z.infer<typeof registrySearchRequestSchema>

export const registrySearchResultSchema = z.object({
  entries: z.array(registryEntryViewSchema),
  /** Matches in the index, of which `entries` are the first. */
  total: z.number().int().min(0),
})
export type RegistrySearchResult = z.infer<typeof registrySearchResultSchema>

export const registryEntryRequestSchema = z
  .object({
    registryUrl: registryUrlSchema.optional(),
    name: serverNameSchema,
    /** A published version; absent: the latest. */
    version: z.string().trim().min(1).max(255).optional(),
  })
  .strict()
export type RegistryEntryRequest = z.infer<typeof registryEntryRequestSchema>

export const registryEntryDetailSchema = z.object({
  entry: registryEntryViewSchema,
  /** Published versions, newest first, when the registry could be asked; [] offline. */
  versions: z.array(z.string()),
  /** The answer came from the local index because the registry could not be reached. */
  offline: z.boolean(),
})
export type RegistryEntryDetail = z.infer<typeof registryEntryDetailSchema>

export const registryIconSchema = z.object({
  /** A `data:` URL of a PNG, JPEG, WebP or SVG image, fetched by the host; null when there is none. */
  dataUrl: z.string().nullable(),
})

export const registryInstallRequestSchema = registryEntryRequestSchema.extend({
  option: z.object({ kind: z.enum(['package', 'remote']), index: z.number().int().min(0).max(99) }).strict(),
})
export type RegistryInstallRequest = z.infer<typeof registryInstallRequestSchema>

/** A program the server needs that is not on this computer's PATH. */
export const missingRuntimeSchema = z.object({
  command: z.string(),
  /** Where to get it, in words ("Install Node.js from https://nodejs.org"). */
  hint: z.string(),
})

/**
 * What installing (from the registry or a link) would do: the import preview (applied with `import:apply`),
 * or an `.mcpb` bundle's preview (installed with `import:install-bundle`).
 */
export const installPreviewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('config'),
    preview: importPreviewSchema,
    missingRuntimes: z.array(missingRuntimeSchema),
  }),
  z.object({ kind: z.literal('bundle'), preview: bundlePreviewSchema }),
])
export type InstallPreview = z.infer<typeof installPreviewSchema>

/** Install links longer than this are refused before parsing. */
export const INSTALL_LINK_MAX_CHARS = 64 * 1024

export const linkPreviewRequestSchema = z
  .object({ link: z.string().trim().min(1).max(INSTALL_LINK_MAX_CHARS, 'the link is longer than 64 KiB') })
  .strict()

export const registryAddRequestSchema = z
  .object({ url: registryUrlSchema.min(1), name: z.string().trim().min(1).max(100).optional() })
  .strict()
