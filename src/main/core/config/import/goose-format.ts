import { z } from 'zod'
import type { FormatParser } from './format-parser'
import { isPlainRecord } from './read-config-text'
import {
  timeoutReason,
  descriptionReason,
  ServerCollector,
  preview,
  textList,
  textRecord,
  toolFilterNote,
  unmappedFieldNotes,
} from './server-builder'
import { entryError, entryObjects } from './standard-entry'

/**
 * Goose's `config.yaml` `extensions`: `type: stdio` with `cmd`/`args`/`envs`, `type: streamable_http`
 * (older files: `sse`) with `uri`/`headers`, and extensions built into Goose (`builtin`, `platform`,
 * `frontend`, `inline_python`), which are not MCP servers another host can start. `env_keys` names
 * variables whose values Goose keeps in the system keyring: they become `${NAME}` placeholders, asked for
 * (or read from the environment with consent) when importing.
 */

const common = {
  enabled: z.boolean().optional(),
  name: z.string().optional(),
  envs: textRecord.optional(),
  env_keys: z.array(z.string()).optional(),
}
const stdioSchema = z.looseObject({
  ...common,
  type: z.literal('stdio'),
  cmd: z.string(),
  args: textList.optional(),
})
const remoteSchema = z.looseObject({
  ...common,
  type: z.enum(['streamable_http', 'sse']),
  uri: z.string(),
  headers: textRecord.optional(),
})
const entrySchema = z.discriminatedUnion('type', [stdioSchema, remoteSchema])
const BUILT_IN_TYPES = new Set(['builtin', 'platform', 'frontend', 'inline_python'])
const GOOSE_TYPES = new Set([...BUILT_IN_TYPES, 'stdio', 'streamable_http', 'sse'])

const reasons = {
  timeout: (value: unknown) => (value === null ? undefined : timeoutReason('timeout')(value)),
  description: descriptionReason,
  available_tools: (value: unknown) => toolFilterNote('available_tools', value),
  // Metadata of Goose's own extension list: nothing a server needs.
  bundled: () => undefined,
  display_name: () => undefined,
}

export const gooseFormat: FormatParser = {
  format: 'goose',
  fileNames: [/(^|[\\/])config\.ya?ml$/i],
  score: (document) => {
    const extensions = document.extensions
    if (!isPlainRecord(extensions)) return 0
    const entries = entryObjects(extensions)
    return entries.some((entry) => typeof entry.type === 'string' && GOOSE_TYPES.has(entry.type)) ? 3 : 0
  },
  parse: (document) => {
    const collector = new ServerCollector()
    const extensions = isPlainRecord(document.extensions) ? document.extensions : {}
    for (const [key, raw] of Object.entries(extensions)) {
      const type = isPlainRecord(raw) ? raw.type : undefined
      if (typeof type === 'string' && BUILT_IN_TYPES.has(type)) {
        collector.skip(key, `it is Goose's own ${type} extension, not an MCP server MCP Desk can start`)
        continue
      }
      const parsed = entrySchema.safeParse(raw)
      if (!parsed.success) {
        collector.skip(key, entryError(parsed.error))
        continue
      }
      const entry = parsed.data
      const notes: string[] = []
      if (entry.name !== undefined && entry.name !== key) {
        notes.push(`Goose calls it "${preview(entry.name)}"; it is imported under its key "${key}"`)
      }
      // Keyring-held variables: the value is not in the file, so it is asked for under the same name.
      const keyring = Object.fromEntries((entry.env_keys ?? []).map((name) => [name, `\${${name}}`]))
      const handled = ['type', 'enabled', 'name', 'envs', 'env_keys']
      const enabled = entry.enabled === undefined ? {} : { enabled: entry.enabled }
      if (entry.type === 'stdio') {
        if (Object.keys(keyring).length > 0) {
          notes.push(
            `env_keys (${preview(entry.env_keys)}) are kept in Goose's keyring, not in this file: their values are asked for when importing`,
          )
        }
        notes.push(...unmappedFieldNotes(entry, [...handled, 'cmd', 'args'], reasons))
        collector.add({
          sourceName: key,
          transport: 'stdio',
          command: entry.cmd,
          args: entry.args ?? [],
          env: { ...keyring, ...entry.envs },
          ...enabled,
          notes,
        })
        continue
      }
      const headers = entry.headers ?? {}
      const unused = Object.keys({ ...keyring, ...entry.envs })
      if (unused.length > 0) {
        notes.push(`envs (${preview(unused)}) are not imported: a remote server gets no environment`)
      }
      notes.push(...unmappedFieldNotes(entry, [...handled, 'uri', 'headers'], reasons))
      const transport = entry.type === 'sse' ? 'sse' : 'http'
      collector.add({ sourceName: key, transport, url: entry.uri, headers, ...enabled, notes })
    }
    return collector.result()
  },
}
