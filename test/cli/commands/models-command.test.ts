import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { startMockOpenAI, type MockOpenAI } from '../../fixtures/mock-openai'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, runMcpDesk } from '../support/cli-harness'

const API_KEY = 'sk-canary-models-key-2718'

let temp: TempHome
let home: string
let mock: MockOpenAI
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-models-')
  home = path.join(temp.dir, 'home')
  mock = await startMockOpenAI({
    models: ['mock-model', 'mock-vision'],
    // As OpenRouter describes a model: what it takes, its window and output, the parameters it accepts.
    modelMetadata: {
      'mock-vision': {
        context_length: 200_000,
        architecture: { input_modalities: ['text', 'image'] },
        top_provider: { max_completion_tokens: 8192 },
        supported_parameters: ['tools', 'temperature'],
      },
    },
  })
})
afterEach(async () => {
  await mock.close()
  await temp.cleanup()
})

async function addProvider(id: string, baseUrl: string, extra: string[] = []): Promise<void> {
  await expectExit(
    [
      '--home',
      home,
      'providers',
      'add',
      'custom',
      '--id',
      id,
      '--base-url',
      baseUrl,
      '--api-key-stdin',
      ...extra,
    ],
    0,
    { stdin: `${API_KEY}\n` },
  )
}

function configuredModelIds(providerId: string): string[] {
  const provider = openNodeProfile(home)
    .settings.get()
    .models.providers.find((candidate) => candidate.id === providerId)
  return provider?.models.map((model) => model.id) ?? []
}

describe('mcp-desk models discover', () => {
  it('lists what GET /models returns, marking configured ones; --add saves the new ones', async () => {
    await addProvider('mock', mock.url, ['--model', 'mock-model'])

    const listed = await expectExit(['--home', home, 'models', 'discover', 'mock'], 0)
    expect(listed.stdout).toMatch(/^mock \(.+\) serves 2 models:$/m)
    expect(listed.stdout).toMatch(/serves 2 models:\n {2}mock-model {3}configured\n {2}mock-vision {2}new\n/)
    expect(listed.stdout).toContain('Save the 1 new chat model with: mcp-desk models discover mock --add')
    expect(configuredModelIds('mock')).toEqual(['mock-model'])

    const json = JSON.parse(
      (await expectExit(['--home', home, 'models', 'discover', 'mock', '--json'], 0)).stdout,
    )
    expect(json).toEqual({
      provider: 'mock',
      models: [
        { id: 'mock-model', configured: true, chat: true },
        {
          id: 'mock-vision',
          configured: false,
          chat: true,
          stated: {
            contextWindow: 200_000,
            maxOutputTokens: 8192,
            image: true,
            audio: false,
            toolCalling: true,
            temperature: true,
          },
        },
      ],
      added: [],
      newDefault: null,
    })

    const added = await expectExit(['--home', home, 'models', 'discover', 'mock', '--add'], 0)
    expect(added.stdout).toMatch(/ {2}mock-vision {2}added\n/)
    expect(added.stdout).toContain(
      "Added 1 model, 1 with facts from Custom's model list; capabilities nobody states are unknown",
    )
    // mock-model, added with the provider, is the default already.
    expect(added.stdout).not.toContain('is now the default model')
    expect(configuredModelIds('mock')).toEqual(['mock-model', 'mock-vision'])

    const again = await expectExit(['--home', home, 'models', 'discover', 'mock'], 0)
    expect(again.stdout).toContain('All of them are configured.')
    expect(mock.requests.every((request) => request.path === '/v1/models')).toBe(true)
  })

  it('lists ids that are not chat models but does not add them', async () => {
    mock.setModels(['mock-chat', 'text-embedding-3-small'])
    await addProvider('mock', mock.url)
    const listed = await expectExit(['--home', home, 'models', 'discover', 'mock'], 0)
    expect(listed.stdout).toMatch(/ {2}text-embedding-3-small {2}new, not a chat model\n/)
    expect(listed.stdout).toContain('Save the 1 new chat model with')

    const added = await expectExit(['--home', home, 'models', 'discover', 'mock', '--add', '--json'], 0)
    expect(JSON.parse(added.stdout)).toMatchObject({
      models: [
        { id: 'mock-chat', configured: false, chat: true },
        { id: 'text-embedding-3-small', configured: false, chat: false },
      ],
      added: ['mock-chat'],
    })
    expect(configuredModelIds('mock')).toEqual(['mock-chat'])
    const again = await expectExit(['--home', home, 'models', 'discover', 'mock', '--add'], 0)
    expect(again.stdout).toMatch(/ {2}text-embedding-3-small {2}not added: not a chat model\n/)
    expect(again.stdout).toContain('No new chat models.')
  })

  it('shows model ids from the provider with their control characters escaped', async () => {
    mock.setModels(['evil\u001b[2Jmodel'])
    await addProvider('mock', mock.url)
    const listed = await expectExit(['--home', home, 'models', 'discover', 'mock'], 0)
    expect(listed.stdout).toContain('evil\\x1b[2Jmodel')
    expect(listed.stdout).not.toContain('\u001b')
  })

  it('exits 1 naming the provider, without the key, when the endpoint rejects the key (401)', async () => {
    const rejecting = await startRejectingServer()
    try {
      await addProvider('strict', rejecting.url)
      const run = await runMcpDesk(['--home', home, 'models', 'discover', 'strict'])
      expect(run.code).toBe(1)
      expect(run.stderr).toContain('strict')
      expect(run.stderr).toMatch(/401|key|unauthori[sz]ed/i)
      expect(run.stdout + run.stderr).not.toContain(API_KEY)
      expect(rejecting.authorizations).toContain(`Bearer ${API_KEY}`)
    } finally {
      await rejecting.close()
    }
  })

  it('exits 1 naming the provider when its endpoint is down', async () => {
    await addProvider('gone', await closedPortUrl())
    const run = await runMcpDesk(['--home', home, 'models', 'discover', 'gone'])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('gone')
    expect(run.stderr).not.toContain(API_KEY)
  })

  it('names the configured ids for an unknown provider', async () => {
    const none = await runMcpDesk(['--home', home, 'models', 'discover', 'nope'])
    expect(none.code).toBe(1)
    expect(none.stderr).toContain('no provider "nope" (no providers are configured')
  })
})

