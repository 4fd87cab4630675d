// The user's embedding model as the layer's source (mock /v1/embeddings over real HTTP), and its failure
// falling back to the bundled model (a scripted worker here) with a note the window and CLI show.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ProviderService } from '../../../../../src/main/core/models/provider-service'
import { createSemanticLayer } from '../../../../../src/main/core/tools/semantic/create-semantic-layer'
import type { SemanticToolLayer } from '../../../../../src/main/core/tools/semantic/semantic-layer'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'
import { startMockOpenAI, type MockOpenAI } from '../../../../fixtures/mock-openai'
import { FAKE_WORKER, statusWhere, tempDir, tool } from './semantic-support'

const KEY = 'sk-embed-layer-0123456789abcdef'
let mock: MockOpenAI
let settings: SettingsService
let providers: ProviderService
let layer: SemanticToolLayer | undefined

beforeEach(async () => {
  mock = await startMockOpenAI()
  settings = new SettingsService(new MemoryJsonDocument())
  providers = new ProviderService(settings, new MemorySecretStore())
  providers.add({ preset: 'ollama', baseUrl: mock.url, apiKey: { value: KEY } })
  settings.update((draft) => {
    draft.tools.semantic.source = { kind: 'provider', providerId: 'ollama', model: 'nomic-embed-text' }
  })
})
afterEach(async () => {
  layer?.dispose()
  await mock.close()
})

const TOOLS = [
  tool('send_email', 'Send an email message'),
  tool('read_file', 'Read a file from the disk'),
  tool('list_events', 'List calendar events'),
]

function makeLayer(): SemanticToolLayer {
  layer = createSemanticLayer({
    settings,
    providers,
    cacheDir: tempDir(),
    log: () => {},
    workerPath: FAKE_WORKER,
  })
  return layer
}

describe("the semantic layer over the user's embedding model", () => {
  it('embeds the tools through POST /v1/embeddings and fuses with those vectors', async () => {
    const semantic = makeLayer()
    semantic.setServerTools('srv', TOOLS)
    const status = await statusWhere(semantic, (s) => s.state === 'ready')
    expect(status).toMatchObject({ sourceLabel: 'Ollama: nomic-embed-text', ready: 3, total: 3 })
    expect(status.note).toBeUndefined()
    const cosines = await semantic.cosines('email message')
    expect(cosines.kind).toBe('vectors')
    const requests = mock.embeddings.requests
    // The warm-up query and one background batch with all three tools, each with the user's key.
    expect(requests.some((r) => (r.body as { input: string[] }).input.length === 3)).toBe(true)
    expect(requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true)
  })

  it('falls back to the bundled model with a visible note when the endpoint fails', async () => {
    mock.embeddings.enqueue({ kind: 'http_error', status: 500 })
    const semantic = makeLayer()
    semantic.setServerTools('srv', TOOLS)
    const status = await statusWhere(
      semantic,
      (s) => s.state === 'ready' && s.sourceLabel.startsWith('Built-in'),
    )
    expect(status.requested).toEqual({ kind: 'provider', providerId: 'ollama', model: 'nomic-embed-text' })
    expect(status.note).toMatch(
      /^Ollama: nomic-embed-text answered HTTP 500.*\. Using the built-in model instead\.$/,
    )
    expect(status.note).not.toContain(KEY)
    expect((await semantic.cosines('email')).kind).toBe('vectors')
  })

  it('falls back when the provider in the settings does not exist', async () => {
    settings.update((draft) => {
      draft.tools.semantic.source = { kind: 'provider', providerId: 'gone', model: 'm' }
    })
    const semantic = makeLayer()
    semantic.setServerTools('srv', TOOLS)
    const status = await statusWhere(semantic, (s) => s.state === 'ready')
    expect(status.sourceLabel).toMatch(/^Built-in/)
    expect(status.note).toMatch(/no provider with id "gone"/)
  })
})
