import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProviderView } from '../../../src/shared/settings/settings-view'
import { FakeDeskApi } from '../support/fake-desk-api'
import { modelFixture, providerFixture } from '../support/fake-providers'
import { renderApp } from '../support/render-app'

afterEach(cleanup)

const canary = 'sk-canary-7f3a9c1e'

function apiWith(providers: ProviderView[], defaultModel?: string): FakeDeskApi {
  return new FakeDeskApi({
    settings: { models: { providers, recentModels: [], ...(defaultModel ? { defaultModel } : {}) } },
  })
}

async function openModels(api = new FakeDeskApi()) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Models' }))
  const panel = screen.getByTestId('models-panel')
  // The add button waits for the presets, so the form never starts from a list that is about to change.
  await waitFor(() =>
    expect(within(panel).getByRole<HTMLButtonElement>('button', { name: 'Add provider' }).disabled).toBe(
      false,
    ),
  )
  return { ...rendered, panel }
}

async function openProviderForm(api: FakeDeskApi, button = 'Add provider') {
  const rendered = await openModels(api)
  fireEvent.click(within(rendered.panel).getByRole('button', { name: button }))
  return { ...rendered, form: screen.getByTestId('provider-form') }
}

function type(scope: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } })
}

function card(id: string): HTMLElement {
  return screen.getByTestId(`provider-card-${id}`)
}

function errorFor(input: HTMLElement): string | undefined {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? []
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains('field-error'))
  return error?.textContent ?? undefined
}

