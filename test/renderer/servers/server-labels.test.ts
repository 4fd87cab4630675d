// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  commandBasename,
  serverValueEntries,
  stateTransportLabel,
  transportLabel,
} from '../../../src/renderer/src/servers/server-labels'
import { httpConfigFixture, serverStateFixture } from '../support/server-fixtures'

describe('server labels', () => {
  it('names stdio servers by the basename of their command, for POSIX and Windows paths', () => {
    expect(commandBasename('/usr/local/bin/notes-mcp')).toBe('notes-mcp')
    expect(commandBasename('C:\\tools\\notes.exe')).toBe('notes.exe')
    expect(commandBasename('npx')).toBe('npx')
    const stdio = {
      id: 'a',
      name: 'A',
      enabled: true,
      sampling: 'ask' as const,
      transport: 'stdio' as const,
      command: '/x/y',
      args: [],
      env: {},
    }
    expect(transportLabel(stdio)).toBe('stdio: y')
  })

  it.each([
    ['/usr/bin/node', ['/srv/mcp/notes-server.js', '--verbose'], 'stdio: notes-server.js'],
    ['npx', ['-y', '@modelcontextprotocol/server-memory'], 'stdio: server-memory'],
    ['uv', ['run', 'weather-mcp'], 'stdio: weather-mcp'],
    ['C:\\Program Files\\nodejs\\node.exe', ['C:\\mcp\\notes.js'], 'stdio: notes.js'],
    ['node', ['--inspect'], 'stdio: node'],
    ['notes-mcp', ['serve'], 'stdio: notes-mcp'],
  ])('names a launched server by what the launcher runs: %s %j', (command, args, label) => {
    expect(transportLabel({ transport: 'stdio', command, args })).toBe(label)
  })

  it('names http servers by the URL host, and falls back to the raw text when it is not a URL', () => {
    const http = {
      id: 'b',
      name: 'B',
      enabled: true,
      sampling: 'ask' as const,
      transport: 'http' as const,
      url: '',
      headers: {},
    }
    expect(transportLabel({ ...http, url: 'https://mcp.example.com:8443/mcp?key=***' })).toBe(
      'mcp.example.com:8443',
    )
    expect(transportLabel({ ...http, url: 'not a url' })).toBe('not a url')
  })

  it('names a legacy SSE server by its host too, with or without its config', () => {
    const config = httpConfigFixture({
      id: 'legacy',
      transport: 'sse',
      url: 'https://legacy.example:9000/sse',
    })
    const state = serverStateFixture(config)
    expect(stateTransportLabel(state, config)).toBe('legacy.example:9000')
    expect(stateTransportLabel(state)).toBe('legacy.example:9000')
  })

  it('lists env for stdio and headers for http', () => {
    const stdio = {
      id: 'a',
      name: 'A',
      enabled: true,
      sampling: 'ask' as const,
      transport: 'stdio' as const,
      command: 'x',
      args: [],
      env: { DEBUG: { masked: true as const } },
    }
    expect(serverValueEntries(stdio)).toEqual({ kind: 'env', entries: [['DEBUG', { masked: true }]] })
    const http = {
      id: 'b',
      name: 'B',
      enabled: true,
      sampling: 'ask' as const,
      transport: 'http' as const,
      url: 'https://h',
      headers: { Authorization: { secret: 'token' } },
    }
    expect(serverValueEntries(http)).toEqual({
      kind: 'header',
      entries: [['Authorization', { secret: 'token' }]],
    })
  })
})
