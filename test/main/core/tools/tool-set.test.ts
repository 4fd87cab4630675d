// The tool set offered to the model per request: local tools first, MCP tools sorted by exposed name,
// local tools win a clash (with a warning), and the same inputs always give the same order.
import { describe, expect, it } from 'vitest'
import { describeToolForModel, toToolInfo } from '../../../../src/main/core/mcp/discovery/tool-naming'
import { buildToolSet, type LocalToolDefinition } from '../../../../src/main/core/tools/tool-set'
import type { ServerState } from '../../../../src/shared/mcp/server-state'

function server(id: string, toolNames: string[], overrides: Partial<ServerState> = {}): ServerState {
  return {
    id,
    name: `${id} server`,
    transport: 'stdio',
    destination: `stdio: ${id}-mcp --verbose`,
    status: 'connected',
    tools: toToolInfo(
      id,
      toolNames.map((name) => ({ name, description: `does ${name}`, inputSchema: { type: 'object' } })),
    ),
    stderrTail: '',
    pendingChanges: [],
    since: '2025-01-01T00:00:00.000Z',
    ...overrides,
  }
}

const local: LocalToolDefinition[] = [
  { name: 'zeta_local', description: 'registered first', inputSchema: { type: 'object' } },
  { name: 'alpha_local', description: 'registered second', inputSchema: { type: 'object' } },
]

function collect(): { log: (message: string) => void; messages: string[] } {
  const messages: string[] = []
  return { log: (message) => messages.push(message), messages }
}

describe('buildToolSet', () => {
  it('puts local tools first in registration order, then MCP tools sorted by exposed name', () => {
    const { log, messages } = collect()
    const servers = [server('docs', ['query', 'Browse', 'apple']), server('alpha', ['zap'])]
    const tools = buildToolSet(local, servers, log)
    // localeCompare, not code-unit order: `apple` comes before `Browse`.
    expect(tools.map((tool) => tool.name)).toEqual([
      'zeta_local',
      'alpha_local',
      'mcp_alpha_zap',
      'mcp_docs_apple',
      'mcp_docs_Browse',
      'mcp_docs_query',
    ])
    expect(messages).toEqual([])
  })

  it('describes MCP tools for the model and records where each comes from', () => {
    const docs = server('docs', ['query'])
    const [localTool, mcpTool] = buildToolSet(local.slice(0, 1), [docs], () => {})
    expect(localTool?.provenance).toEqual({ kind: 'local' })
    expect(localTool?.description).toBe('registered first')
    expect(mcpTool?.description).toBe(describeToolForModel('docs server', 'query', 'does query'))
    expect(mcpTool?.inputSchema).toEqual({ type: 'object' })
    expect(mcpTool?.provenance).toEqual({
      kind: 'mcp',
      serverId: 'docs',
      serverName: 'docs server',
      toolName: 'query',
      destination: 'stdio: docs-mcp --verbose',
      tool: docs.tools[0],
    })
  })

  it('leaves out tools of servers that are not connected', () => {
    const servers = [
      server('down', ['a'], { status: 'failed' }),
      server('off', ['b'], { status: 'disabled' }),
      server('wait', ['c'], { status: 'connecting' }),
      server('up', ['d']),
    ]
    expect(buildToolSet([], servers, () => {}).map((tool) => tool.name)).toEqual(['mcp_up_d'])
  })

  it('lets the local tool win a name clash and logs a warning', () => {
    const { log, messages } = collect()
    const clashing: LocalToolDefinition[] = [
      { name: 'mcp_docs_query', description: 'local impostor', inputSchema: {} },
    ]
    const tools = buildToolSet(clashing, [server('docs', ['query', 'browse'])], log)
    expect(tools.map((tool) => [tool.name, tool.provenance.kind])).toEqual([
      ['mcp_docs_query', 'local'],
      ['mcp_docs_browse', 'mcp'],
    ])
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('mcp_docs_query')
    expect(messages[0]).toContain('MCP server "docs" tool "query"')
    expect(messages[0]).toContain('only a local tool is offered')
  })

  it('treats names that differ only in case as a clash', () => {
    const { log, messages } = collect()
    const tools = buildToolSet(
      [{ name: 'MCP_DOCS_QUERY', description: '', inputSchema: {} }],
      [server('docs', ['query'])],
      log,
    )
    expect(tools.map((tool) => tool.name)).toEqual(['MCP_DOCS_QUERY'])
    expect(messages).toHaveLength(1)
  })

  it('keeps the first of two local tools with one name and warns', () => {
    const { log, messages } = collect()
    const tools = buildToolSet(
      [
        { name: 'search', description: 'first', inputSchema: {} },
        { name: 'search', description: 'second', inputSchema: {} },
      ],
      [],
      log,
    )
    expect(tools.map((tool) => tool.description)).toEqual(['first'])
    expect(messages).toHaveLength(1)
  })

  it('gives the same order across requests whatever order the servers come in', () => {
    const servers = [server('notes', ['write', 'read']), server('docs', ['query']), server('b', ['x', 'a'])]
    const first = buildToolSet(local, servers, () => {})
    const again = buildToolSet(local, servers, () => {})
    const reversed = buildToolSet(local, [...servers].reverse(), () => {})
    expect(again).toEqual(first)
    expect(reversed).toEqual(first)
    expect(first.map((tool) => tool.name)).toEqual([
      'zeta_local',
      'alpha_local',
      'mcp_b_a',
      'mcp_b_x',
      'mcp_docs_query',
      'mcp_notes_read',
      'mcp_notes_write',
    ])
  })
})

describe('buildToolSet with MCP Apps visibility', () => {
  it('never offers a tool whose visibility lacks "model"; model-only and unmarked tools are offered', () => {
    const state = server('apps', ['poll', 'show', 'plain'])
    state.tools = state.tools.map((tool) =>
      tool.name === 'poll'
        ? { ...tool, ui: { resourceUri: 'ui://apps/v', visibility: ['app' as const] } }
        : tool.name === 'show'
          ? { ...tool, ui: { resourceUri: 'ui://apps/v', visibility: ['model' as const, 'app' as const] } }
          : tool,
    )
    const names = buildToolSet([], [state], () => undefined).map((entry) => entry.name)
    expect(names).toEqual(['mcp_apps_plain', 'mcp_apps_show'])
  })
})
