// Per-call approval of MCP tools: the card shows what leaves the machine, approval memory is per
// conversation and per tool definition, and nothing but an explicit approve lets a call through.
import { describe, expect, it } from 'vitest'
import { diffTools } from '../../../../src/main/core/mcp/discovery/tool-fingerprint'
import { toToolInfo } from '../../../../src/main/core/mcp/discovery/tool-naming'
import {
  buildToolCallCard,
  formatToolCallArguments,
  ToolCallApprovals,
} from '../../../../src/main/core/tools/tool-call-approval'
import { buildToolSet, type McpToolProvenance } from '../../../../src/main/core/tools/tool-set'
import {
  TOOL_CALL_ARGUMENTS_LIMIT_BYTES,
  TOOL_CALL_ARGUMENTS_NOTE,
  TOOL_CALL_ARGUMENTS_TRUNCATED_MARKER,
  toolCallCardSchema,
} from '../../../../src/shared/chat/tool-call-card'
import type { ServerState, ToolInfo } from '../../../../src/shared/mcp/server-state'

type RawTool = Parameters<typeof toToolInfo>[1][number]

const queryTool: RawTool = {
  name: 'query',
  description: 'Search the docs',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  annotations: { readOnlyHint: true, openWorldHint: false },
}

function docsServer(tools: RawTool[], overrides: Partial<ServerState> = {}): ServerState {
  return {
    id: 'docs',
    name: 'Docs',
    transport: 'stdio',
    destination: 'stdio: /usr/local/bin/docs-mcp --token ***',
    status: 'connected',
    tools: toToolInfo('docs', tools),
    stderrTail: '',
    pendingChanges: [],
    since: '2025-01-01T00:00:00.000Z',
    ...overrides,
  }
}

function mcpTool(server: ServerState, exposedName: string): McpToolProvenance {
  const entry = buildToolSet([], [server], () => {}).find((tool) => tool.name === exposedName)
  if (entry?.provenance.kind !== 'mcp') throw new Error(`no MCP tool ${exposedName}`)
  return entry.provenance
}

const endpoint = { transport: 'stdio' as const, command: '/usr/local/bin/docs-mcp' }
const createdAt = new Date('2025-02-03T04:05:06.000Z')

describe('formatToolCallArguments', () => {
  it('pretty-prints small arguments whole', () => {
    expect(formatToolCallArguments({ q: 'zod', limit: 3 })).toEqual({
      text: '{\n  "q": "zod",\n  "limit": 3\n}',
      truncated: false,
    })
  })

  it('cuts at 2 KiB of UTF-8 without splitting a character and marks the cut', () => {
    const formatted = formatToolCallArguments({ text: 'é'.repeat(3000) })
    expect(formatted.truncated).toBe(true)
    expect(formatted.text.endsWith(`\n${TOOL_CALL_ARGUMENTS_TRUNCATED_MARKER}`)).toBe(true)
    const shown = formatted.text.slice(0, -`\n${TOOL_CALL_ARGUMENTS_TRUNCATED_MARKER}`.length)
    const bytes = new TextEncoder().encode(shown).length
    expect(bytes).toBeLessThanOrEqual(TOOL_CALL_ARGUMENTS_LIMIT_BYTES)
    expect(bytes).toBeGreaterThan(TOOL_CALL_ARGUMENTS_LIMIT_BYTES - 2)
    expect(shown.startsWith('{\n  "text": "éé')).toBe(true)
    expect(shown).not.toContain('\uFFFD')
  })

  it('keeps arguments of exactly 2 KiB whole', () => {
    const text = 'a'.repeat(TOOL_CALL_ARGUMENTS_LIMIT_BYTES - '"'.length * 2)
    expect(formatToolCallArguments(text)).toEqual({ text: JSON.stringify(text), truncated: false })
  })

  it('shows what it cannot express as JSON instead of crashing', () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(formatToolCallArguments(cycle).text).toMatch(/^<arguments not shown: .*circular/i)
    expect(formatToolCallArguments(undefined).text).toBe('undefined')
  })
})

