import { z } from 'zod'
import type { FormatParser } from './format-parser'
import { anyEntry, anyEntryHas, familyBase, parseMcpServers } from './mcp-servers-map'
import { timeoutReason, isEmptyValue, preview } from './server-builder'
import { mapStandardEntry } from './standard-entry'

/**
 * Cline's `cline_mcp_settings.json` (Roo Code's `mcp_settings.json` is the same shape): `mcpServers` with
 * `disabled`, `autoApprove` (Roo: `alwaysAllow`), `timeout`, and `type` (`stdio`, `sse`, `streamableHttp`;
 * older files say `transportType`).
 */

const clineEntrySchema = z.looseObject({ disabled: z.boolean().optional() })

/** Cline runs the listed tools without asking; MCP Desk keeps its approval on every call. */
function autoApproveNote(field: string) {
  return (value: unknown) =>
    isEmptyValue(value)
      ? undefined
      : `${field} (${preview(value)}) is not imported as auto-approval: approvals stay per call in MCP Desk`
}

export const clineFormat: FormatParser = {
  format: 'cline',
  fileNames: [/(^|[\\/])(cline_)?mcp_settings\.json$/i],
  score: (document) => {
    const base = familyBase(document)
    if (base === 0) return 0
    let score = base
    if (anyEntryHas(document, ['autoApprove', 'alwaysAllow', 'transportType'])) score += 3
    if (anyEntry(document, (entry) => entry.type === 'streamableHttp')) score += 3
    if (anyEntryHas(document, ['disabled'])) score += 2
    return score
  },
  parse: (document) =>
    parseMcpServers(document, (name, raw) => {
      const extras = clineEntrySchema.safeParse(raw)
      const disabled = extras.success ? extras.data.disabled : undefined
      return mapStandardEntry(name, raw, {
        typeKeys: ['type', 'transportType'],
        types: { stdio: 'stdio', sse: 'sse', streamableHttp: 'http', http: 'http' },
        handled: ['disabled'],
        ...(disabled === undefined ? {} : { enabled: !disabled }),
        reasons: {
          autoApprove: autoApproveNote('autoApprove'),
          alwaysAllow: autoApproveNote('alwaysAllow'),
          timeout: timeoutReason('timeout'),
        },
      })
    }),
}
