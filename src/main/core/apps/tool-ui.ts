import type { Tool } from '@modelcontextprotocol/client'
import { toolUiSchema, type ToolUi } from '../../../shared/apps/view-schema'

/** The flat key of the first MCP Apps drafts, still sent by some servers beside (or instead of) `ui`. */
const DEPRECATED_RESOURCE_URI_KEY = 'ui/resourceUri'

/**
 * A listed tool's `_meta.ui` (resourceUri and visibility) as the host keeps it, or undefined when it has
 * none. A malformed declaration is ignored for that tool only (it is shown without a view, callable by the
 * model as any tool), never failing the server's listing.
 */
export function toolUiOf(tool: Pick<Tool, '_meta'>): ToolUi | undefined {
  const meta = tool._meta
  if (meta === undefined || meta === null || typeof meta !== 'object') return undefined
  const declared: unknown = meta.ui
  const flatUri: unknown = meta[DEPRECATED_RESOURCE_URI_KEY]
  if (declared === undefined && flatUri === undefined) return undefined
  const candidate: Record<string, unknown> = {}
  if (typeof declared === 'object' && declared !== null && !Array.isArray(declared)) {
    const { resourceUri, visibility } = declared as Record<string, unknown>
    if (resourceUri !== undefined) candidate.resourceUri = resourceUri
    if (visibility !== undefined) candidate.visibility = visibility
  } else if (declared !== undefined) {
    return undefined
  }
  if (candidate.resourceUri === undefined && flatUri !== undefined) candidate.resourceUri = flatUri
  const parsed = toolUiSchema.pick({ resourceUri: true, visibility: true }).safeParse(candidate)
  if (!parsed.success) return undefined
  const ui: ToolUi = {}
  // Only ui:// resources are views; anything else is not read (and not offered as one).
  if (parsed.data.resourceUri !== undefined && parsed.data.resourceUri.startsWith('ui://'))
    ui.resourceUri = parsed.data.resourceUri
  if (parsed.data.visibility !== undefined) ui.visibility = [...new Set(parsed.data.visibility)]
  return Object.keys(ui).length > 0 ? ui : undefined
}
