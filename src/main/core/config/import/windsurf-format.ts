import { z } from 'zod'
import type { FormatParser } from './format-parser'
import { anyEntryHas, familyBase, parseMcpServers } from './mcp-servers-map'
import { toolFilterNote } from './server-builder'
import { mapStandardEntry } from './standard-entry'

/**
 * Windsurf's `mcp_config.json`: `mcpServers` like Claude Desktop's, remote servers under `serverUrl`
 * (plain `url` is read too), `disabled` and `disabledTools` written by its MCP settings page.
 */

const windsurfEntrySchema = z.looseObject({ disabled: z.boolean().optional() })

export const windsurfFormat: FormatParser = {
  format: 'windsurf',
  fileNames: [/(^|[\\/])mcp_config\.json$/i],
  score: (document) => {
    const base = familyBase(document)
    if (base === 0) return 0
    return (
      base + (anyEntryHas(document, ['serverUrl']) ? 4 : 0) + (anyEntryHas(document, ['disabled']) ? 2 : 0)
    )
  },
  parse: (document) =>
    parseMcpServers(document, (name, raw) => {
      const extras = windsurfEntrySchema.safeParse(raw)
      const disabled = extras.success ? extras.data.disabled : undefined
      return mapStandardEntry(name, raw, {
        urlKeys: { serverUrl: 'http', url: 'http' },
        handled: ['disabled'],
        ...(disabled === undefined ? {} : { enabled: !disabled }),
        reasons: { disabledTools: (value) => toolFilterNote('disabledTools', value) },
      })
    }),
}
