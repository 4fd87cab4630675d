import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { modelCapabilitiesSchema } from '../../../src/shared/models/model-schema'
import type { ProviderView } from '../../../src/shared/settings/settings-view'
import { FakeDeskApi } from '../support/fake-desk-api'
import { knownCapabilities, modelFixture, providerFixture } from '../support/fake-providers'
import { renderApp } from '../support/render-app'

afterEach(cleanup)

function apiWith(providers: ProviderView[], defaultModel?: string): FakeDeskApi {
  return new FakeDeskApi({
    settings: { models: { providers, recentModels: [], ...(defaultModel ? { defaultModel } : {}) } },
  })
}

async function openModels(api: FakeDeskApi) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Models' }))
  await waitFor(() => expect(api.callsTo('providers:presets')).toHaveLength(1))
  return rendered
}

function card(id: string): HTMLElement {
  return screen.getByTestId(`provider-card-${id}`)
}

function row(ref: string): HTMLElement {
  return screen.getByTestId(`model-row-${ref}`)
}

const openai = (models = [modelFixture('gpt-4o')]) =>
  providerFixture({ id: 'openai', name: 'OpenAI', models })

describe('models panel: discovery', () => {
  it('discovers, marks what is already added, and adds the selected models by id', async () => {
    const api = apiWith([openai()])
    api.providers.discoverable.openai = ['gpt-4o', 'gpt-4o-mini', 'o3-mini']
    await openModels(api)
    const discover = within(card('openai')).getByRole('button', { name: 'Discover models at OpenAI' })
    fireEvent.click(discover)
    const list = await within(card('openai')).findByTestId('discovery')
    expect(api.callsTo('models:discover')).toEqual([{ providerId: 'openai' }])
    const existing = within(list).getByRole<HTMLInputElement>('checkbox', { name: /^gpt-4o already added/ })
    expect(existing.checked && existing.disabled).toBe(true)
    const add = within(list).getByRole<HTMLButtonElement>('button', { name: 'Add selected (0)' })
    expect(add.disabled).toBe(true)
    fireEvent.click(within(list).getByRole('checkbox', { name: 'gpt-4o-mini' }))
    fireEvent.click(within(list).getByRole('checkbox', { name: 'o3-mini' }))
    fireEvent.click(within(list).getByRole('button', { name: 'Add selected (2)' }))

    await waitFor(() => expect(within(card('openai')).queryByTestId('discovery')).toBeNull())
    expect(api.callsTo('models:save')).toEqual([
      { providerId: 'openai', model: { id: 'gpt-4o-mini' } },
      { providerId: 'openai', model: { id: 'o3-mini' } },
    ])
    expect(row('openai/gpt-4o-mini')).toBeTruthy()
    expect(row('openai/o3-mini')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(discover))
    // No default was set, so the first model added became it, and the panel says so.
    expect(within(card('openai')).getByRole('status').textContent).toBe(
      'Added 2 models. OpenAI · gpt-4o-mini is now the default model.',
    )
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: 'Use gpt-4o-mini as the default model' }).checked,
    ).toBe(true)
  })

  it('says nothing about the default when one is already set', async () => {
    const api = apiWith([openai()], 'openai/gpt-4o')
    api.providers.discoverable.openai = ['gpt-4o', 'o3-mini']
    await openModels(api)
    fireEvent.click(within(card('openai')).getByRole('button', { name: 'Discover models at OpenAI' }))
    const list = await within(card('openai')).findByTestId('discovery')
    fireEvent.click(within(list).getByRole('checkbox', { name: 'o3-mini' }))
    fireEvent.click(within(list).getByRole('button', { name: 'Add selected (1)' }))
    await waitFor(() => expect(within(card('openai')).getByRole('status').textContent).toBe('Added 1 model.'))
    expect(screen.getByTestId('models-default').textContent).toBe('Default model: OpenAI · gpt-4o')
  })

  it('selects all the filter shows, and says what the provider stated about each model', async () => {
    const api = apiWith([openai()])
    const many = Array.from({ length: 12 }, (_, n) => `other-${n}`)
    api.providers.discoverable.openai = [
      'gpt-4o',
      { id: 'gpt-4o-mini', stated: { image: true, audio: false, contextWindow: 128_000 } },
      'gpt-4.1',
      ...many,
    ]
    await openModels(api)
    fireEvent.click(within(card('openai')).getByRole('button', { name: 'Discover models at OpenAI' }))
    const list = await within(card('openai')).findByTestId('discovery')
    const mini = within(list).getByRole('checkbox', { name: 'gpt-4o-mini' })
    expect(document.getElementById(mini.getAttribute('aria-describedby')!)?.textContent).toBe(
      'OpenAI says: images, no audio, 128k context',
    )
    fireEvent.change(within(list).getByRole('searchbox', { name: 'Filter the discovered models' }), {
      target: { value: 'gpt-4' },
    })
    // gpt-4o is already added, so two of the three shown can be selected.
    const all = within(list).getByRole<HTMLInputElement>('checkbox', { name: 'Select all shown (2)' })
    fireEvent.click(all)
    expect(all.checked).toBe(true)
    expect(within(list).getByRole('button', { name: 'Add selected (2)' })).toBeTruthy()
    fireEvent.click(within(list).getByRole('checkbox', { name: 'gpt-4.1' }))
    expect(all.checked).toBe(false)
    expect(all.indeterminate).toBe(true)
    fireEvent.click(all)
    fireEvent.click(within(list).getByRole('button', { name: 'Add selected (2)' }))
    await waitFor(() => expect(row('openai/gpt-4o-mini')).toBeTruthy())
    expect(api.callsTo('models:save')).toEqual([
      { providerId: 'openai', model: { id: 'gpt-4o-mini' } },
      { providerId: 'openai', model: { id: 'gpt-4.1' } },
    ])
    // What the provider stated is recorded as its word.
    expect(row('openai/gpt-4o-mini').textContent).toContain('images: yes · stated by the provider')
    expect(row('openai/gpt-4o-mini').textContent).toContain('128k context · stated by the provider')
  })

  it('shows why discovery failed on the card itself, not in the window’s error list', async () => {
    const api = apiWith([openai()])
    api.fail('models:discover', {
      code: 'unavailable',
      message: 'OpenAI rejected the API key (HTTP 401)',
    })
    await openModels(api)
    fireEvent.click(within(card('openai')).getByRole('button', { name: 'Discover models at OpenAI' }))
    const problem = await within(card('openai')).findByTestId('discovery-problem')
    expect(problem.textContent).toBe('Discovery failed: OpenAI rejected the API key (HTTP 401)')
    expect(problem.getAttribute('role')).toBe('alert')
    expect(screen.queryByTestId('errors')).toBeNull()
  })

  it('adds a model by its id when the provider lists none', async () => {
    const api = apiWith([openai([])])
    await openModels(api)
    expect(card('openai').textContent).toContain('No models yet')
    const form = within(card('openai')).getByRole('form', { name: 'Add a model to OpenAI by id' })
    fireEvent.submit(form)
    expect(within(form).getByRole('alert').textContent).toBe('enter the model id, e.g. gpt-4o-mini')
    fireEvent.change(within(form).getByLabelText('Model id'), { target: { value: ' my-finetune ' } })
    fireEvent.submit(form)
    await waitFor(() => expect(row('openai/my-finetune')).toBeTruthy())
    expect(api.callsTo('models:save')).toEqual([{ providerId: 'openai', model: { id: 'my-finetune' } }])
  })
})

