import { afterEach, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { ConnectionManager } from '../../../../src/main/core/mcp/connection-manager'
import { defaultTransportOpener } from '../../../../src/main/core/mcp/default-transport-opener'
import { ServerConfigService } from '../../../../src/main/core/mcp/server-config-service'
import { startFixtureHttpServer, type FixtureHttpServer } from '../../../fixtures/mcp-servers/http-server'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'

describe('remote servers through the connection manager', () => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
  })

  function manager() {
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
    cleanups.push(() => servers.shutdown())
    return { servers, log }
  }

  async function fixture(bearer: string): Promise<FixtureHttpServer> {
    const server = await startFixtureHttpServer({ requiredBearer: bearer })
    cleanups.push(() => server.close())
    return server
  }

  it('connects with a header stored as a secret, which never reaches the state or the log', async () => {
    const http = await fixture('bearer-secret-771')
    const { servers, log } = manager()
    await servers.start()
    const state = await servers.add({
      name: 'Remote',
      transport: 'http',
      url: `${http.url}?team=blue`,
      headers: { Authorization: { value: 'Bearer bearer-secret-771' } },
    })
    expect(state.status).toBe('connected')
    expect(state.destination).toBe(http.url)
    expect(JSON.stringify(servers.list()) + log.join('\n')).not.toContain('bearer-secret-771')
    expect(log.join('\n')).not.toContain('team=blue')
  })

  it('fails with a clear reason when the server refuses the credentials', async () => {
    const http = await fixture('right')
    const { servers } = manager()
    await servers.start()
    const state = await servers.add({
      name: 'Remote',
      transport: 'http',
      url: http.url,
      headers: { Authorization: { value: 'Bearer wrong-value-5521' } },
    })
    expect(state.status).toBe('failed')
    expect(state.failure?.reason).toContain('401')
    expect(JSON.stringify(state)).not.toContain('wrong-value-5521')
  })

  it('refuses plain http to a non-loopback host before any request', async () => {
    const { servers } = manager()
    await servers.start()
    const state = await servers.add({ name: 'Plain', transport: 'http', url: 'http://example.test/mcp' })
    expect(state.status).toBe('failed')
    expect(state.failure?.reason).toMatch(/https/)
  })

  it('starts a new session when the server forgot it (HTTP 404) and sends the tool call again', async () => {
    const http = await startFixtureHttpServer()
    cleanups.push(() => http.close())
    const { servers, log } = manager()
    await servers.start()
    const state = await servers.add({ name: 'Remote', transport: 'http', url: http.url })
    expect(state.status).toBe('connected')
    const connection = servers.connection(state.id)
    expect((await connection.callTool('add', { a: 1, b: 2 })).content).toEqual([{ type: 'text', text: '3' }])

    await http.forgetSessions()
    const again = await connection.callTool('add', { a: 2, b: 3 })
    expect(again.content).toEqual([{ type: 'text', text: '5' }])
    expect(servers.get(state.id).status).toBe('connected')
    expect(http.sessionCount).toBe(1)
    expect(log.join('\n')).toContain('no longer knows the session (HTTP 404)')
  })
})
