import { z } from 'zod'
import { samplingPolicySchema } from '../settings/settings-schema'
import { IMPORT_MAX_BYTES, IMPORT_MAX_SERVERS, importFormatSchema, placeholderSchema } from './import-types'

/** What importing a file would do to one server, before anything is written. */
export const importRowStatusSchema = z.enum(['new', 'identical', 'changed', 'conflict'])
export type ImportRowStatus = z.infer<typeof importRowStatusSchema>

export const importActionSchema = z.enum(['add', 'replace', 'rename', 'skip'])
export type ImportAction = z.infer<typeof importActionSchema>

/** One field that differs from the existing server. Secret values are never shown: only "changed". */
export const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.string(),
  after: z.string(),
})
export type FieldChange = z.infer<typeof fieldChangeSchema>

/** An env variable or header the server gets: its name only, and whether its value is treated as secret. */
export const importValueNameSchema = z.object({
  name: z.string(),
  /** A secret-looking name or a secret placeholder in the value: never shown, even in a diff. */
  secret: z.boolean(),
})
export type ImportValueName = z.infer<typeof importValueNameSchema>

export const importRowSchema = z.object({
  sourceName: z.string(),
  /** The name the server gets if added as is. */
  name: z.string(),
  transport: z.enum(['stdio', 'http', 'sse']),
  /** The command line or URL, redacted, as the servers panel shows destinations. */
  destination: z.string(),
  /**
   * The sampling policy the server gets (may it run the user's models, and with or without asking). A
   * file's `allow` arrives as `ask` (`fileAllowsSampling`) unless the user allows it on this row.
   */
  sampling: samplingPolicySchema,
  fileAllowsSampling: z.boolean(),
  /** What the server is given: stdio servers get env variables, remote ones headers. */
  env: z.array(importValueNameSchema),
  headers: z.array(importValueNameSchema),
  status: importRowStatusSchema,
  /** The existing server it matches by name, for changed, identical and conflicting rows. */
  existing: z.object({ id: z.string(), name: z.string() }).optional(),
  changes: z.array(fieldChangeSchema),
  /** Unsupported fields and lossy mappings for this server. */
  notes: z.array(z.string()),
  /** The actions this row allows, and the one chosen unless the user picks another. */
  actions: z.array(importActionSchema),
  defaultAction: importActionSchema,
})
export type ImportRow = z.infer<typeof importRowSchema>

export const importPreviewSchema = z.object({
  /** Identifies the parsed file for `import:apply` (held by the host for a while, never written). */
  previewId: z.string(),
  format: importFormatSchema,
  formatLabel: z.string(),
  rows: z.array(importRowSchema),
  placeholders: z.array(
    placeholderSchema.extend({
      /** An `env` placeholder whose variable is set in the host's environment (its value is not sent). */
      inEnvironment: z.boolean(),
    }),
  ),
  notes: z.array(z.string()),
  /**
   * Where the servers come from when it is not a file the user chose, read after "From": "an install link
   * (cursor://…)", "the MCP registry at registry.modelcontextprotocol.io".
   */
  origin: z.string().optional(),
  /** An install link's servers are added disabled: nothing runs until the user turns the server on. */
  addsDisabled: z.boolean().optional(),
})
export type ImportPreview = z.infer<typeof importPreviewSchema>

export const importPreviewRequestSchema = z
  .object({
    /** The file's text, read by the renderer (drop, paste or picker) or the CLI. */
    text: z.string().max(IMPORT_MAX_BYTES, 'the file is larger than 5 MiB'),
    /** Only breaks ties between formats; never trusted for detection. */
    fileName: z.string().max(500).optional(),
  })
  .strict()

export const importDecisionSchema = z
  .object({
    sourceName: z.string(),
    action: importActionSchema,
    /** For `rename`: the new server name. */
    newName: z.string().trim().min(1).max(200).optional(),
    /** Keep the file's `allow` sampling policy (only on a row whose file asks for it). */
    allowSampling: z.boolean().optional(),
  })
  .strict()
export type ImportDecision = z.infer<typeof importDecisionSchema>

export const importApplyRequestSchema = z
  .object({
    previewId: z.string().min(1),
    /** Rows without a decision take their default action. */
    decisions: z.array(importDecisionSchema).max(IMPORT_MAX_SERVERS, 'at most 1,000 servers at a time'),
    /** Values typed for placeholders, by token (e.g. `${input:api-key}`). */
    placeholderValues: z.record(z.string(), z.string().max(65536)).default({}),
    /** The user agreed that `env` placeholders without a typed value are read from the environment. */
    useEnvironment: z.boolean().default(false),
  })
  .strict()
export type ImportApplyRequest = z.input<typeof importApplyRequestSchema>

export const importApplyResultSchema = z.object({
  added: z.array(z.object({ id: z.string(), name: z.string() })),
  replaced: z.array(z.object({ id: z.string(), name: z.string() })),
  skipped: z.array(z.string()),
})
export type ImportApplyResult = z.infer<typeof importApplyResultSchema>