describe('models panel: model rows', () => {
  it('shows capabilities, limits, scores and pricing of each model', async () => {
    const api = apiWith([
      openai([
        modelFixture('gpt-4o', {
          displayName: 'GPT-4o',
          capabilities: {
            ...knownCapabilities(),
            inputModalities: ['text', 'image'],
            maxOutputTokens: 16_384,
            scores: { cost: 0.7, speed: 0.6, intelligence: 0.9 },
          },
          pricing: { inputPerMillion: 2.5, outputPerMillion: 10 },
        }),
      ]),
    ])
    await openModels(api)
    const model = row('openai/gpt-4o')
    expect(within(model).getByText('GPT-4o')).toBeTruthy()
    expect(within(model).getByText('gpt-4o').tagName).toBe('CODE')
    const facts = within(within(model).getByRole('list', { name: 'Capabilities' })).getAllByRole('listitem')
    expect(facts.map((fact) => fact.textContent)).toEqual([
      'images: yes · set by you',
      'audio: no · set by you',
      'tools: yes · set by you',
      'temperature: yes · set by you',
      '128k context · set by you',
      '16,384 max output · set by you',
      'cost score 0.70 · set by you',
      'speed score 0.60 · set by you',
      'intelligence score 0.90 · set by you',
    ])
    expect(model.textContent).toContain('$2.50 in · $10.00 out per 1M tokens')
  })

  it('shows facts nobody stated as unknown, not omitted, and names where known ones came from', async () => {
    const api = apiWith([
      openai([
        modelFixture('mystery', {
          capabilities: modelCapabilitiesSchema.parse({
            contextWindow: 32_000,
            sources: { contextWindow: 'family' },
          }),
        }),
      ]),
    ])
    await openModels(api)
    const facts = within(row('openai/mystery')).getAllByRole('listitem')
    expect(facts.map((fact) => fact.textContent)).toEqual([
      'images: unknown',
      'audio: unknown',
      'tools: unknown',
      'temperature: unknown',
      '32k context · model-family table',
      'max output: unknown',
      'cost score: unknown',
      'speed score: unknown',
      'intelligence score: unknown',
    ])
    // The editor's Accepts boxes cannot say "unknown": its hint does, so an unticked box is not read as no.
    fireEvent.click(within(row('openai/mystery')).getByRole('button', { name: 'Edit model mystery' }))
    const accepts = within(screen.getByTestId('model-editor')).getByRole('group', { name: 'Accepts' })
    expect(accepts.textContent).toContain(
      'Whether it takes images and audio is unknown (no provider or family table says): left unticked it stays unknown; tick to say it does.',
    )
  })

  it('makes a model the default: one radio across providers, and the title bar shows it', async () => {
    const api = apiWith([
      openai([modelFixture('gpt-4o'), modelFixture('gpt-4o-mini', { displayName: 'Mini' })]),
      providerFixture({
        id: 'ollama',
        name: 'Ollama',
        preset: 'ollama',
        models: [modelFixture('llama3.2')],
      }),
    ])
    await openModels(api)
    expect(screen.getByTestId('current-model').textContent).toBe('No default model')
    const radios = screen.getAllByRole<HTMLInputElement>('radio', { name: /as the default model$/ })
    expect(radios).toHaveLength(3)
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1)

    fireEvent.click(screen.getByRole('radio', { name: 'Use llama3.2 as the default model' }))
    await waitFor(() => expect(screen.getByTestId('current-model').textContent).toBe('Ollama · llama3.2'))
    expect(api.callsTo('models:set-default')).toEqual([{ ref: 'ollama/llama3.2' }])
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: 'Use llama3.2 as the default model' }).checked,
    ).toBe(true)
    expect(screen.getByTestId('models-default').textContent).toBe('Default model: Ollama · llama3.2')

    fireEvent.click(screen.getByRole('radio', { name: 'Use Mini as the default model' }))
    await waitFor(() => expect(screen.getByTestId('current-model').textContent).toBe('OpenAI · Mini'))
    expect(screen.getByTestId('current-model').getAttribute('title')).toBe(
      'Default model: openai/gpt-4o-mini',
    )
    expect(screen.getAllByRole<HTMLInputElement>('radio').filter((radio) => radio.checked)).toHaveLength(1)
  })

  it('edits capabilities and saves them all; the row and a reopened editor show what was saved', async () => {
    const api = apiWith([openai([modelFixture('gpt-4o-mini')])])
    await openModels(api)
    fireEvent.click(within(row('openai/gpt-4o-mini')).getByRole('button', { name: 'Edit model gpt-4o-mini' }))
    const editor = screen.getByTestId('model-editor')
    expect(document.activeElement?.textContent).toBe('Edit gpt-4o-mini')
    const change = (label: string, value: string) =>
      fireEvent.change(within(editor).getByLabelText(label), { target: { value } })

    change('Display name (optional)', 'Mini')
    fireEvent.click(within(editor).getByLabelText('Images'))
    fireEvent.click(within(editor).getByLabelText('gif'))
    change('Largest image (MiB)', '10')
    fireEvent.click(within(editor).getByLabelText('Audio'))
    fireEvent.click(within(editor).getByLabelText('WAV'))
    change('Largest text item (KiB)', '512')
    change('Max output tokens', '16384')
    const temperature = within(editor).getByRole('group', { name: /^Accepts a temperature/ })
    expect(temperature.getAttribute('aria-describedby')).toBeTruthy()
    expect(temperature.textContent).toContain('Saved value: set by you')
    fireEvent.click(within(temperature).getByLabelText('No'))
    // Unknown is a choice of its own, sent as null so the host forgets the fact.
    const tools = within(editor).getByRole('group', { name: /^Calls tools/ })
    fireEvent.click(within(tools).getByLabelText('Unknown'))
    const cost = within(editor).getByLabelText<HTMLInputElement>('Cost')
    expect(cost.type).toBe('range')
    expect(document.getElementById(cost.getAttribute('aria-describedby')!)?.textContent).toContain(
      'How expensive the model is: 1 = the priciest',
    )
    change('Cost', '0.2')
    expect(editor.textContent).toContain('0.20')
    change('Intelligence', '0.85')
    // A score can be made unknown again rather than left at a made-up middle value.
    fireEvent.click(within(editor).getByLabelText('Speed unknown'))
    expect(within(editor).getByLabelText('Speed').getAttribute('aria-valuetext')).toBe('unknown')
    change('Input', '0.15')
    change('Output', '0.6')

    fireEvent.submit(editor)
    await waitFor(() => expect(screen.queryByTestId('model-editor')).toBeNull())
    expect(api.callsTo('models:save')).toEqual([
      {
        providerId: 'openai',
        model: {
          id: 'gpt-4o-mini',
          displayName: 'Mini',
          // Only what the user changed: unchanged facts keep where they came from.
          capabilities: {
            inputModalities: ['text', 'image', 'audio'],
            imageMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
            maxImageBytes: 10 * 1024 * 1024,
            maxTextBytes: 512 * 1024,
            audioFormats: ['wav'],
            maxOutputTokens: 16_384,
            toolCalling: null,
            temperature: false,
            scores: { cost: 0.2, speed: null, intelligence: 0.85 },
          },
          pricing: { inputPerMillion: 0.15, outputPerMillion: 0.6 },
        },
      },
    ])
    const saved = row('openai/gpt-4o-mini')
    const edit = within(saved).getByRole('button', { name: 'Edit model Mini' })
    // Focus moves in a passive effect, which can run after the DOM change that ended the wait above.
    await waitFor(() => expect(document.activeElement).toBe(edit))
    expect(saved.textContent).toContain('16,384 max output')
    expect(saved.textContent).toContain('cost score 0.20 · set by you')
    expect(saved.textContent).toContain('speed score: unknown')
    expect(saved.textContent).toContain('intelligence score 0.85')
    expect(saved.textContent).toContain('$0.15 in · $0.60 out per 1M tokens')
    expect(saved.textContent).toContain('audio: yes')
    expect(saved.textContent).toContain('tools: unknown')
    expect(saved.textContent).toContain('temperature: no · set by you')

    fireEvent.click(edit)
    const reopened = screen.getByTestId('model-editor')
    expect(within(reopened).getByLabelText<HTMLInputElement>('Display name (optional)').value).toBe('Mini')
    expect(within(reopened).getByLabelText<HTMLInputElement>('gif').checked).toBe(false)
    expect(within(reopened).getByLabelText<HTMLInputElement>('Largest image (MiB)').value).toBe('10')
    expect(within(reopened).getByLabelText<HTMLInputElement>('Cost').value).toBe('0.2')
    expect(within(reopened).getByLabelText<HTMLInputElement>('Input').value).toBe('0.15')
    const reopenedTools = within(reopened).getByRole('group', { name: /^Calls tools/ })
    expect(within(reopenedTools).getByLabelText<HTMLInputElement>('Unknown').checked).toBe(true)
    expect(reopenedTools.textContent).toContain('Saved value: unknown')
  })

  it('shows editor problems beside their fields and sends nothing', async () => {
    const api = apiWith([openai([modelFixture('gpt-4o-mini')])])
    await openModels(api)
    fireEvent.click(within(row('openai/gpt-4o-mini')).getByRole('button', { name: 'Edit model gpt-4o-mini' }))
    const editor = screen.getByTestId('model-editor')
    fireEvent.click(within(editor).getByLabelText('Text'))
    fireEvent.change(within(editor).getByLabelText('Context window (tokens)'), { target: { value: '12.5' } })
    fireEvent.change(within(editor).getByLabelText('Input'), { target: { value: '1' } })
    fireEvent.submit(editor)
    expect(editor.textContent).toContain('choose at least one kind of input')
    expect(document.activeElement).toBe(within(editor).getByLabelText('Text'))
    expect(editor.textContent).toContain('enter a whole number of tokens above 0')
    expect(editor.textContent).toContain('enter both prices, or neither')
    expect(api.callsTo('models:save')).toEqual([])
    fireEvent.keyDown(within(editor).getByLabelText('Text'), { key: 'Escape' })
    expect(screen.queryByTestId('model-editor')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit model gpt-4o-mini' }))
  })

  it('removes a model after an in-place confirmation', async () => {
    const api = apiWith([openai([modelFixture('gpt-4o'), modelFixture('o3-mini')])])
    await openModels(api)
    fireEvent.click(within(row('openai/o3-mini')).getByRole('button', { name: 'Remove model o3-mini' }))
    expect(document.activeElement?.textContent).toBe('Cancel')
    fireEvent.click(within(row('openai/o3-mini')).getByRole('button', { name: 'Yes, remove model o3-mini' }))
    await waitFor(() => expect(screen.queryByTestId('model-row-openai/o3-mini')).toBeNull())
    expect(api.callsTo('models:remove')).toEqual([{ providerId: 'openai', modelId: 'o3-mini' }])
    expect(row('openai/gpt-4o')).toBeTruthy()
  })
})
