import { z } from 'zod'

/**
 * What a dropped `.mcpb` shows before anything is unpacked: who made it, what it runs, and the form its
 * `user_config` asks for. It crosses the IPC contract, so the manifest's enums are declared here.
 */

export const SERVER_TYPES = ['node', 'python', 'binary', 'uv'] as const
export const USER_CONFIG_TYPES = ['string', 'number', 'boolean', 'directory', 'file'] as const

/** An answer to one user_config field: text, a number, a toggle, or several paths for a `multiple` field. */
export const userConfigValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])
export type UserConfigValue = z.infer<typeof userConfigValueSchema>

/** One field of the form. A `sensitive` field is a password field and its answer goes to the secret store. */
export const userConfigFieldSchema = z.object({
  /** The key used in `${user_config.KEY}` and in the answers. */
  key: z.string(),
  type: z.enum(USER_CONFIG_TYPES),
  title: z.string(),
  description: z.string(),
  required: z.boolean(),
  sensitive: z.boolean(),
  /** directory/file fields only: several paths may be picked. */
  multiple: z.boolean(),
  /** With `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`, `${DOWNLOADS}` already expanded. */
  default: userConfigValueSchema.optional(),
  min: z.number().optional(),
  max: z.number().optional(),
})
export type UserConfigField = z.infer<typeof userConfigFieldSchema>

export const bundleInfoSchema = z.object({
  /** The manifest's machine name. */
  name: z.string(),
  /** What the server list shows: `display_name`, else `name`. */
  displayName: z.string(),
  version: z.string(),
  description: z.string(),
  longDescription: z.string().optional(),
  author: z.object({ name: z.string(), email: z.string().optional(), url: z.string().optional() }),
  manifestVersion: z.string(),
  server: z.object({
    type: z.enum(SERVER_TYPES),
    entryPoint: z.string(),
    /** As the manifest writes them (this platform's override applied), before `${…}` substitution. */
    command: z.string(),
    args: z.array(z.string()),
    envNames: z.array(z.string()),
  }),
  userConfig: z.array(userConfigFieldSchema),
  /** Declared in the manifest; informational, MCP Desk lists what the server reports when it connects. */
  tools: z.array(z.object({ name: z.string(), description: z.string().optional() })),
  prompts: z.array(z.object({ name: z.string(), description: z.string().optional() })),
  /** Files in the bundle and their unpacked size. */
  fileCount: z.number(),
  unpackedBytes: z.number(),
  /** Whether the bundle carries an MCPB signature block (MCP Desk does not verify it). */
  signed: z.boolean(),
  /** What the manifest asks that MCP Desk does not do, in words. */
  notes: z.array(z.string()),
})
export type BundleInfo = z.infer<typeof bundleInfoSchema>

/** Bundles sent over the IPC contract (base64 in one frame); larger ones install with `mcp-desk import`. */
export const BUNDLE_IPC_MAX_BYTES = 64 * 1024 * 1024

export const bundleInspectRequestSchema = z
  .object({
    /** The `.mcpb` file's bytes, base64, read by the renderer. */
    data: z
      .string()
      .max(
        Math.ceil(BUNDLE_IPC_MAX_BYTES / 3) * 4,
        'the bundle is larger than 64 MiB; install it with mcp-desk import',
      )
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'the bundle data is not base64'),
    fileName: z.string().max(500).optional(),
  })
  .strict()

export const bundlePreviewSchema = z.object({
  /** Identifies the held bundle for `import:install-bundle` (kept in memory a while, never written). */
  bundleId: z.string(),
  info: bundleInfoSchema,
  /**
   * The configured server this bundle would replace if asked (an upgrade): the one installed from a bundle
   * of the same manifest name (`sameBundle`), else the one that has the bundle's display name. Installing
   * never touches it unless the user replaces it; under another name the bundle installs beside it.
   */
  existing: z.object({ id: z.string(), name: z.string(), sameBundle: z.boolean() }).optional(),
  /** Reached through an install link: the server is added turned off until the user turns it on. */
  addsDisabled: z.boolean().optional(),
})
export type BundlePreview = z.infer<typeof bundlePreviewSchema>

export const bundleInstallRequestSchema = z
  .object({
    bundleId: z.string().min(1),
    /** The answers to the bundle's user_config form, by key. */
    userConfig: z.record(z.string(), userConfigValueSchema).default({}),
    /** The server's name; the bundle's display name when absent. */
    name: z.string().trim().min(1).max(200).optional(),
    /** Replace the configured server of that name (an upgrade) as a whole, instead of refusing. */
    replace: z.boolean().default(false),
  })
  .strict()
export type BundleInstallRequest = z.input<typeof bundleInstallRequestSchema>

export const bundleInstallResultSchema = z.object({
  server: z.object({ id: z.string(), name: z.string() }),
  replaced: z.boolean(),
  installDir: z.string(),
  notes: z.array(z.string()),
})
export type BundleInstallResult = z.infer<typeof bundleInstallResultSchema>
