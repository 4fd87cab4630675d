// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  buildProviderInput,
  choosePreset,
  emptyProviderForm,
  providerFormFromView,
  type ProviderFormState,
} from '../../../src/renderer/src/models/provider-form-model'
import { newRow } from '../../../src/renderer/src/ui/value-rows-model'
import { presetsFixture, providerFixture } from '../support/fake-providers'

const [openai, ollama, custom] = presetsFixture as [
  (typeof presetsFixture)[0],
  (typeof presetsFixture)[0],
  (typeof presetsFixture)[0],
]

function errorsOf(form: ProviderFormState, editing = false, preset = openai): Record<string, string> {
  const built = buildProviderInput(form, { editing, preset })
  if (built.ok) throw new Error('expected problems')
  return built.errors
}

describe('provider form model', () => {
  it('starts from the preset: its name, its URL, the default 480 s chunk timeout', () => {
    expect(emptyProviderForm(openai)).toMatchObject({
      preset: 'openai',
      name: 'OpenAI',
      baseUrl: 'https://api.openai.com/v1',
      chunkTimeoutSeconds: '480',
      apiKey: '',
      keyStored: false,
    })
  })

  it('builds an add input with the key as { value } (trimmed) and the timeout in milliseconds', () => {
    const form = { ...emptyProviderForm(openai), apiKey: '  sk-canary-123\n', chunkTimeoutSeconds: '90.5' }
    expect(buildProviderInput(form, { editing: false, preset: openai })).toEqual({
      ok: true,
      input: {
        preset: 'openai',
        name: 'OpenAI',
        baseUrl: 'https://api.openai.com/v1',
        apiKey: { value: 'sk-canary-123' },
        headers: {},
        chunkTimeoutMs: 90_500,
      },
    })
  })

  it('leaves name and URL to the preset when emptied, sends no key for a local server, and 0 disables stalls', () => {
    const form = { ...emptyProviderForm(ollama), name: ' ', baseUrl: '', chunkTimeoutSeconds: '0' }
    expect(buildProviderInput(form, { editing: false, preset: ollama })).toEqual({
      ok: true,
      input: { preset: 'ollama', headers: {}, chunkTimeoutMs: 0 },
    })
  })

  it('names each problem beside its field', () => {
    expect(errorsOf(emptyProviderForm(openai))).toEqual({ apiKey: 'OpenAI needs an API key' })
    expect(errorsOf({ ...emptyProviderForm(custom) }, false, custom)).toEqual({
      baseUrl: 'a custom provider needs its base URL, e.g. http://127.0.0.1:8000/v1',
    })
    const bad = {
      ...emptyProviderForm(ollama),
      baseUrl: 'ftp://models.example',
      chunkTimeoutSeconds: 'soon',
      headers: [{ ...newRow(), name: 'Bad Header', value: 'x' }],
    }
    const errors = errorsOf(bad, false, ollama)
    expect(errors.baseUrl).toBe('baseUrl must be an http(s) URL')
    expect(errors.chunkTimeout).toBe('enter a number of seconds, 0 or more (0 turns stall detection off)')
    expect(Object.entries(errors).find(([key]) => key.endsWith('.name'))?.[1]).toBe(
      'not a valid HTTP header name',
    )
    expect(errorsOf({ ...emptyProviderForm(ollama), chunkTimeoutSeconds: '90000' }, false, ollama)).toEqual({
      chunkTimeout: 'at most 86400 seconds (a day)',
    })
  })

  it('editing keeps a stored key when the field is empty, replaces it when typed, and sends null on remove', () => {
    const view = providerFixture({
      id: 'openai',
      name: 'Work OpenAI',
      apiKey: { secret: 'provider.openai.api-key' },
      headers: { 'OpenAI-Organization': { secret: 'provider.openai.header.OpenAI-Organization' } },
      chunkTimeoutMs: 120_000,
    })
    const form = providerFormFromView(view)
    expect(form).toMatchObject({
      name: 'Work OpenAI',
      apiKey: '',
      keyStored: true,
      chunkTimeoutSeconds: '120',
    })
    const input = (f: ProviderFormState) => {
      const built = buildProviderInput(f, { editing: true, preset: openai })
      if (!built.ok) throw new Error(JSON.stringify(built.errors))
      return built.input
    }
    expect(input(form)).toEqual({
      preset: 'openai',
      name: 'Work OpenAI',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: { keep: true },
      headers: { 'OpenAI-Organization': { keep: true } },
      chunkTimeoutMs: 120_000,
    })
    expect(input({ ...form, apiKey: 'sk-new' }).apiKey).toEqual({ value: 'sk-new' })
    // A key is required for OpenAI, so removing it without a new one is refused…
    expect(errorsOf({ ...form, removeKey: true }, true)).toEqual({
      apiKey: 'OpenAI needs an API key: enter a new one, or keep the stored key',
    })
    // …while a local server's key can go.
    const local = { ...providerFormFromView({ ...view, preset: 'ollama' }), removeKey: true }
    expect(buildProviderInput(local, { editing: true, preset: ollama })).toMatchObject({
      ok: true,
      input: { apiKey: null },
    })
    // With no key stored, an empty field sends nothing (no key).
    const keyless = providerFormFromView(providerFixture({ id: 'ollama', preset: 'ollama' }))
    const built = buildProviderInput(keyless, { editing: true, preset: ollama })
    expect(built.ok && 'apiKey' in built.input).toBe(false)
  })

  it('keeps a saved base URL left empty (even one with hidden parts) while the preset is unchanged', () => {
    const form = providerFormFromView(
      providerFixture({
        id: 'proxy',
        preset: 'custom',
        baseUrl: 'https://proxy.example/v1?key=***',
        chunkTimeoutMs: -1,
      }),
    )
    expect(form).toMatchObject({
      baseUrl: '',
      hiddenUrl: 'https://proxy.example/v1?key=***',
      savedPreset: 'custom',
      chunkTimeoutSeconds: '0',
    })
    const built = buildProviderInput(form, { editing: true, preset: custom })
    expect(built).toEqual({
      ok: true,
      input: { preset: 'custom', name: 'proxy', headers: {}, chunkTimeoutMs: 0 },
    })
    // Switched away and back to custom from another preset, a URL is needed again.
    const switched = providerFormFromView(providerFixture({ id: 'o', preset: 'ollama', baseUrl: '' }))
    expect(errorsOf({ ...switched, preset: 'custom' }, true, custom)).toEqual({
      baseUrl: 'a custom provider needs its base URL, e.g. http://127.0.0.1:8000/v1',
    })
  })

  it('switching preset follows its name and URL only while the user has not typed their own', () => {
    const fresh = choosePreset(emptyProviderForm(openai), ollama, openai)
    expect(fresh).toMatchObject({ preset: 'ollama', name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1' })
    const typed = { ...emptyProviderForm(openai), name: 'Team gateway', baseUrl: 'https://gw.example/v1' }
    expect(choosePreset(typed, custom, openai)).toMatchObject({
      preset: 'custom',
      name: 'Team gateway',
      baseUrl: 'https://gw.example/v1',
    })
    expect(choosePreset(emptyProviderForm(openai), custom, openai)).toMatchObject({
      name: 'Custom',
      baseUrl: '',
    })
  })
})
