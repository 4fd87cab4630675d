import { z } from 'zod'
import { samplingPolicySchema, type SamplingPolicy } from '../../../../shared/settings/settings-schema'
import { evaluateSamplingGates, matchingRule, type SamplingAction } from '../../sampling/sampling-gates'
import type { FormatParser } from './format-parser'
import { isPlainRecord } from './read-config-text'
import {
  timeoutReason,
  ServerCollector,
  preview,
  scalarText,
  textRecord,
  unmappedFieldNotes,
} from './server-builder'
import { entryError, entryObjects } from './standard-entry'

/**
 * opencode's `opencode.json(c)` and MiMo Code's `mimocode.json(c)` (an opencode fork): servers under `mcp`
 * (newer files: `mcp.servers`), `type: local` with the whole command line as an array and `environment`
 * (`env` is MiMo's older alias), or `type: remote` with `url`/`headers`/`oauth`; `enabled`, `timeout`.
 * MiMo adds a per-server `sampling` policy (deny/ask/allow, as MCP Desk's) and the
 * `permission.mcp_sampling` ruleset (server-name patterns), which MCP Desk has too: both are applied to
 * each server the way MCP Desk would combine them. Values may say `{env:NAME}`, which becomes `${env:NAME}`.
 */

const commonFields = {
  enabled: z.boolean().optional(),
  sampling: z.unknown().optional(),
}
const localSchema = z.looseObject({
  ...commonFields,
  type: z.literal('local'),
  command: z.array(scalarText).min(1, 'command must name the program to run'),
  environment: textRecord.optional(),
  env: textRecord.optional(),
})
const remoteSchema = z.looseObject({
  ...commonFields,
  type: z.literal('remote'),
  url: z.string(),
  headers: textRecord.optional(),
})
const entrySchema = z.discriminatedUnion('type', [localSchema, remoteSchema])
const rulesetSchema = z.union([
  samplingPolicySchema.transform((action) => ({ '*': action })),
  z.record(z.string().min(1), samplingPolicySchema),
])

const reasons = {
  timeout: timeoutReason('timeout'),
  oauth: (value: unknown) => (value === false ? undefined : 'oauth settings are not imported'),
}

function serverBlock(document: Record<string, unknown>): Record<string, unknown> | undefined {
  const mcp = document.mcp
  if (isPlainRecord(mcp) && isPlainRecord(mcp.servers) && hasOpencodeEntries(mcp.servers)) return mcp.servers
  if (isPlainRecord(mcp)) return mcp
  if (isPlainRecord(document.mcpServers) && hasOpencodeEntries(document.mcpServers))
    return document.mcpServers
  return undefined
}

function hasOpencodeEntries(block: unknown): boolean {
  return entryObjects(block).some((entry) => entry.type === 'local' || entry.type === 'remote')
}

const ENV_REFERENCE = /(?<!\$)\{env:([^{}]+)\}/g
const FILE_REFERENCE = /(?<!\$)\{file:[^{}]+\}/

/** opencode's `{env:NAME}` is MCP Desk's `${env:NAME}`; `{file:…}` has no counterpart and is noted. */
function rewrite(text: string, at: string, notes: string[]): string {
  if (FILE_REFERENCE.test(text)) {
    notes.push(
      `${at} reads a file with {file:…}, which MCP Desk does not: it is kept as written, so replace it`,
    )
  }
  return text.replace(ENV_REFERENCE, (_match, name: string) => `\${env:${name}}`)
}

function rewriteRecord(
  record: Record<string, string>,
  field: string,
  notes: string[],
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, rewrite(value, `${field}.${key}`, notes)]),
  )
}

export const opencodeFormat: FormatParser = {
  format: 'opencode',
  fileNames: [/(^|[\\/])(opencode|mimocode)\.jsonc?$/i],
  score: (document) => {
    const block = serverBlock(document)
    if (block === undefined) return 0
    if (hasOpencodeEntries(block)) return 4
    const schema = typeof document.$schema === 'string' ? document.$schema : ''
    return /opencode|mimo/i.test(schema) ? 2 : 0
  },
  parse: (document) => {
    const collector = new ServerCollector()
    const ruleset = readRuleset(document, collector)
    const appliedPatterns = new Set<string>()
    for (const [name, raw] of Object.entries(serverBlock(document) ?? {})) {
      const parsed = entrySchema.safeParse(raw)
      if (!parsed.success) {
        collector.skip(name, entryError(parsed.error))
        continue
      }
      const entry = parsed.data
      const notes: string[] = []
      const policy = samplingPolicy(entry.sampling, notes)
      const rule = matchingRule(ruleset, [name])
      if (rule?.pattern.includes('*')) appliedPatterns.add(`"${rule.pattern}" (${rule.action})`)
      const sampling = evaluateSamplingGates({ policy, ruleset, serverId: name, serverName: name }).action
      const common = {
        sourceName: name,
        sampling,
        ...(entry.enabled === undefined ? {} : { enabled: entry.enabled }),
      }
      if (entry.type === 'local') {
        const [command = '', ...args] = entry.command.map((part, index) =>
          rewrite(part, index === 0 ? 'command' : `args[${index - 1}]`, notes),
        )
        notes.push(
          ...unmappedFieldNotes(
            entry,
            ['type', 'command', 'environment', 'env', 'enabled', 'sampling'],
            reasons,
          ),
        )
        collector.add({
          ...common,
          transport: 'stdio',
          command,
          args,
          env: rewriteRecord({ ...entry.env, ...entry.environment }, 'env', notes),
          notes,
        })
      } else {
        notes.push(...unmappedFieldNotes(entry, ['type', 'url', 'headers', 'enabled', 'sampling'], reasons))
        collector.add({
          ...common,
          transport: 'http',
          url: rewrite(entry.url, 'url', notes),
          headers: rewriteRecord(entry.headers ?? {}, 'headers', notes),
          notes,
        })
      }
    }
    for (const pattern of appliedPatterns) {
      collector.note(
        `permission.mcp_sampling rule ${pattern} was applied to the servers it matches here; it is not imported as a rule for other servers`,
      )
    }
    return collector.result()
  },
}

function samplingPolicy(value: unknown, notes: string[]): SamplingPolicy {
  if (value === undefined) return 'ask'
  const parsed = samplingPolicySchema.safeParse(value)
  if (parsed.success) return parsed.data
  notes.push(`sampling "${preview(value)}" is not deny, ask or allow: MCP Desk asks (its default)`)
  return 'ask'
}

function readRuleset(
  document: Record<string, unknown>,
  collector: ServerCollector,
): Record<string, SamplingAction> {
  const permission = document.permission
  if (!isPlainRecord(permission) || permission.mcp_sampling === undefined) return {}
  const parsed = rulesetSchema.safeParse(permission.mcp_sampling)
  if (parsed.success) return parsed.data
  collector.note('permission.mcp_sampling is not imported: its rules must each be deny, ask or allow')
  return {}
}
