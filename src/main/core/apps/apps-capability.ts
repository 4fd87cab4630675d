import { MCP_APP_MIME_TYPE, UI_EXTENSION_ID } from '../../../shared/apps/view-schema'

/**
 * The host's MCP Apps declaration (`capabilities.extensions`, SEP-1865): servers offer `_meta.ui` only to a
 * client that declares it. The SDK sends the same capabilities at `initialize` (2025 era) and in each
 * request's `_meta` (2026-07-28), so both eras see it.
 */
export function mcpAppsClientExtension(): Record<string, { mimeTypes: string[] }> {
  return { [UI_EXTENSION_ID]: { mimeTypes: [MCP_APP_MIME_TYPE] } }
}
