import { z } from 'zod'
import type { FormatParser } from './format-parser'
import { isPlainRecord } from './read-config-text'
import {
  timeoutReason,
  ServerCollector,
  preview,
  scalarText,
  textList,
  textRecord,
  toolFilterNote,
  unmappedFieldNotes,
} from './server-builder'
import { entryError } from './standard-entry'

/**
 * Codex's `config.toml` `[mcp_servers.<name>]` tables: `command`/`args`/`env`/`env_vars`/`cwd` for a
 * local server, `url` with `http_headers`, `env_http_headers` and `bearer_token_env_var` for a remote one.
 * Codex reads the named variables from its own environment each time it starts the server; MCP Desk stores
 * values instead, so each becomes a `${NAME}` placeholder, asked for or read from the environment with
 * consent when importing.
 */

const entrySchema = z.looseObject({
  command: z.string().optional(),
  args: textList.optional(),
  env: textRecord.optional(),
  env_vars: z.array(z.union([z.string(), z.looseObject({ name: z.string() })])).optional(),
  cwd: scalarText.optional(),
  url: z.string().optional(),
  http_headers: textRecord.optional(),
  env_http_headers: z.record(z.string(), z.string()).optional(),
  bearer_token_env_var: z.string().optional(),
  enabled: z.boolean().optional(),
})

const reasons = {
  startup_timeout_sec: timeoutReason('startup_timeout_sec'),
  startup_timeout_ms: timeoutReason('startup_timeout_ms'),
  tool_timeout_sec: timeoutReason('tool_timeout_sec'),
  enabled_tools: (value: unknown) => toolFilterNote('enabled_tools', value),
  disabled_tools: (value: unknown) => toolFilterNote('disabled_tools', value),
  required: (value: unknown) =>
    value === true ? 'required is not imported: MCP Desk starts without a server that fails' : undefined,
  scopes: () => 'scopes (OAuth) are not imported',
  oauth_resource: () => 'oauth_resource is not imported',
}

const FORWARDED_NOTE =
  'Codex reads them from its environment at every start; MCP Desk asks for their values (or reads your environment with consent) once, when importing'

export const codexFormat: FormatParser = {
  format: 'codex',
  fileNames: [/(^|[\\/])config\.toml$/i],
  score: (document) => (isPlainRecord(document.mcp_servers) ? 3 : 0),
  parse: (document) => {
    const collector = new ServerCollector()
    const servers = isPlainRecord(document.mcp_servers) ? document.mcp_servers : {}
    for (const [name, raw] of Object.entries(servers)) {
      const parsed = entrySchema.safeParse(raw)
      if (!parsed.success) {
        collector.skip(name, entryError(parsed.error))
        continue
      }
      const entry = parsed.data
      const enabled = entry.enabled === undefined ? {} : { enabled: entry.enabled }
      const notes: string[] = []
      if (entry.command !== undefined && entry.url === undefined) {
        const forwarded = (entry.env_vars ?? []).map((item) => (typeof item === 'string' ? item : item.name))
        if (forwarded.length > 0) notes.push(`env_vars (${preview(forwarded)}): ${FORWARDED_NOTE}`)
        const env = {
          ...Object.fromEntries(forwarded.map((variable) => [variable, `\${${variable}}`])),
          ...entry.env,
        }
        notes.push(
          ...unmappedFieldNotes(entry, ['command', 'args', 'env', 'env_vars', 'cwd', 'enabled'], reasons),
        )
        collector.add({
          sourceName: name,
          transport: 'stdio',
          command: entry.command,
          args: entry.args ?? [],
          env,
          ...(entry.cwd === undefined ? {} : { cwd: entry.cwd }),
          ...enabled,
          notes,
        })
      } else if (entry.url !== undefined && entry.command === undefined) {
        const fromEnvironment = Object.entries(entry.env_http_headers ?? {})
        const headers: Record<string, string> = {
          ...entry.http_headers,
          ...Object.fromEntries(fromEnvironment.map(([header, variable]) => [header, `\${${variable}}`])),
        }
        if (entry.bearer_token_env_var !== undefined) {
          headers.Authorization = `Bearer \${${entry.bearer_token_env_var}}`
        }
        const variables = [
          ...fromEnvironment.map(([, variable]) => variable),
          entry.bearer_token_env_var ?? [],
        ].flat()
        if (variables.length > 0) notes.push(`header variables (${preview(variables)}): ${FORWARDED_NOTE}`)
        const mapped = ['url', 'http_headers', 'env_http_headers', 'bearer_token_env_var', 'enabled']
        notes.push(...unmappedFieldNotes(entry, mapped, reasons))
        collector.add({ sourceName: name, transport: 'http', url: entry.url, headers, ...enabled, notes })
      } else {
        collector.skip(name, 'a server needs either a command or a url (not both)')
      }
    }
    return collector.result()
  },
}
