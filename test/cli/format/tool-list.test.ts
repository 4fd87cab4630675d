import { describe, expect, it } from 'vitest'
import { formatToolList } from '../../../src/cli/format/tool-list'

describe('formatToolList', () => {
  it('shows the exposed and own names, the first description line and the declared annotations', () => {
    expect(
      formatToolList([
        {
          name: 'echo',
          exposedName: 'mcp_ev_echo',
          description: 'Echoes back the input string\nMore detail that stays out of the list.',
          annotations: { title: 'Echo Tool', readOnlyHint: true, destructiveHint: false },
          inputSchema: { type: 'object' },
        },
        { name: 'bare', exposedName: 'mcp_ev_bare', description: '', inputSchema: { type: 'object' } },
        {
          name: 'long',
          exposedName: 'mcp_ev_long',
          description: 'd'.repeat(100),
          inputSchema: { type: 'object' },
        },
      ]),
    ).toEqual([
      "mcp_ev_echo  (server's name: echo)",
      '    Echoes back the input string',
      '    annotations: title="Echo Tool", readOnlyHint=true, destructiveHint=false',
      "mcp_ev_bare  (server's name: bare)",
      '    (no description)',
      "mcp_ev_long  (server's name: long)",
      `    ${'d'.repeat(75)}…`,
    ])
  })
})
