import type { ToolInfo } from '../../../../../../src/shared/mcp/server-state'

/** A tool of server `s` as discovery reports it; `overrides` changes what a test is about. */
export function tool(name: string, overrides: Partial<ToolInfo> = {}): ToolInfo {
  return {
    name,
    exposedName: `mcp_s_${name}`,
    description: `The ${name} tool`,
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    ...overrides,
  }
}
