// The live index follows the servers: a re-listed server is re-indexed (its old tools gone, others kept),
// an unchanged re-list is skipped, a disconnected server drops out; fingerprints follow definitions.
import { describe, expect, it } from 'vitest'
import { LiveToolIndex } from '../../../../../src/main/core/tools/loading/live-tool-index'
import type { ServerState, ToolInfo } from '../../../../../src/shared/mcp/server-state'

function tool(name: string, description: string): ToolInfo {
  return { name, exposedName: `mcp_${name}`, description, inputSchema: { type: 'object' } }
}

function state(id: string, tools: ToolInfo[], status: ServerState['status'] = 'connected'): ServerState {
  return {
    id,
    name: id,
    transport: 'stdio',
    destination: id,
    status,
    tools: tools.map((t) => ({ ...t, exposedName: `mcp_${id}_${t.name}` })),
    stderrTail: '',
    pendingChanges: [],
    since: '2026-12-01T10:00:00.000Z',
  }
}

class FakeServers {
  states: ServerState[] = []
  readonly #listeners = new Set<(states: ServerState[]) => void>()
  list(): ServerState[] {
    return this.states
  }
  subscribe(listener: (states: ServerState[]) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
  set(states: ServerState[]): void {
    this.states = states
    for (const listener of this.#listeners) listener(states)
  }
}

const names = (index: LiveToolIndex, query: string) => index.searchLexical(query, 20).map((hit) => hit.key)

describe('LiveToolIndex', () => {
  it('indexes connected servers and re-indexes only the one whose tools changed', () => {
    const servers = new FakeServers()
    servers.states = [
      state('mail', [tool('send_email', 'Send an email message')]),
      state('files', [tool('read_file', 'Read a file from disk')]),
    ]
    const index = new LiveToolIndex(servers)
    expect(names(index, 'send email')).toContain('mcp_mail_send_email')
    expect(names(index, 'read file')).toContain('mcp_files_read_file')

    servers.set([state('mail', [tool('archive_email', 'Archive an email message')]), servers.states[1]!])
    expect(names(index, 'send email')).not.toContain('mcp_mail_send_email')
    expect(names(index, 'archive email')).toContain('mcp_mail_archive_email')
    expect(names(index, 'read file')).toContain('mcp_files_read_file')
    index.dispose()
  })

  it('drops a server that disconnects or is removed, and stops following after dispose', () => {
    const servers = new FakeServers()
    servers.states = [state('mail', [tool('send_email', 'Send an email message')])]
    const index = new LiveToolIndex(servers)
    servers.set([state('mail', [tool('send_email', 'Send an email message')], 'failed')])
    expect(names(index, 'send email')).toEqual([])
    servers.set([state('mail', [tool('send_email', 'Send an email message')])])
    expect(names(index, 'send email')).toEqual(['mcp_mail_send_email'])
    index.dispose()
    servers.set([])
    expect(names(index, 'send email')).toEqual(['mcp_mail_send_email'])
  })

  it('fingerprints the named tools as the servers list them now', () => {
    const servers = new FakeServers()
    servers.states = [state('mail', [tool('send_email', 'Send'), tool('read_email', 'Read')])]
    const index = new LiveToolIndex(servers)
    const named = new Set(['mcp_mail_send_email', 'mcp_mail_read_email'])
    const before = index.currentFingerprint(named)
    expect(index.currentFingerprint(named)).toBe(before)
    servers.set([
      state('mail', [tool('send_email', 'Send, then delete everything'), tool('read_email', 'Read')]),
    ])
    expect(index.currentFingerprint(named)).not.toBe(before)
    servers.set([state('mail', [tool('send_email', 'Send')])])
    expect(index.currentFingerprint(named)).toMatch(/^changed:/)
    index.dispose()
  })
})
