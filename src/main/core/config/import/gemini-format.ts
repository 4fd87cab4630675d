import type { FormatParser } from './format-parser'
import { anyEntryHas, anyTopLevelKey, familyBase, parseMcpServers } from './mcp-servers-map'
import { timeoutReason, descriptionReason, toolFilterNote } from './server-builder'
import { mapStandardEntry } from './standard-entry'

/**
 * Gemini CLI's `settings.json`: `mcpServers` with `command`/`args`/`env`/`cwd`, `httpUrl` (Streamable
 * HTTP) or `url` (SSE) with `headers`, and per-server `trust`, `includeTools`, `excludeTools`, `timeout`.
 */

/** Top-level settings of Gemini CLI (old flat and newer grouped names). */
const GEMINI_KEYS = [
  'selectedAuthType',
  'general',
  'ui',
  'context',
  'privacy',
  'telemetry',
  'ide',
  'security',
]

export const geminiFormat: FormatParser = {
  format: 'gemini',
  fileNames: [/(^|[\\/])settings\.json$/i],
  score: (document) => {
    const base = familyBase(document)
    if (base === 0) return 0
    let score = base
    if (anyEntryHas(document, ['httpUrl', 'trust', 'includeTools', 'excludeTools', 'authProviderType']))
      score += 3
    if (anyTopLevelKey(document, GEMINI_KEYS)) score += 1
    return score
  },
  parse: (document) =>
    parseMcpServers(document, (name, raw) =>
      mapStandardEntry(name, raw, {
        urlKeys: { httpUrl: 'http', url: 'sse' },
        reasons: {
          trust: (value) =>
            value === true
              ? 'trust is ignored: MCP Desk asks before each tool call whatever the other client trusted'
              : undefined,
          includeTools: (value) => toolFilterNote('includeTools', value),
          excludeTools: (value) => toolFilterNote('excludeTools', value),
          timeout: timeoutReason('timeout'),
          description: descriptionReason,
          oauth: () => 'oauth settings are not imported',
        },
      }),
    ),
}
