import type { ToolInfo } from '../../shared/mcp/server-state'
import { firstLine, truncate } from './terminal-text'

const DESCRIPTION_WIDTH = 76

/**
 * `mcp-desk servers tools` in text: per tool the name models see, the server's own name, the first line
 * of its description and the annotations it declares (hints the server gives; nothing enforces them).
 */
export function formatToolList(tools: readonly ToolInfo[]): string[] {
  return tools.flatMap((tool) => {
    const lines = [`${firstLine(tool.exposedName)}  (server's name: ${firstLine(tool.name)})`]
    const description = firstLine(tool.description)
    lines.push(`    ${description === '' ? '(no description)' : truncate(description, DESCRIPTION_WIDTH)}`)
    const annotations = describeAnnotations(tool)
    if (annotations !== '') lines.push(`    annotations: ${annotations}`)
    const view = describeView(tool)
    if (view !== '') lines.push(`    ${view}`)
    return lines
  })
}

/** MCP Apps: the tool's view (shown only in the app) and who may call it. */
function describeView(tool: ToolInfo): string {
  const parts: string[] = []
  if (tool.ui?.resourceUri !== undefined) parts.push(`view: ${firstLine(tool.ui.resourceUri)}`)
  if (tool.ui?.visibility !== undefined && !tool.ui.visibility.includes('model'))
    parts.push('app-only (models never see it; only its view calls it)')
  return parts.join('; ')
}

function describeAnnotations(tool: ToolInfo): string {
  return Object.entries(tool.annotations ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${firstLine(key)}=${firstLine(JSON.stringify(value))}`)
    .join(', ')
}
