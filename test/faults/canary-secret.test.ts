// Canary secret (issue 12): one distinctive value is the provider's API key, a remote server's header value
// and a stdio server's env value, all entered the way the window enters them. After a chat turn that calls
// tools (one of which asks for sampling), failing turns and sampling (a provider that echoes the key back),
// a server that fails to start and one that answers 503, the server list and the settings view, the value
// must appear nowhere but where it was meant to go: not in the host's log lines or console output, the
// transcripts, the sampling audit log, settings.json, any message to the renderer, any provider request
// body or header other than Authorization, or the environment of another server.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fileURLToPath } from 'node:url'
import { readFileSync } from 'node:fs'
import { profilePaths } from '../../src/main/core/config/home-paths'
import type { ServerInput } from '../../src/shared/mcp/server-input'
import type { ServerState } from '../../src/shared/mcp/server-state'
import { startFixtureHttpServer, type FixtureHttpServer } from '../fixtures/mcp-servers/http-server'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { tempHome, type TempHome } from '../support/temp-home'
import { filesUnder, startCanaryHost, type CanaryHost } from './support/canary-host'
import { startFailingHttpServer, type FailingHttpServer } from './support/failing-http-server'

const CANARY = 'cnry-5f0e9b27d1c84a6e'
const STDIO_SERVER = fileURLToPath(new URL('../fixtures/mcp-servers/stdio-server.ts', import.meta.url))
const MISBEHAVING_SERVER = fileURLToPath(
  new URL('../fixtures/misbehaving/misbehaving-server.ts', import.meta.url),
)
/** What careless OpenAI-compatible servers answer to a rejected key: the key itself. */
const ECHOED_KEY_ERROR = {
  kind: 'http_error' as const,
  status: 401,
  body: {
    error: { message: `Incorrect API key provided: ${CANARY}.`, type: 'invalid_request_error', code: null },
  },
}

let temp: TempHome
let mock: MockOpenAI
let remote: FixtureHttpServer
let failing: FailingHttpServer
let host: CanaryHost
const consoleLines: string[] = []
/** The env the `dumper` server reported through its tool, inside the chat turn. */
let dumpedEnv = ''

beforeAll(async () => {
  temp = await tempHome('mcp-desk-canary-suite-')
  mock = await startMockOpenAI({ models: ['mock-model'] })
  remote = await startFixtureHttpServer()
  failing = await startFailingHttpServer()
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '))
    })
  }
  host = startCanaryHost(temp.dir)
})

afterAll(async () => {
  vi.restoreAllMocks()
  await host?.close()
  await Promise.all([mock?.close(), remote?.close(), failing?.close()])
  await temp?.cleanup()
})

async function addServer(server: ServerInput): Promise<string> {
  return (await host.ipc('servers:add', { server })).id
}

async function settled(ids: string[]): Promise<ServerState[]> {
  const done = (state: ServerState | undefined) => state?.status === 'connected' || state?.status === 'failed'
  const event = await host.waitFor('servers:changed', ({ servers: list }) =>
    ids.every((id) => done(list.find((state) => state.id === id))),
  )
  return event.servers
}

async function turn(conversationId: string, text: string) {
  const { turnId } = await host.ipc('chat:send', { id: conversationId, text })
  return host.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
}

function toolResultText(records: Array<{ type: string }>, callId: string): string {
  const result = records.find((r) => r.type === 'tool_result' && (r as { callId?: string }).callId === callId)
  return (result as { text?: string } | undefined)?.text ?? ''
}

