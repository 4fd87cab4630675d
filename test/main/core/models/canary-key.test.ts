// A canary API key and header value go in through ProviderService on a real profile (settings.json and
// the encrypted secrets file on disk) and are then used for discovery and streaming. They must reach the
// provider only in request headers, never settings.json, logs, the renderer's settings view, error
// messages or request bodies.
import fs from 'node:fs'
import path from 'node:path'
import { jsonSchema, streamText, tool } from 'ai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProviderService } from '../../../../src/main/core/models/provider-service'
import { openNodeProfile } from '../../../../src/main/core/profile/open-node-profile'
import { toSettingsView } from '../../../../src/shared/settings/settings-view'
import { startMockOpenAI, type MockOpenAI } from '../../../fixtures/mock-openai'
import { tempHome, type TempHome } from '../../../support/temp-home'
import { closedPortUrl, startScriptedHttp, type ScriptedHttp } from './scripted-http'

const CANARY_KEY = 'sk-canary-7f3e9a41c0d2b8e6'
const CANARY_HEADER = 'hdr-canary-52b1e07d9f'
const CANARIES = [CANARY_KEY, CANARY_HEADER]

let temp: TempHome
let mock: MockOpenAI
let echoing: ScriptedHttp
const logged: string[] = []

beforeEach(async () => {
  temp = await tempHome('mcp-desk-canary-')
  mock = await startMockOpenAI({ models: ['mock-model'] })
  // Rejects every key, echoing the request's credentials back the way careless servers do.
  echoing = await startScriptedHttp((res, headers) => {
    res.writeHead(401, { 'content-type': 'application/json' })
    const echo = `bad key ${String(headers.authorization)} for ${String(headers['x-canary'])}`
    res.end(JSON.stringify({ error: { message: echo } }))
  })
  logged.length = 0
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '))
    })
  }
})

afterEach(async () => {
  vi.restoreAllMocks()
  await echoing.close()
  await mock.close()
  await temp.cleanup()
})

function expectNoCanary(where: string, text: string): void {
  for (const canary of CANARIES) expect(text, where).not.toContain(canary)
}

async function errorMessageOf(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(Error)
  return (error as Error).message
}

describe('a canary API key', () => {
  it('reaches the provider only in request headers', async () => {
    const profile = openNodeProfile(path.join(temp.dir, 'home'))
    const providers = new ProviderService(profile.settings, profile.secrets)
    const messages: string[] = []
    const views: string[] = []
    profile.settings.subscribe((settings) => views.push(JSON.stringify(toSettingsView(settings))))

    const added = providers.add({
      preset: 'custom',
      id: 'canary',
      name: 'Canary',
      baseUrl: mock.url,
      apiKey: { value: CANARY_KEY },
      headers: { 'X-Canary': { value: CANARY_HEADER } },
    })
    providers.saveModel('canary', { id: 'mock-model' })
    providers.setDefault('canary/mock-model')
    expectNoCanary('the returned config', JSON.stringify(added))

    // Discovery and streaming (text, then a tool call) through the configured provider.
    expect(await providers.discover('canary')).toEqual([{ id: 'mock-model', configured: true }])
    mock.enqueue(
      { kind: 'text', chunks: ['fine'], usage: { prompt_tokens: 3, completion_tokens: 1 } },
      { kind: 'tool_calls', calls: [{ id: 'c1', name: 'echo', arguments: '{"text":"hi"}' }] },
    )
    const { model } = providers.languageModel('canary/mock-model')
    expect(await streamText({ model, prompt: 'hello', maxRetries: 0 }).text).toBe('fine')
    const echo = tool({
      inputSchema: jsonSchema<{ text: string }>({ type: 'object', properties: { text: { type: 'string' } } }),
    })
    const withTool = streamText({ model, prompt: 'use it', tools: { echo }, maxRetries: 0 })
    expect((await withTool.toolCalls).map((call) => call.input)).toEqual([{ text: 'hi' }])

    // Failures, including a server that echoes the key back.
    providers.update('canary', {
      preset: 'custom',
      baseUrl: echoing.url,
      apiKey: { keep: true },
      headers: { 'X-Canary': { keep: true } },
    })
    messages.push(await errorMessageOf(providers.discover('canary')))
    providers.update('canary', {
      preset: 'custom',
      baseUrl: await closedPortUrl(),
      apiKey: { keep: true },
      headers: { 'X-Canary': { keep: true } },
    })
    messages.push(await errorMessageOf(providers.discover('canary')))
    expect(messages[0]).toBe('Canary rejected the API key (HTTP 401)')
    expect(messages[1]).toMatch(
      /^Canary is not reachable at http:\/\/127\.0\.0\.1:\d+\/v1: connection refused/,
    )
    expect(echoing.requests[0]?.authorization).toBe(`Bearer ${CANARY_KEY}`)

    // Every request the mock recorded: the key only as the Bearer token, the header only in its header.
    expect(mock.requests.length).toBe(3)
    for (const request of mock.requests) {
      expectNoCanary(`body of request ${request.index}`, request.rawBody)
      expect(request.headers.authorization).toBe(`Bearer ${CANARY_KEY}`)
      expect(request.headers['x-canary']).toBe(CANARY_HEADER)
      const others = Object.entries(request.headers).filter(
        ([name]) => !['authorization', 'x-canary'].includes(name),
      )
      expectNoCanary(`other headers of request ${request.index}`, JSON.stringify(others))
    }

    // What the renderer receives: only the secret's name.
    const view = toSettingsView(profile.settings.get())
    expect(view.models.providers[0]?.apiKey).toEqual({ secret: 'provider.canary.api-key' })
    expect(view.models.providers[0]?.headers).toEqual({
      'X-Canary': { secret: 'provider.canary.header.X-Canary' },
    })
    views.push(JSON.stringify(view))
    expect(views.length).toBeGreaterThan(3)
    for (const [index, sent] of views.entries()) expectNoCanary(`settings view ${index}`, sent)

    // Nothing on disk in clear, nothing logged, no error message.
    expectNoCanary('settings.json', fs.readFileSync(profile.paths.settingsFile, 'utf8'))
    expectNoCanary('the secrets file', fs.readFileSync(profile.paths.secretsFile).toString('latin1'))
    for (const message of messages) expectNoCanary('an error message', message)
    for (const line of logged) expectNoCanary('a console line', line)
    // The values really are stored, just not in any of the places above.
    expect(profile.secrets.get('provider.canary.api-key')).toBe(CANARY_KEY)

    providers.remove('canary')
    expect(profile.secrets.list().filter((name) => name.startsWith('provider.canary.'))).toEqual([])
  })
})
