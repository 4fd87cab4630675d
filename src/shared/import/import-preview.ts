import { z } from 'zod'
import { IMPORT_MAX_BYTES, importFormatSchema, placeholderSchema } from './import-types'

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

export const importRowSchema = z.object({
  sourceName: z.string(),
  /** The name the server gets if added as is. */
  name: z.string(),
  transport: z.enum(['stdio', 'http', 'sse']),
  /** The command line or URL, redacted, as the servers panel shows destinations. */
  destination: z.string(),
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
  })
  .strict()
export type ImportDecision = z.infer<typeof importDecisionSchema>

export const importApplyRequestSchema = z
  .object({
    previewId: z.string().min(1),
    /** Rows without a decision take their default action. */
    decisions: z.array(importDecisionSchema).max(1000),
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
