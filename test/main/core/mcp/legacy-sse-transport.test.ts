// A server configured as `sse`: the npm reference server @modelcontextprotocol/server-everything in its
// legacy HTTP+SSE mode, run from its package bin on a free loopback port, reached through the connection
// manager and the default transport opener like the app reaches it, and asked to call a tool.
import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { ConnectionManager } from '../../../../src/main/core/mcp/connection-manager'
import { defaultTransportOpener } from '../../../../src/main/core/mcp/default-transport-opener'
import { ServerConfigService } from '../../../../src/main/core/mcp/server-config-service'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { textOf } from '../../../fixtures/mcp-servers/sampling-client'
import { startServerEverythingHttp } from '../../../support/server-everything-http'
import { freePort } from './http/support/local-http-server'

describe('a server configured as sse (server-everything in SSE mode)', () => {
  let child: ChildProcess | undefined
  let url = ''
  const settings = new SettingsService(new MemoryJsonDocument())
  const configs = new ServerConfigService(settings, new MemorySecretStore())
  const log: string[] = []
  const servers = new ConnectionManager({
    settings,
    configs,
    opener: defaultTransportOpener,
    clientInfo: { name: 'mcp-desk-test', version: '0.0.0' },
    log: (line) => log.push(line),
  })

  beforeAll(async () => {
    const port = await freePort()
    child = await startServerEverythingHttp('sse', port)
    url = `http://127.0.0.1:${port}/sse`
    await servers.start()
  })

  afterAll(async () => {
    await servers.shutdown()
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child?.once('exit', () => resolve()))
      child.kill('SIGTERM')
      await exited
    }
  })

  it('connects, lists its tools and calls echo', async () => {
    const state = await servers.add({
      name: 'Everything SSE',
      transport: 'sse',
      url,
      headers: { 'X-Client': { value: 'mcp-desk-test' } },
    })

    expect(state.failure?.reason).toBeUndefined()
    expect(state).toMatchObject({ status: 'connected', transport: 'sse', destination: url })
    expect(state.tools.map((tool) => tool.name)).toContain('echo')

    const result = await servers.connection(state.id).callTool('echo', { message: 'hello over legacy sse' })
    expect(textOf(result)).toContain('hello over legacy sse')
    expect(log.join('\n')).toContain('connected')
  })
})
