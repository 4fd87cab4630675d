import { describe, expect, it } from 'vitest'
import { formatServersTable, summarizeStatuses } from '../../../src/cli/format/servers-table'
import type { ServerState } from '../../../src/shared/mcp/server-state'

function state(overrides: Partial<ServerState> & Pick<ServerState, 'id' | 'status'>): ServerState {
  return {
    name: overrides.id,
    transport: 'stdio',
    destination: 'stdio: x',
    tools: [],
    stderrTail: '',
    pendingChanges: [],
    since: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

const tool = { name: 't', exposedName: 'mcp_a_t', description: '', inputSchema: {} }

describe('formatServersTable', () => {
  it('aligns the columns, right-aligns the tool count and cuts long names and reasons to 80 columns', () => {
    const lines = formatServersTable([
      state({
        id: 'a',
        name: 'Alpha',
        status: 'connected',
        protocolVersion: '2026-07-28',
        tools: Array.from({ length: 12 }, () => tool),
      }),
      state({
        id: 'b',
        name: 'A server with a name far longer than any column should be',
        transport: 'http',
        status: 'failed',
        failure: { reason: `exited with exit code 3: ${'x'.repeat(200)}\nsecond line of stderr` },
      }),
      state({ id: 'c', name: 'Off', status: 'disabled' }),
    ])
    expect(lines).toEqual([
      'NAME                      TYPE   STATUS     PROTOCOL    TOOLS  REASON',
      'Alpha                     stdio  connected  2026-07-28     12',
      `A server with a name fa…  http   failed     -               -  exited with exit…`,
      'Off                       stdio  disabled   -               -',
    ])
    expect(Math.max(...lines.map((line) => [...line].length))).toBe(80)
  })

  it('keeps a readable reason column however wide a custom width is', () => {
    const [, row] = formatServersTable(
      [state({ id: 'a', status: 'failed', failure: { reason: 'r'.repeat(40) } })],
      20,
    )
    expect(row).toBe(`a     stdio  failed  -             -  ${'r'.repeat(15)}…`)
  })

  it('says how to review tool changes of a connected server, whose changed tools are not counted', () => {
    const change = {
      kind: 'changed' as const,
      name: 't',
      exposedName: 'mcp_n_t',
      fields: ['description' as const],
    }
    const [, row] = formatServersTable(
      [
        state({
          id: 'notes',
          status: 'connected',
          tools: [tool],
          protocolVersion: '2025-11-25',
          pendingChanges: [change, { ...change, name: 'u' }],
        }),
      ],
      100,
    )
    expect(row).toBe(
      'notes  stdio  connected  2025-11-25      1  2 tool changes: mcp-desk servers accept notes',
    )
  })

  it('keeps control characters from a server out of the terminal', () => {
    const [, row] = formatServersTable([
      state({ id: 'a', status: 'failed', failure: { reason: '\u001b[31mred' } }),
    ])
    expect(row).toContain('\\x1b[31mred')
    expect(row).not.toContain('\u001b')
  })
})

describe('summarizeStatuses', () => {
  it('counts each status', () => {
    expect(summarizeStatuses([state({ id: 'a', status: 'connected' })])).toBe('1 server: 1 connected')
    expect(
      summarizeStatuses([
        state({ id: 'a', status: 'failed' }),
        state({ id: 'b', status: 'connected' }),
        state({ id: 'c', status: 'failed' }),
      ]),
    ).toBe('3 servers: 2 failed, 1 connected')
  })
})
