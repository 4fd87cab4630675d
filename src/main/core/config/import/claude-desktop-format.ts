import type { FormatParser } from './format-parser'
import { anyTopLevelKey, familyBase, parseMcpServers } from './mcp-servers-map'
import { mapStandardEntry } from './standard-entry'

/**
 * Claude Desktop's `claude_desktop_config.json`: `mcpServers` of `{ command, args, env }`. Its files hold
 * nothing another client would not, so it scores the family's base (and wins ties by coming first) unless
 * one of its own app settings sits beside the servers.
 */
const CLAUDE_DESKTOP_KEYS = ['globalShortcut', 'isUsingBuiltInNodeForMcp']

export const claudeDesktopFormat: FormatParser = {
  format: 'claude-desktop',
  fileNames: [/claude_desktop_config\.json$/i],
  score: (document) => {
    const base = familyBase(document)
    return base === 0 ? 0 : base + (anyTopLevelKey(document, CLAUDE_DESKTOP_KEYS) ? 2 : 0)
  },
  parse: (document) => parseMcpServers(document, (name, raw) => mapStandardEntry(name, raw)),
}