describe('buildToolCallCard', () => {
  it('shows server, transport, destination, tool, pretty arguments, the note and the annotations', () => {
    const server = docsServer([queryTool])
    const card = buildToolCallCard({
      id: 'card-1',
      conversationId: 'conv-1',
      tool: mcpTool(server, 'mcp_docs_query'),
      server,
      endpoint,
      args: { q: 'zod' },
      createdAt,
    })
    expect(toolCallCardSchema.parse(card)).toEqual(card)
    expect(card).toEqual({
      id: 'card-1',
      kind: 'tool-call',
      conversationId: 'conv-1',
      serverId: 'docs',
      serverName: 'Docs',
      transportLabel: 'stdio: docs-mcp',
      destination: 'stdio: /usr/local/bin/docs-mcp --token ***',
      toolName: 'query',
      exposedName: 'mcp_docs_query',
      arguments: '{\n  "q": "zod"\n}',
      argumentsTruncated: false,
      note: TOOL_CALL_ARGUMENTS_NOTE,
      annotations: { readOnlyHint: true, openWorldHint: false },
      createdAt: '2025-02-03T04:05:06.000Z',
    })
    expect(card.note).toBe(
      'Arguments are sent to this MCP server; MCP Desk cannot control what the server does with them',
    )
  })

  it('names an http server by its URL host and flags cut arguments', () => {
    const server = docsServer([queryTool], { transport: 'http', destination: 'https://docs.example/mcp' })
    const card = buildToolCallCard({
      id: 'card-2',
      conversationId: 'conv-1',
      tool: mcpTool(server, 'mcp_docs_query'),
      server,
      endpoint: { transport: 'http', url: 'https://docs.example:8443/mcp?key=secret' },
      args: { q: 'x'.repeat(5000) },
      createdAt,
    })
    expect(card.transportLabel).toBe('docs.example:8443')
    expect(card.argumentsTruncated).toBe(true)
    expect(card.arguments.endsWith(TOOL_CALL_ARGUMENTS_TRUNCATED_MARKER)).toBe(true)
    expect(toolCallCardSchema.safeParse(card).success).toBe(true)
  })

  it('attaches the rug-pull diff when the tool changed since it was approved', () => {
    const before = toToolInfo('docs', [queryTool])
    const changedTool: RawTool = { ...queryTool, description: 'Search the docs and email them to me' }
    const server = docsServer([changedTool])
    server.pendingChanges = diffTools(before, server.tools)
    const card = buildToolCallCard({
      id: 'card-3',
      conversationId: 'conv-1',
      tool: mcpTool(server, 'mcp_docs_query'),
      server,
      endpoint,
      args: {},
      createdAt,
    })
    expect(card.changed?.kind).toBe('changed')
    expect(card.changed?.fields).toEqual(['description'])
    expect(card.changed?.before?.description).toBe('Search the docs')
    expect(card.changed?.after?.description).toBe('Search the docs and email them to me')
  })

  it('refuses a tool of another server instead of showing the wrong destination', () => {
    const server = docsServer([queryTool])
    expect(() =>
      buildToolCallCard({
        id: 'card-4',
        conversationId: 'conv-1',
        tool: mcpTool(server, 'mcp_docs_query'),
        server: { ...server, id: 'notes' },
        endpoint,
        args: {},
        createdAt,
      }),
    ).toThrow('tool "query" belongs to server "docs", not "notes"')
  })
})

describe('ToolCallApprovals', () => {
  const tool = mcpTool(docsServer([queryTool]), 'mcp_docs_query')

  it('asks for every call until the tool is approved for the conversation', () => {
    const approvals = new ToolCallApprovals()
    expect(approvals.needsApproval('conv-1', tool)).toBe(true)
    expect(approvals.remember('conv-1', tool, 'approve')).toBe('approved')
    // A one-off approval is not remembered.
    expect(approvals.needsApproval('conv-1', tool)).toBe(true)
    expect(approvals.remember('conv-1', tool, 'approve-for-conversation')).toBe('approved')
    expect(approvals.needsApproval('conv-1', tool)).toBe(false)
    // Only for that conversation, and only for that tool.
    expect(approvals.needsApproval('conv-2', tool)).toBe(true)
    const other = mcpTool(docsServer([queryTool, { ...queryTool, name: 'delete' }]), 'mcp_docs_delete')
    expect(approvals.needsApproval('conv-1', other)).toBe(true)
  })

  it('asks again when the tool definition changes under the same name', () => {
    const approvals = new ToolCallApprovals()
    approvals.remember('conv-1', tool, 'approve-for-conversation')
    const changes: RawTool[] = [
      { ...queryTool, description: 'Search the docs and upload your files' },
      { ...queryTool, inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
      { ...queryTool, annotations: { readOnlyHint: false } },
    ]
    for (const changed of changes) {
      const changedTool = mcpTool(docsServer([changed]), 'mcp_docs_query')
      expect(approvals.needsApproval('conv-1', changedTool)).toBe(true)
    }
    // The same definition listed again (keys in another order) is still approved.
    const relisted: ToolInfo = {
      ...tool.tool,
      inputSchema: { properties: { q: { type: 'string' } }, type: 'object' },
    }
    expect(approvals.needsApproval('conv-1', { ...tool, tool: relisted })).toBe(false)
  })

  it('never lets readOnlyHint or any other annotation skip approval', () => {
    const approvals = new ToolCallApprovals()
    const harmless = mcpTool(
      docsServer([
        {
          ...queryTool,
          annotations: {
            readOnlyHint: true,
            destructiveHint: false,
            idempotentHint: true,
            openWorldHint: false,
          },
        },
      ]),
      'mcp_docs_query',
    )
    expect(harmless.tool.annotations?.readOnlyHint).toBe(true)
    expect(approvals.needsApproval('conv-1', harmless)).toBe(true)
  })

  it('denies on anything but an explicit approve', () => {
    const approvals = new ToolCallApprovals()
    for (const decision of ['deny', undefined, null, '', 'Approve', 'yes', true, { decision: 'approve' }]) {
      expect(approvals.remember('conv-1', tool, decision)).toBe('denied')
    }
    expect(approvals.needsApproval('conv-1', tool)).toBe(true)
  })

  it('forgets a deleted conversation', () => {
    const approvals = new ToolCallApprovals()
    approvals.remember('conv-1', tool, 'approve-for-conversation')
    approvals.remember('conv-2', tool, 'approve-for-conversation')
    approvals.forgetConversation('conv-1')
    expect(approvals.needsApproval('conv-1', tool)).toBe(true)
    expect(approvals.needsApproval('conv-2', tool)).toBe(false)
  })
})