describe('mcp-desk models', () => {
  it('lists every configured model with its capabilities and marks the default', async () => {
    await addProvider('mock', mock.url)
    await expectExit(['--home', home, 'models', 'discover', 'mock', '--add'], 0)
    await expectExit(['--home', home, 'models', 'default', 'mock/mock-vision'], 0)

    const shown = await expectExit(['--home', home, 'models'], 0)
    const lines = shown.stdout.split('\n')
    // The provider's own name labels each model; nobody described mock-model, the provider described mock-vision.
    expect(shown.stdout).toContain(
      [
        '  mock/mock-model  Custom · mock-model',
        '    input: text  images: unknown  audio: unknown',
        '    tools: unknown  temperature: unknown',
        '    context: unknown  max output: unknown',
        '    scores: cost unknown  speed unknown  intelligence unknown',
        '    price: not set',
        '* mock/mock-vision  Custom · mock-vision',
        '    input: text  images: yes [provider]  audio: no [provider]',
        '    tools: yes [provider]  temperature: yes [provider]',
        '    context: 200,000 tokens [provider]  max output: 8,192 tokens [provider]',
        // The provider gave no scores; the family table has some for "vision" models.
        '    scores: cost 0.15 [family]  speed 0.60 [family]  intelligence 0.50 [family]',
      ].join('\n'),
    )
    expect(shown.stdout).toContain('2 models; * marks the default')
    expect(shown.stdout).toContain('Sources: [provider] stated by the provider, [family] model-family table')
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80)

    const json = JSON.parse((await expectExit(['--home', home, 'models', '--json'], 0)).stdout)
    expect(json.defaultModel).toBe('mock/mock-vision')
    expect(json.models).toEqual([
      expect.objectContaining({
        ref: 'mock/mock-model',
        providerId: 'mock',
        modelId: 'mock-model',
        isDefault: false,
      }),
      expect.objectContaining({ ref: 'mock/mock-vision', isDefault: true, pricing: null }),
    ])
    // No made-up numbers: what nobody stated is absent from the capabilities and unknown in the facts.
    expect(json.models[0].capabilities).toEqual(
      expect.objectContaining({ inputModalities: ['text'], scores: {}, sources: {} }),
    )
    expect(json.models[0].capabilities).not.toHaveProperty('contextWindow')
    expect(json.models[0].facts).toContainEqual({ fact: 'contextWindow', known: false })
    expect(json.models[1].label).toBe('Custom · mock-vision')
    expect(json.models[1].facts).toContainEqual({
      fact: 'contextWindow',
      known: true,
      value: 200_000,
      source: 'provider',
    })
  })

  it('says how to get models when there are none', async () => {
    expect((await expectExit(['--home', home, 'models'], 0)).stdout).toContain(
      'No models configured. Add a provider with: mcp-desk providers add <preset>',
    )
    await addProvider('mock', mock.url)
    expect((await expectExit(['--home', home, 'models'], 0)).stdout).toContain(
      'mcp-desk models discover <provider> --add',
    )
    expect(JSON.parse((await expectExit(['--home', home, 'models', '--json'], 0)).stdout)).toEqual({
      defaultModel: null,
      models: [],
    })
  })
})

