import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { modelFixture, providerFixture } from '../support/fake-providers'
import { renderApp } from '../support/render-app'
import { stdioConfigFixture } from '../support/server-fixtures'

afterEach(cleanup)

const providers = [
  providerFixture({
    id: 'openai',
    name: 'OpenAI',
    models: [modelFixture('gpt-4o-mini', { displayName: 'GPT-4o mini' })],
  }),
  providerFixture({ id: 'ollama', name: 'Ollama', preset: 'ollama', models: [modelFixture('llama3.2')] }),
]

async function editNotes(config = stdioConfigFixture({ id: 'notes', name: 'Notes' })) {
  const api = new FakeDeskApi({
    servers: [{ config }],
    settings: { models: { providers, recentModels: [] } },
  })
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  fireEvent.click(within(screen.getByTestId('servers-panel')).getByRole('button', { name: 'Edit Notes' }))
  return { ...rendered, form: screen.getByTestId('server-form') }
}

function modelsGroup(form: HTMLElement): HTMLElement {
  return within(form).getByRole('group', { name: 'Models this server may use for sampling' })
}

describe('server form: sampling limits', () => {
  it('lists the configured models (and "any model" per provider), none checked meaning any', async () => {
    const { form } = await editNotes()
    const group = modelsGroup(form)
    const boxes = within(group).getAllByRole<HTMLInputElement>('checkbox')
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      'Any OpenAI model openai/*',
      'GPT-4o mini openai/gpt-4o-mini',
      'Any Ollama model ollama/*',
      'llama3.2 ollama/llama3.2',
    ])
    expect(boxes.every((box) => !box.checked)).toBe(true)
    expect(group.textContent).toContain('None checked: any configured model that fits the request.')
  })

  it('saves the checked models and the daily token budget with the server', async () => {
    const { api, form } = await editNotes()
    fireEvent.click(within(modelsGroup(form)).getByLabelText(/Any Ollama model/))
    fireEvent.click(within(modelsGroup(form)).getByLabelText(/GPT-4o mini/))
    fireEvent.change(within(form).getByLabelText('Daily token budget (optional)'), {
      target: { value: '50000' },
    })
    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(api.callsTo('servers:update')).toEqual([
      {
        id: 'notes',
        server: expect.objectContaining({
          samplingModels: ['ollama/*', 'openai/gpt-4o-mini'],
          samplingDailyTokens: 50000,
        }),
      },
    ])
    expect(api.settings.servers[0]).toMatchObject({
      samplingModels: ['ollama/*', 'openai/gpt-4o-mini'],
      samplingDailyTokens: 50000,
    })
  })

  it('keeps a saved model that is no longer configured, and clears the limits when unchecked and emptied', async () => {
    const { api, form } = await editNotes(
      stdioConfigFixture({
        id: 'notes',
        name: 'Notes',
        samplingModels: ['gone/old-model'],
        samplingDailyTokens: 900,
      }),
    )
    const stale = within(modelsGroup(form)).getByLabelText<HTMLInputElement>(
      /gone\/old-model \(not configured\)/,
    )
    expect(stale.checked).toBe(true)
    const budget = within(form).getByLabelText<HTMLInputElement>('Daily token budget (optional)')
    expect(budget.value).toBe('900')

    fireEvent.click(stale)
    fireEvent.change(budget, { target: { value: '' } })
    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    const [sent] = api.callsTo('servers:update') as Array<{ server: Record<string, unknown> }>
    expect('samplingModels' in sent!.server).toBe(false)
    expect('samplingDailyTokens' in sent!.server).toBe(false)
  })

  it('shows a bad budget beside its field and sends nothing', async () => {
    const { api, form } = await editNotes()
    const budget = within(form).getByLabelText('Daily token budget (optional)')
    fireEvent.change(budget, { target: { value: '-3' } })
    fireEvent.submit(form)
    await waitFor(() => expect(document.activeElement).toBe(budget))
    expect(within(form).getByRole('alert').textContent).toBe('the daily token budget must be more than 0')
    expect(api.callsTo('servers:update')).toEqual([])
  })

  it('hides the limits while the policy is Deny, since nothing can run', async () => {
    const { form } = await editNotes()
    fireEvent.click(within(form).getByLabelText('Deny'))
    expect(within(form).queryByRole('group', { name: 'Models this server may use for sampling' })).toBeNull()
    expect(within(form).queryByLabelText('Daily token budget (optional)')).toBeNull()
  })
})
