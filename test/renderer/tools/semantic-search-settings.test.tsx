import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { RequestChannel, RequestOf, ResponseOf } from '../../../src/shared/ipc/contract'
import type { IpcResult } from '../../../src/shared/ipc/ipc-error'
import type { SemanticSearchSettings } from '../../../src/shared/settings/settings-schema'
import type { SettingsView } from '../../../src/shared/settings/settings-view'
import type { SemanticStatus } from '../../../src/shared/tools/semantic-status'
import { FakeDeskApi } from '../support/fake-desk-api'
import { providerFixture } from '../support/fake-providers'
import { renderApp } from '../support/render-app'

afterEach(cleanup)

const bundled: SemanticSearchSettings = { enabled: true, source: { kind: 'bundled' } }

function status(overrides: Partial<SemanticStatus> = {}): SemanticStatus {
  return {
    state: 'ready',
    requested: { kind: 'bundled' },
    sourceLabel: 'Built-in model (USE-lite)',
    ready: 879,
    total: 879,
    ...overrides,
  }
}

/** The fake host, also answering `tools:semantic-status` (held, when asked, until the test releases it). */
class SemanticDeskApi extends FakeDeskApi {
  status = status()
  #gate: Promise<void> | undefined

  holdStatus(): () => void {
    let release = () => {}
    this.#gate = new Promise((resolve) => (release = resolve))
    return () => {
      this.#gate = undefined
      release()
    }
  }

  override async invoke<C extends RequestChannel>(
    channel: C,
    request: RequestOf<C>,
  ): Promise<IpcResult<ResponseOf<C>>> {
    if (channel !== 'tools:semantic-status') return super.invoke(channel, request)
    this.calls.push({ channel, request })
    // The status as it was when asked, also for an answer that is held.
    const value = this.status as ResponseOf<C>
    await this.#gate
    return { ok: true, value }
  }
}

function apiWith(semantic: SemanticSearchSettings = bundled, settings: Partial<SettingsView> = {}) {
  return new SemanticDeskApi({
    settings: {
      tools: { search: 'auto', semantic },
      models: {
        providers: [
          providerFixture({ id: 'openai', name: 'OpenAI' }),
          providerFixture({
            id: 'ollama',
            name: 'Ollama',
            preset: 'ollama',
            baseUrl: 'http://localhost:11434/v1',
          }),
        ],
        recentModels: [],
      },
      ...settings,
    },
  })
}

async function openSemanticSettings(api: SemanticDeskApi = apiWith()) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
  const section = screen.getByTestId('semantic-search')
  return {
    ...rendered,
    section,
    toggle: within(section).getByRole<HTMLInputElement>('checkbox', { name: 'Search by meaning' }),
    statusLine: within(section).getByTestId('semantic-status'),
  }
}

function source(section: HTMLElement, label: string): HTMLInputElement {
  return within(section).getByRole<HTMLInputElement>('radio', { name: label })
}