describe('the first model added becomes the default', () => {
  it('says so when discovery adds it, and only for the first', async () => {
    await addProvider('mock', mock.url)
    const added = await expectExit(['--home', home, 'models', 'discover', 'mock', '--add'], 0)
    expect(added.stdout).toContain('mock/mock-model is now the default model (it is the first one)')
    expect(openNodeProfile(home).settings.get().models.defaultModel).toBe('mock/mock-model')
  })

  it('says so when providers add --model adds it', async () => {
    const run = await runMcpDesk([
      '--home',
      home,
      'providers',
      'add',
      'custom',
      '--id',
      'mock',
      '--base-url',
      mock.url,
      '--model',
      'mock-vision',
    ])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('mock/mock-vision is now the default model (it is the first one)')
    expect(openNodeProfile(home).settings.get().models.defaultModel).toBe('mock/mock-vision')
  })
})

describe('mcp-desk models default', () => {
  it('sets the default model, and rejects an unknown one with exit 1 naming it', async () => {
    await addProvider('mock', mock.url, ['--model', 'mock-model'])
    const set = await expectExit(['--home', home, 'models', 'default', 'mock/mock-model'], 0)
    expect(set.stdout).toBe('Default model: mock/mock-model\n')
    expect(openNodeProfile(home).settings.get().models.defaultModel).toBe('mock/mock-model')

    const unknown = await runMcpDesk(['--home', home, 'models', 'default', 'mock/absent'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('no model "mock/absent" (configured: mock/mock-model)')
    const noProvider = await runMcpDesk(['--home', home, 'models', 'default', 'other/mock-model'])
    expect(noProvider.code).toBe(1)
    expect(noProvider.stderr).toContain('no model "other/mock-model"')
    expect(openNodeProfile(home).settings.get().models.defaultModel).toBe('mock/mock-model')
  })

  it('exits 2 for something that is not provider/model', async () => {
    const run = await runMcpDesk(['--home', home, 'models', 'default', 'just-a-model'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('invalid model "just-a-model": expected <provider>/<model>')
  })
})

interface RejectingServer {
  url: string
  /** The Authorization header of every request, to prove the key was sent and rejected. */
  authorizations: string[]
  close(): Promise<void>
}

/** Answers every request 401 the way OpenAI does, quoting the key it was given (as some providers do). */
async function startRejectingServer(): Promise<RejectingServer> {
  const authorizations: string[] = []
  const server: Server = createServer((req, res) => {
    const authorization = req.headers.authorization ?? ''
    authorizations.push(authorization)
    res.writeHead(401, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        error: {
          message: `Incorrect API key provided: ${authorization.replace(/^Bearer /, '')}`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    authorizations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A base URL on a port that was free a moment ago and is closed now: connecting is refused. */
async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/v1`
}
