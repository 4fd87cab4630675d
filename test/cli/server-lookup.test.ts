import { describe, expect, it } from 'vitest'
import { findServer } from '../../src/cli/server-lookup'
import type { ServerConfig } from '../../src/shared/settings/settings-schema'

function stdio(id: string, name: string): ServerConfig {
  return { id, name, enabled: true, sampling: 'ask', transport: 'stdio', command: 'x', args: [], env: {} }
}

const servers = [
  stdio('notes', 'Notes'),
  stdio('files', 'notes'),
  stdio('web', 'Web Search'),
  stdio('web-2', 'web search'),
]

describe('findServer', () => {
  it('prefers an id over a name, in any case', () => {
    expect(findServer(servers, 'NOTES').id).toBe('notes')
    expect(findServer(servers, 'files').id).toBe('files')
  })

  it('finds a unique name in any case', () => {
    expect(findServer([stdio('a', 'Web Search')], ' web SEARCH ').id).toBe('a')
  })

  it('refuses an ambiguous name, listing the ids to choose from', () => {
    expect(() => findServer(servers, 'Web Search')).toThrow(
      '2 servers are named "Web Search"; name one by its id: web, web-2',
    )
  })

  it('names an unknown server with the configured ids, or says none are configured', () => {
    expect(() => findServer(servers, 'ghost')).toThrow(
      'no server "ghost" (configured ids: notes, files, web, web-2)',
    )
    expect(() => findServer([], 'ghost')).toThrow('no server "ghost" (no servers are configured)')
  })
})