describe('search by meaning (tool search settings)', () => {
  it('explains the switch in one line and sits in the Tool search group', async () => {
    const { toggle, section } = await openSemanticSettings()
    expect(screen.getByTestId('tool-search-settings').contains(section)).toBe(true)
    expect(toggle.checked).toBe(true)
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Finds tools by what they do, not only by the words they use\. It runs a small model on this machine; turning it off frees that model’s memory\.$/,
    )
    expect(screen.getByRole('group', { name: 'Search by meaning' })).toBe(section)
  })

  it('turning it off and on sends the whole semantic block, read from what is stored', async () => {
    const stored: SemanticSearchSettings = {
      enabled: true,
      source: { kind: 'provider', providerId: 'ollama', model: 'nomic-embed-text' },
    }
    const { api, store, toggle } = await openSemanticSettings(apiWith(stored))

    api.hold('tools:update-settings')
    fireEvent.click(toggle)
    // Unchecked at once, while the host has not answered yet.
    expect(toggle.checked).toBe(false)
    act(() => api.release('tools:update-settings'))
    await waitFor(() => expect(store.getState().settings?.tools.semantic.enabled).toBe(false))
    expect(toggle.checked).toBe(false)

    fireEvent.click(toggle)
    await waitFor(() => expect(toggle.checked).toBe(true))
    expect(api.callsTo('tools:update-settings')).toEqual([
      { semantic: { ...stored, enabled: false } },
      { semantic: { ...stored, enabled: true } },
    ])
    expect(screen.queryByTestId('errors')).toBeNull()
  })

  it('saves a provider’s embedding model as {kind: provider, providerId, model}', async () => {
    const { api, store, section } = await openSemanticSettings()
    expect(source(section, 'Built-in model (runs offline)').checked).toBe(true)
    expect(within(section).queryByRole('form')).toBeNull()

    fireEvent.click(source(section, 'An embedding model of one of my providers'))
    // Picking the option alone saves nothing: the model id is still missing.
    expect(api.callsTo('tools:update-settings')).toEqual([])
    const form = within(section).getByRole('form', { name: 'Embedding model of a provider' })
    const provider = within(form).getByLabelText<HTMLSelectElement>('Provider')
    expect([...provider.options].map((option) => option.textContent)).toEqual([
      'OpenAI (api.openai.com)',
      'Ollama (localhost:11434)',
    ])

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByRole('alert').textContent).toBe(
      'Enter the id of an embedding model of this provider.',
    )
    expect(api.callsTo('tools:update-settings')).toEqual([])

    fireEvent.change(provider, { target: { value: 'ollama' } })
    fireEvent.change(within(form).getByLabelText('Model id'), { target: { value: ' nomic-embed-text ' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(within(section).getByText('Saved.')).toBeTruthy())
    expect(api.callsTo('tools:update-settings')).toEqual([
      {
        semantic: {
          enabled: true,
          source: { kind: 'provider', providerId: 'ollama', model: 'nomic-embed-text' },
        },
      },
    ])
    expect(store.getState().settings?.tools.semantic.source).toEqual({
      kind: 'provider',
      providerId: 'ollama',
      model: 'nomic-embed-text',
    })
    // The saved choice shows as stored.
    expect(within(section).getByLabelText<HTMLSelectElement>('Provider').value).toBe('ollama')
    expect(within(section).getByLabelText<HTMLInputElement>('Model id').value).toBe('nomic-embed-text')
  })

  it('picking the built-in model again saves it at once, keeping the switch as stored', async () => {
    const stored: SemanticSearchSettings = {
      enabled: false,
      source: { kind: 'provider', providerId: 'openai', model: 'text-embedding-3-small' },
    }
    const { api, section } = await openSemanticSettings(apiWith(stored))
    fireEvent.click(source(section, 'Built-in model (runs offline)'))
    await waitFor(() =>
      expect(api.callsTo('tools:update-settings')).toEqual([
        { semantic: { enabled: false, source: { kind: 'bundled' } } },
      ]),
    )
    await waitFor(() => expect(within(section).queryByRole('form')).toBeNull())
    expect(source(section, 'Built-in model (runs offline)').checked).toBe(true)
  })

  it('shows a failed save in the error list and goes back to the stored values', async () => {
    const api = apiWith()
    api.fail('tools:update-settings', { code: 'internal', message: 'settings file is read-only' })
    const { toggle, section } = await openSemanticSettings(api)
    fireEvent.click(toggle)
    await waitFor(() =>
      expect(screen.getByTestId('errors').textContent).toContain(
        'Could not save the tool search setting: settings file is read-only',
      ),
    )
    expect(toggle.checked).toBe(true)

    fireEvent.click(source(section, 'An embedding model of one of my providers'))
    const form = within(section).getByRole('form', { name: 'Embedding model of a provider' })
    fireEvent.change(within(form).getByLabelText('Model id'), { target: { value: 'nomic-embed-text' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByTestId('errors').querySelectorAll('li')).toHaveLength(2))
    expect(within(section).queryByText('Saved.')).toBeNull()
  })

  it('is disabled until the settings have loaded', async () => {
    const api = apiWith()
    api.fail('settings:get', { code: 'internal', message: 'no settings' })
    const { toggle, section } = await openSemanticSettings(api)
    // Disabled through their fieldset, which the `disabled` property does not reflect.
    expect(toggle.matches(':disabled')).toBe(true)
    expect(source(section, 'Built-in model (runs offline)').matches(':disabled')).toBe(true)
  })

  it('offers a provider’s model only once there is a provider', async () => {
    const { section } = await openSemanticSettings(
      apiWith(bundled, { models: { providers: [], recentModels: [] } }),
    )
    const option = source(section, 'An embedding model of one of my providers')
    expect(option.disabled).toBe(true)
    expect(document.getElementById(option.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Add a provider under Models first.',
    )
  })

  it('asks for the status when shown and follows the event through every state', async () => {
    const api = apiWith()
    api.status = status({ state: 'starting', ready: 0, total: 0 })
    const { statusLine, section } = await openSemanticSettings(api)
    expect(api.callsTo('tools:semantic-status')).toEqual([{}])
    expect(statusLine.getAttribute('role')).toBe('status')
    expect(statusLine.getAttribute('aria-live')).toBe('polite')
    await waitFor(() =>
      expect(statusLine.textContent).toBe('Loading the model… Model in use: Built-in model (USE-lite)'),
    )

    const text = (next: SemanticStatus) => {
      act(() => api.emit('tools:semantic-status', next))
      return within(statusLine).getByText(
        (_, element) => element?.classList.contains('semantic-status-text') ?? false,
      ).textContent
    }
    expect(text(status({ state: 'embedding', ready: 412, total: 879 }))).toBe('Embedding tools: 412 of 879')
    // Progress is shown as it comes and announced once it settles.
    expect(statusLine.getAttribute('aria-busy')).toBe('true')
    expect(text(status({ state: 'ready', ready: 879, total: 879 }))).toBe('Ready: 879 tools')
    expect(statusLine.getAttribute('aria-busy')).toBe('false')
    expect(text(status({ state: 'ready', ready: 1, total: 1 }))).toBe('Ready: 1 tool')
    expect(text(status({ state: 'off', sourceLabel: 'none', ready: 0, total: 0 }))).toBe(
      'Off: search matches words only',
    )
    // No source is named while nothing makes vectors.
    expect(statusLine.textContent).toBe('Off: search matches words only')
    expect(within(section).queryByTestId('semantic-status-note')).toBeNull()

    const reason =
      'Search by meaning is unavailable: the model could not be loaded. Tools are found by their words.'
    expect(text(status({ state: 'failed', ready: 0, total: 879, note: reason }))).toBe(
      'Unavailable: search matches words only',
    )
    const callout = within(section).getByTestId('semantic-status-note')
    expect(callout.textContent).toBe(reason)
    expect(callout.classList.contains('callout--danger')).toBe(true)
  })

  it('says why it is off when tool search itself is off', async () => {
    const api = apiWith()
    const note = 'Tool search is off, so no tool is embedded.'
    api.status = status({ state: 'off', sourceLabel: 'none', ready: 0, total: 12, note })
    const { section, statusLine } = await openSemanticSettings(api)
    await waitFor(() => expect(statusLine.textContent).toBe('Off: search matches words only'))
    expect(within(section).getByTestId('semantic-status-note').textContent).toBe(note)
  })

  it('shows a fallback note in a callout beside the status', async () => {
    const note = 'Ollama: nomic failed: connection refused. Using the built-in model instead.'
    const api = apiWith({ enabled: true, source: { kind: 'provider', providerId: 'ollama', model: 'nomic' } })
    api.status = status({ requested: { kind: 'provider', providerId: 'ollama', model: 'nomic' }, note })
    const { section, statusLine } = await openSemanticSettings(api)
    await waitFor(() => expect(within(section).getByTestId('semantic-status-note').textContent).toBe(note))
    expect(statusLine.textContent).toBe('Ready: 879 tools Model in use: Built-in model (USE-lite)')

    act(() => api.emit('tools:semantic-status', status()))
    expect(within(section).queryByTestId('semantic-status-note')).toBeNull()
  })

  it('keeps a newer event over a late answer to the request, and stops following when closed', async () => {
    const api = apiWith()
    api.status = status({ state: 'starting' })
    const release = api.holdStatus()
    const { statusLine, store } = await openSemanticSettings(api)
    const shown: Array<string | undefined> = []
    store.subscribe((state, previous) => {
      if (state.semanticStatus !== previous.semanticStatus) shown.push(state.semanticStatus?.state)
    })
    expect(statusLine.textContent).toBe('Checking…')
    act(() => api.emit('tools:semantic-status', status({ state: 'embedding', ready: 10, total: 879 })))
    expect(statusLine.textContent).toBe('Embedding tools: 10 of 879 Model in use: Built-in model (USE-lite)')

    // The held answer ('starting') arrives after the event; a second asking, answered after it, shows the
    // first was dropped rather than applied.
    api.status = status()
    release()
    const stopSecond = store.getState().followSemanticStatus()
    await waitFor(() =>
      expect(statusLine.textContent).toBe('Ready: 879 tools Model in use: Built-in model (USE-lite)'),
    )
    expect(shown).toEqual(['embedding', 'ready'])
    stopSecond()

    expect(api.listenerCount('tools:semantic-status')).toBe(1)
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
    await waitFor(() => expect(screen.queryByTestId('semantic-search')).toBeNull())
    expect(api.listenerCount('tools:semantic-status')).toBe(0)
  })

  it('says so in the status line when the host cannot be asked', async () => {
    const api = apiWith()
    const failing = new (class extends SemanticDeskApi {
      override async invoke<C extends RequestChannel>(
        channel: C,
        request: RequestOf<C>,
      ): Promise<IpcResult<ResponseOf<C>>> {
        if (channel !== 'tools:semantic-status') return super.invoke(channel, request)
        return { ok: false, error: { code: 'internal', message: 'the host is shutting down' } }
      }
    })({ settings: api.settings })
    const { statusLine } = await openSemanticSettings(failing)
    await waitFor(() => expect(statusLine.textContent).toBe('Status unknown: the host is shutting down'))
    expect(screen.queryByTestId('errors')).toBeNull()
  })
})