describe('models panel: providers', () => {
  it('says how to add a provider when there is none, and the title bar says no model is configured', async () => {
    const { panel } = await openModels()
    expect(panel.textContent).toContain('No model providers configured')
    expect(panel.textContent).toContain('mcp-desk providers add')
    expect(screen.getByTestId('current-model').textContent).toBe('No model configured')
    expect(screen.getByRole('button', { name: 'Models' }).getAttribute('aria-expanded')).toBe('true')
  })

  it('adds a provider from a preset: key sent as { value }, never shown again; the card says "key stored"', async () => {
    const api = new FakeDeskApi()
    const { form } = await openProviderForm(api)
    expect(document.activeElement?.textContent).toBe('Add a provider')
    const preset = within(form).getByLabelText<HTMLSelectElement>('Preset')
    expect(preset.value).toBe('openai')
    expect(within(form).getByTestId('preset-hint').textContent).toBe(
      'Create a key at platform.openai.com/api-keys.',
    )
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('OpenAI')
    expect(within(form).getByLabelText<HTMLInputElement>('Base URL (optional)').value).toBe(
      'https://api.openai.com/v1',
    )
    const key = within(form).getByLabelText<HTMLInputElement>('API key')
    expect(key.type).toBe('password')
    type(form, 'API key', canary)
    fireEvent.click(within(form).getByRole('button', { name: 'Add header' }))
    type(form, 'header name', 'OpenAI-Organization')
    type(form, 'Value of OpenAI-Organization', 'org-secret-42')
    expect(
      within(form).getByLabelText('Chunk timeout (seconds)').getAttribute('aria-describedby'),
    ).toBeTruthy()
    expect(form.textContent).toContain('0 disables stall detection')
    type(form, 'Chunk timeout (seconds)', '120')

    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('provider-form')).toBeNull())
    expect(api.callsTo('providers:add')).toEqual([
      {
        provider: {
          preset: 'openai',
          name: 'OpenAI',
          baseUrl: 'https://api.openai.com/v1',
          apiKey: { value: canary },
          headers: { 'OpenAI-Organization': { value: 'org-secret-42' } },
          chunkTimeoutMs: 120_000,
        },
      },
    ])
    const added = card('openai')
    expect(document.activeElement?.id).toBe('provider-openai-name')
    expect(within(added).getByTestId('key-status').textContent).toBe('key stored')
    expect(added.textContent).toContain('https://api.openai.com/v1')
    expect(added.textContent).toContain('stalls after 120 s without output')
    expect(within(added).getByText('••••• stored')).toBeTruthy()
    expect(document.body.innerHTML).not.toContain(canary)
    expect(document.body.innerHTML).not.toContain('org-secret-42')
    // A provider exists now: the composer no longer claims there is none, and asks for a conversation.
    expect(screen.getByTestId('composer').textContent).not.toMatch(/needs a model provider/)
    expect(screen.getByTestId('composer').textContent).toContain('Open a conversation, or start a new one')
  })

  it('follows the chosen preset: a local one needs no key, and its hint says what must be running', async () => {
    const api = new FakeDeskApi()
    const { form } = await openProviderForm(api)
    fireEvent.change(within(form).getByLabelText('Preset'), { target: { value: 'ollama' } })
    expect(within(form).getByTestId('preset-hint').textContent).toContain('Start Ollama first')
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('Ollama')
    expect(within(form).getByLabelText<HTMLInputElement>('Base URL (optional)').value).toBe(
      'http://127.0.0.1:11434/v1',
    )
    expect(within(form).getByLabelText('API key (optional)')).toBeTruthy()
    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('provider-form')).toBeNull())
    expect(api.callsTo('providers:add')).toEqual([
      {
        provider: {
          preset: 'ollama',
          name: 'Ollama',
          baseUrl: 'http://127.0.0.1:11434/v1',
          headers: {},
          chunkTimeoutMs: 480_000,
        },
      },
    ])
    expect(within(card('ollama')).getByTestId('key-status').textContent).toBe('no key')
  })

  it('shows problems beside their fields, focuses the first, and sends nothing', async () => {
    const api = new FakeDeskApi()
    const { form } = await openProviderForm(api)
    type(form, 'Chunk timeout (seconds)', 'soon')
    fireEvent.submit(form)
    const key = within(form).getByLabelText('API key')
    expect(key.getAttribute('aria-invalid')).toBe('true')
    expect(errorFor(key)).toBe('OpenAI needs an API key')
    expect(document.activeElement).toBe(key)
    expect(errorFor(within(form).getByLabelText('Chunk timeout (seconds)'))).toBe(
      'enter a number of seconds, 0 or more (0 turns stall detection off)',
    )
    // Typing clears that field's problem at once; the other stays until the next Save.
    type(form, 'API key', canary)
    expect(key.getAttribute('aria-invalid')).toBe('false')
    expect(form.textContent).toContain('enter a number of seconds')

    fireEvent.change(within(form).getByLabelText('Preset'), { target: { value: 'custom' } })
    type(form, 'Chunk timeout (seconds)', '0')
    fireEvent.submit(form)
    expect(errorFor(within(form).getByLabelText('Base URL'))).toBe(
      'a custom provider needs its base URL, e.g. http://127.0.0.1:8000/v1',
    )
    type(form, 'Base URL', 'ftp://models.example')
    fireEvent.submit(form)
    expect(errorFor(within(form).getByLabelText('Base URL'))).toBe('baseUrl must be an http(s) URL')
    expect(api.callsTo('providers:add')).toEqual([])
  })

  it('shows what the host refused inside the form, once', async () => {
    const api = new FakeDeskApi()
    api.fail('providers:add', { code: 'conflict', message: 'settings.json changed on disk; try again' })
    const { form } = await openProviderForm(api)
    type(form, 'API key', canary)
    fireEvent.submit(form)
    const problem = await within(form).findByTestId('provider-form-host-problem')
    expect(problem.textContent).toBe('Not added: settings.json changed on disk; try again')
    expect(screen.queryByTestId('errors')).toBeNull()
  })

  it('edits: an empty key field keeps the key ({ keep: true }), "Remove key" sends null', async () => {
    const api = apiWith([
      providerFixture({
        id: 'openai',
        name: 'OpenAI',
        apiKey: { secret: 'provider.openai.api-key' },
        headers: { 'OpenAI-Organization': { secret: 'provider.openai.header.OpenAI-Organization' } },
      }),
      providerFixture({
        id: 'ollama',
        name: 'Ollama',
        preset: 'ollama',
        baseUrl: 'http://127.0.0.1:11434/v1',
        apiKey: { secret: 'provider.ollama.api-key' },
      }),
    ])
    const { form } = await openProviderForm(api, 'Edit OpenAI')
    const key = within(form).getByLabelText<HTMLInputElement>('API key')
    expect(key.value).toBe('')
    expect(key.placeholder).toBe('keep stored key')
    expect(errorFor(key)).toBeUndefined()
    expect(form.textContent).toContain('A key is stored; leave this empty to keep it')
    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('provider-form')).toBeNull())
    expect(api.callsTo('providers:update')).toEqual([
      {
        id: 'openai',
        provider: {
          preset: 'openai',
          name: 'OpenAI',
          baseUrl: 'https://api.openai.com/v1',
          apiKey: { keep: true },
          headers: { 'OpenAI-Organization': { keep: true } },
          chunkTimeoutMs: 480_000,
        },
      },
    ])
    expect(document.activeElement?.id).toBe('provider-openai-name')

    fireEvent.click(within(card('ollama')).getByRole('button', { name: 'Edit Ollama' }))
    const local = screen.getByTestId('provider-form')
    const remove = within(local).getByRole('button', { name: 'Remove key' })
    fireEvent.click(remove)
    expect(remove.textContent).toBe('Keep the stored key')
    expect(local.textContent).toContain('The stored key will be removed when you save.')
    fireEvent.submit(local)
    await waitFor(() => expect(screen.queryByTestId('provider-form')).toBeNull())
    expect(api.callsTo('providers:update')[1]).toMatchObject({ id: 'ollama', provider: { apiKey: null } })
    expect(within(card('ollama')).getByTestId('key-status').textContent).toBe('no key')
  })

  it('Escape and Cancel leave the form without saving and put focus back', async () => {
    const api = apiWith([providerFixture({ id: 'openai', name: 'OpenAI' })])
    const { form } = await openProviderForm(api, 'Edit OpenAI')
    fireEvent.keyDown(within(form).getByLabelText('Name'), { key: 'Escape' })
    expect(screen.queryByTestId('provider-form')).toBeNull()
    expect(screen.getByTestId('drawer')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit OpenAI' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }))
    fireEvent.click(within(screen.getByTestId('provider-form')).getByRole('button', { name: 'Cancel' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add provider' }))
    expect(api.callsTo('providers:add')).toEqual([])
    expect(api.callsTo('providers:update')).toEqual([])
  })

  it('removes a provider after an in-place confirmation, Cancel focused first', async () => {
    const api = apiWith([providerFixture({ id: 'openai', name: 'OpenAI', models: [modelFixture('gpt-4o')] })])
    await openModels(api)
    const removeButton = within(card('openai')).getByRole('button', { name: 'Remove OpenAI' })
    fireEvent.click(removeButton)
    const question = within(card('openai')).getByRole('group', { name: 'Confirm removing provider OpenAI' })
    expect(question.textContent).toContain('Remove “OpenAI”, its model and its stored key?')
    expect(document.activeElement?.textContent).toBe('Cancel')
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }))
    expect(document.activeElement).toBe(within(card('openai')).getByRole('button', { name: 'Remove OpenAI' }))
    fireEvent.click(within(card('openai')).getByRole('button', { name: 'Remove OpenAI' }))
    fireEvent.click(within(card('openai')).getByRole('button', { name: 'Yes, remove provider OpenAI' }))
    await waitFor(() => expect(screen.queryByTestId('provider-card-openai')).toBeNull())
    expect(api.callsTo('providers:remove')).toEqual([{ id: 'openai' }])
  })
})