describe('a canary secret', () => {
  it('goes where it belongs while chat, sampling, failures, the server list and settings are used', async () => {
    const provider = await host.ipc('providers:add', {
      provider: { preset: 'custom', name: 'Canary', baseUrl: mock.url, apiKey: { value: CANARY } },
    })
    await host.ipc('models:discover', { providerId: provider.id })
    await host.ipc('models:save', { providerId: provider.id, model: { id: 'mock-model' } })
    await host.ipc('models:set-default', { ref: `${provider.id}/mock-model` })

    const stdio = (name: string, args: string[], env: Record<string, { value: string }> = {}) => ({
      name,
      transport: 'stdio' as const,
      command: process.execPath,
      args,
      env,
      sampling: 'allow' as const,
      toolsAlwaysLoaded: true,
    })
    const ids = [
      await addServer(
        stdio('holder', [STDIO_SERVER, '--name', 'holder'], { CANARY_TOKEN: { value: CANARY } }),
      ),
      await addServer(stdio('dumper', [MISBEHAVING_SERVER, '--name', 'dumper'])),
      await addServer(
        stdio('broken', [MISBEHAVING_SERVER, '--stderr', 'broken: no config', '--exit-at-start', '3'], {
          CANARY_TOKEN: { value: CANARY },
        }),
      ),
      await addServer({
        name: 'remote',
        transport: 'http',
        url: remote.url,
        headers: { 'X-Canary': { value: CANARY } },
      }),
      await addServer({
        name: 'down',
        transport: 'http',
        url: failing.url,
        headers: { 'X-Canary': { value: CANARY } },
      }),
    ]
    const [holder, dumper, broken, remoteId, down] = ids as [string, string, string, string, string]
    await settled(ids)
    const { servers } = await host.ipc('servers:list', {})
    const status = (id: string) => servers.find((state) => state.id === id)
    expect([holder, dumper, remoteId].map((id) => status(id)?.status)).toEqual([
      'connected',
      'connected',
      'connected',
    ])
    expect(status(broken)).toMatchObject({
      status: 'failed',
      failure: { reason: 'exited with code 3: broken: no config' },
    })
    expect(status(down)).toMatchObject({
      status: 'failed',
      failure: { reason: expect.stringContaining('the server answered HTTP 503') },
    })

    // A chat turn calling a tool that asks for sampling, and the env dumper; then a turn and a sampling
    // request that each fail on a provider echoing the key.
    host.approveEveryToolCall()
    const { id: conversation } = await host.ipc('chat:create', {})
    mock.enqueue(
      {
        kind: 'tool_calls',
        calls: [
          {
            id: 'c1',
            name: `mcp_${holder}_sample`,
            arguments: JSON.stringify({ prompt: 'Summarise the notes' }),
          },
          { id: 'c2', name: `mcp_${dumper}_echo_env`, arguments: '{}' },
        ],
      },
      { kind: 'text', chunks: ['The notes ', 'say hello.'] },
      { kind: 'text', chunks: ['Both tools ran.'] },
    )
    expect(await turn(conversation, 'Use the tools')).toMatchObject({ state: 'completed' })
    mock.enqueue(ECHOED_KEY_ERROR)
    expect(await turn(conversation, 'Once more')).toMatchObject({ state: 'error' })
    mock.enqueue(
      {
        kind: 'tool_calls',
        calls: [{ id: 'c3', name: `mcp_${holder}_sample`, arguments: '{"prompt":"Again"}' }],
      },
      ECHOED_KEY_ERROR,
      { kind: 'text', chunks: ['Sampling failed.'] },
    )
    expect(await turn(conversation, 'Sample again')).toMatchObject({ state: 'completed' })

    const view = await host.ipc('chat:open', { id: conversation })
    expect(toolResultText(view.records, 'c1')).toBe('The notes say hello.')
    expect(toolResultText(view.records, 'c3')).toContain('failed (HTTP 401)')
    dumpedEnv = toolResultText(view.records, 'c2')
    expect(dumpedEnv).toContain('"PATH"')

    // The views the window opens.
    await host.ipc('settings:get', {})
    await host.ipc('secrets:list', {})
    await host.ipc('chat:list', {})
    await host.ipc('approvals:list', {})
    const activity = await host.ipc('sampling:activity', { limit: 200 })
    expect(activity.entries.map((entry) => entry.outcome).sort()).toEqual(['completed', 'error'])

    // Where the value is meant to go, it went: the provider's Authorization header, the remote server's
    // header, and the env of the server it was set for (asked directly, not through the renderer).
    expect(mock.requests.every((request) => request.headers.authorization === `Bearer ${CANARY}`)).toBe(true)
    expect(remote.requests.some((request) => request.headers['x-canary'] === CANARY)).toBe(true)
    expect(failing.requestHeaders.some((headers) => headers['x-canary'] === CANARY)).toBe(true)
    const own = await host.composed.servers
      .connection(holder)
      .client!.callTool({ name: 'read_env', arguments: { name: 'CANARY_TOKEN' } })
    expect(own.content).toEqual([
      { type: 'text', text: JSON.stringify({ name: 'CANARY_TOKEN', value: CANARY }) },
    ])
  })

  it('is not in the host log or console output', () => {
    expect(host.logs.length).toBeGreaterThan(0)
    for (const line of [...host.logs, ...consoleLines]) expect(line).not.toContain(CANARY)
  })

  it('is not in the transcripts', () => {
    const files = filesUnder(profilePaths(temp.dir).transcriptsDir)
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) expect(file.text, file.path).not.toContain(CANARY)
  })

  it('is not in the sampling audit log', () => {
    const files = filesUnder(profilePaths(temp.dir).auditDir)
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) expect(file.text, file.path).not.toContain(CANARY)
  })

  it('is not in settings.json, which holds references only', () => {
    const settingsText = readFileSync(profilePaths(temp.dir).settingsFile, 'utf8')
    expect(settingsText).toContain('"secret"')
    expect(settingsText).not.toContain(CANARY)
  })

  it('is not in any message to the renderer', () => {
    expect(host.toRenderer.length).toBeGreaterThan(50)
    for (const message of host.toRenderer) expect(message).not.toContain(CANARY)
  })

  it('reaches the provider only in the Authorization header, never a body or another header', () => {
    expect(mock.requests.length).toBeGreaterThanOrEqual(6)
    for (const request of mock.requests) {
      expect(request.rawBody).not.toContain(CANARY)
      for (const [name, value] of Object.entries(request.headers)) {
        if (name !== 'authorization') expect(value, name).not.toContain(CANARY)
      }
    }
  })

  it('is not in the environment of another server', () => {
    expect(dumpedEnv).not.toContain(CANARY)
    expect(dumpedEnv).not.toContain('CANARY_TOKEN')
  })
})
