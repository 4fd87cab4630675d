import { z } from 'zod'
import type { FormatParser } from './format-parser'
import { isPlainRecord } from './read-config-text'
import {
  timeoutReason,
  ServerCollector,
  isEmptyValue,
  textList,
  textRecord,
  unmappedFieldNotes,
} from './server-builder'
import { entryError, mapStandardEntry } from './standard-entry'

/**
 * Zed's settings.json `context_servers`. Older Zed wrote `{ command: { path, args, env }, settings }`;
 * current Zed writes `{ command, args, env }` (with `source: "custom"`) or `{ url, headers }`, and
 * servers provided by Zed extensions as `{ source: "extension", settings }`, which carry no command.
 */

const oldShapeSchema = z.looseObject({
  command: z.looseObject({ path: z.string(), args: textList.optional(), env: textRecord.optional() }),
})
const zedExtrasSchema = z.looseObject({
  enabled: z.boolean().optional(),
  source: z.string().optional(),
})

const reasons = {
  settings: (value: unknown) =>
    isEmptyValue(value) ? undefined : 'settings are for Zed extensions and are not imported',
  timeout: timeoutReason('timeout'),
}

export const zedFormat: FormatParser = {
  format: 'zed',
  fileNames: [/(^|[\\/])settings\.json$/i],
  score: (document) => (isPlainRecord(document.context_servers) ? 3 : 0),
  parse: (document) => {
    const collector = new ServerCollector()
    const servers = isPlainRecord(document.context_servers) ? document.context_servers : {}
    for (const [name, raw] of Object.entries(servers)) {
      const extras = zedExtrasSchema.safeParse(raw)
      if (!extras.success) {
        collector.skip(name, entryError(extras.error))
        continue
      }
      const { enabled, source } = extras.data
      const entry = extras.data
      if (source === 'extension' || (entry.command === undefined && entry.url === undefined)) {
        collector.skip(
          name,
          'it is provided by a Zed extension, which runs its own command: add that server by hand',
        )
        continue
      }
      const enabledOption = enabled === undefined ? {} : { enabled }
      const handled = ['enabled', 'source']
      if (isPlainRecord(entry.command)) {
        const old = oldShapeSchema.safeParse(raw)
        if (!old.success) {
          collector.skip(name, entryError(old.error))
          continue
        }
        const { path, args, env } = old.data.command
        const notes = [
          ...unmappedFieldNotes(old.data.command, ['path', 'args', 'env']).map((note) => `command.${note}`),
          ...unmappedFieldNotes(old.data, [...handled, 'command'], reasons),
        ]
        collector.add({
          sourceName: name,
          transport: 'stdio',
          command: path,
          args: args ?? [],
          env: env ?? {},
          ...enabledOption,
          notes,
        })
        continue
      }
      const mapped = mapStandardEntry(name, raw, { handled, reasons, ...enabledOption })
      if (mapped.ok) collector.add(mapped.draft)
      else collector.skip(name, mapped.reason)
    }
    return collector.result()
  },
}
