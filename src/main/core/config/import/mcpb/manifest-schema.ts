import { z } from 'zod'
import { SERVER_TYPES, USER_CONFIG_TYPES } from '../../../../../shared/import/bundle-info'

export { SERVER_TYPES, USER_CONFIG_TYPES }

/**
 * The parts of an MCP Bundle `manifest.json` (MCPB spec, manifest versions 0.1–0.4, formerly DXT) that MCP
 * Desk reads. Written here in zod 4 rather than taken from `@anthropic-ai/mcpb`: that package is a CLI
 * (commander, inquirer, node-forge) built on zod 3, and its schemas are strict, so a bundle made for a
 * newer manifest version would be refused for a field it added. Fields this schema does not name are
 * dropped; the spec's required fields and everything MCP Desk acts on are checked, each with a message
 * naming the field.
 */

/** Manifest versions whose fields MCP Desk knows; a newer one is read with a note. */
export const KNOWN_MANIFEST_VERSIONS = ['0.1', '0.2', '0.3', '0.4'] as const

export const PLATFORMS = ['darwin', 'win32', 'linux'] as const

/** zod's error option: "is missing" for an absent field, else what was expected. The path names the field. */
function expected(what: string): { error: (issue: { input: unknown }) => string } {
  return { error: (issue) => (issue.input === undefined ? 'is missing' : `must be ${what}`) }
}
const text = () => z.string(expected('a string'))
const nonEmpty = () => text().trim().min(1, 'must not be empty')
const flag = () => z.boolean(expected('true or false'))

const mcpConfigFields = {
  command: nonEmpty(),
  args: z.array(text(), expected('a list of strings')).optional(),
  env: z.record(z.string(), text(), expected('an object of strings')).optional(),
}

const mcpConfigSchema = z.object({
  ...mcpConfigFields,
  platform_overrides: z
    .record(
      z.string(),
      z.object({
        command: mcpConfigFields.command.optional(),
        args: mcpConfigFields.args,
        env: mcpConfigFields.env,
      }),
    )
    .optional(),
})
export type ManifestMcpConfig = z.infer<typeof mcpConfigSchema>

const defaultValueSchema = z.union(
  [z.string(), z.number(), z.boolean(), z.array(z.string())],
  expected('a string, a number, a boolean or a list of strings'),
)

const userConfigOptionSchema = z
  .object({
    type: z.enum(USER_CONFIG_TYPES, expected(`one of ${USER_CONFIG_TYPES.join(', ')}`)),
    title: nonEmpty(),
    // The spec asks for a description; a bundle without one is still usable, so it is not refused.
    description: text().default(''),
    required: flag().default(false),
    default: defaultValueSchema.optional(),
    multiple: flag().default(false),
    sensitive: flag().default(false),
    min: z.number(expected('a number')).optional(),
    max: z.number(expected('a number')).optional(),
  })
  .superRefine((option, ctx) => {
    if (option.min !== undefined && option.max !== undefined && option.min > option.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['min'],
        message: `${option.min} is more than max (${option.max})`,
      })
    }
    if (option.multiple && option.type !== 'directory' && option.type !== 'file') {
      ctx.addIssue({ code: 'custom', path: ['multiple'], message: 'is only for directory and file fields' })
    }
    const fallback = option.default
    if (fallback === undefined) return
    const kind = option.type === 'number' ? 'number' : option.type === 'boolean' ? 'boolean' : 'string'
    const ok = Array.isArray(fallback) ? option.multiple : typeof fallback === kind
    if (!ok) {
      const wanted = option.multiple ? `a ${kind} or a list of them` : `a ${kind}`
      ctx.addIssue({
        code: 'custom',
        path: ['default'],
        message: `must be ${wanted} for a ${option.type} field`,
      })
    }
  })
export type ManifestUserConfigOption = z.infer<typeof userConfigOptionSchema>

export const manifestSchema = z
  .object({
    manifest_version: text().optional(),
    dxt_version: text().optional(),
    name: nonEmpty(),
    display_name: text().optional(),
    version: nonEmpty(),
    description: text(),
    long_description: text().optional(),
    author: z.object(
      {
        name: nonEmpty(),
        email: text().optional(),
        url: text().optional(),
      },
      expected('an object with a name'),
    ),
    server: z.object(
      {
        type: z.enum(SERVER_TYPES, expected(`one of ${SERVER_TYPES.join(', ')}`)),
        entry_point: nonEmpty(),
        // Only `uv` servers may leave it out (v0.4): the host runs them with uv.
        mcp_config: mcpConfigSchema.optional(),
      },
      expected('an object with type, entry_point and mcp_config'),
    ),
    tools: z.array(z.object({ name: text(), description: text().optional() })).optional(),
    tools_generated: z.boolean().optional(),
    prompts: z.array(z.object({ name: text(), description: text().optional() })).optional(),
    prompts_generated: z.boolean().optional(),
    compatibility: z
      .object({
        claude_desktop: text().optional(),
        platforms: z.array(z.enum(PLATFORMS, expected(`one of ${PLATFORMS.join(', ')}`))).optional(),
        runtimes: z.record(z.string(), text()).optional(),
      })
      .catchall(z.unknown())
      .optional(),
    user_config: z
      .record(z.string(), userConfigOptionSchema)
      .superRefine((options, ctx) => {
        // `${user_config.KEY}` ends at the first `}`, so a key cannot hold braces (nor, readably, spaces).
        for (const key of Object.keys(options)) {
          if (!/^[^{}\s]+$/.test(key)) {
            ctx.addIssue({ code: 'custom', path: [key], message: 'the key must be one word without braces' })
          }
        }
      })
      .optional(),
  })
  .superRefine((manifest, ctx) => {
    if (manifest.manifest_version === undefined && manifest.dxt_version === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['manifest_version'],
        message: 'is missing (and so is the older dxt_version)',
      })
    }
    if (manifest.server.type !== 'uv' && manifest.server.mcp_config === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['server', 'mcp_config'],
        message: `is missing; only uv servers may leave it out`,
      })
    }
  })
export type Manifest = z.infer<typeof manifestSchema>
export type ServerType = (typeof SERVER_TYPES)[number]
export type UserConfigType = (typeof USER_CONFIG_TYPES)[number]

/** `manifest_version`, or the deprecated `dxt_version` of bundles made before the rename. */
export function manifestVersionOf(manifest: Manifest): string {
  return manifest.manifest_version ?? manifest.dxt_version ?? ''
}
