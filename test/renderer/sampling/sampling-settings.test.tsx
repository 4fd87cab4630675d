import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { samplingSettingsSchema } from '../../../src/shared/settings/settings-schema'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'

afterEach(cleanup)

async function openSamplingSettings(api = new FakeDeskApi()) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
  return { ...rendered, group: screen.getByTestId('sampling-settings') }
}

function type(scope: HTMLElement, label: string, value: string) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } })
}

function field(scope: HTMLElement, label: string): HTMLInputElement {
  return within(scope).getByLabelText<HTMLInputElement>(label)
}

describe('sampling settings', () => {
  it('shows the stored values and saves the changed ones with sampling:update-settings', async () => {
    const api = new FakeDeskApi({
      settings: {
        sampling: samplingSettingsSchema.parse({ approvalTimeoutMs: 90_000, progressIntervalMs: 5000 }),
      },
    })
    const { group, store } = await openSamplingSettings(api)
    expect(field(group, 'Approval timeout (seconds)').value).toBe('90')
    expect(field(group, 'Review the completion before returning it').checked).toBe(false)
    expect(field(group, 'At once, per server').value).toBe('4')
    expect(field(group, 'Per minute, per server').value).toBe('30')
    expect(field(group, 'Tool loop limit (rounds)').value).toBe('20')

    type(group, 'Approval timeout (seconds)', '0')
    fireEvent.click(field(group, 'Review the completion before returning it'))
    type(group, 'At once, per server', '2')
    type(group, 'Per minute, per server', '10')
    type(group, 'Tool loop limit (rounds)', '6')
    fireEvent.click(within(group).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(within(group).getByRole('status').textContent).toBe('Saved.'))
    expect(api.callsTo('sampling:update-settings')).toEqual([
      {
        approvalTimeoutMs: 0,
        reviewCompletion: true,
        maxConcurrentPerServer: 2,
        maxPerMinutePerServer: 10,
        maxToolLoopRounds: 6,
      },
    ])
    expect(store.getState().settings?.sampling).toEqual({
      approvalTimeoutMs: 0,
      reviewCompletion: true,
      maxConcurrentPerServer: 2,
      maxPerMinutePerServer: 10,
      progressIntervalMs: 5000,
      maxToolLoopRounds: 6,
    })
    expect(field(group, 'Review the completion before returning it').checked).toBe(true)
    expect(field(group, 'At once, per server').value).toBe('2')
    expect(field(group, 'Tool loop limit (rounds)').value).toBe('6')
  })

  it('explains that 0 waits indefinitely and rejects bad numbers beside their fields before sending', async () => {
    const { api, group } = await openSamplingSettings()
    expect(group.textContent).toContain('0 waits indefinitely')
    type(group, 'Approval timeout (seconds)', '-5')
    type(group, 'At once, per server', '0')
    type(group, 'Per minute, per server', '2.5')
    type(group, 'Tool loop limit (rounds)', '0')
    fireEvent.click(within(group).getByRole('button', { name: 'Save' }))

    const timeout = field(group, 'Approval timeout (seconds)')
    await waitFor(() => expect(document.activeElement).toBe(timeout))
    expect(timeout.getAttribute('aria-invalid')).toBe('true')
    const errors = within(group)
      .getAllByRole('alert')
      .map((alert) => alert.textContent)
    expect(errors).toEqual([
      'enter a number of seconds, 0 or more (0 waits indefinitely)',
      'enter a whole number from 1 to 100',
      'enter a whole number from 1 to 10000',
      'enter a whole number from 1 to 1000',
    ])
    expect(api.callsTo('sampling:update-settings')).toEqual([])

    // Fixing a field clears its problem at once.
    type(group, 'At once, per server', '3')
    expect(field(group, 'At once, per server').getAttribute('aria-invalid')).toBe('false')
  })

  it('keeps the typed values and shows the host’s reason when saving fails', async () => {
    const api = new FakeDeskApi()
    api.fail('sampling:update-settings', { code: 'internal', message: 'settings file is read-only' })
    const { group } = await openSamplingSettings(api)
    type(group, 'At once, per server', '7')
    fireEvent.click(within(group).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByTestId('errors').textContent).toContain(
        'Could not save the sampling settings: settings file is read-only',
      ),
    )
    expect(field(group, 'At once, per server').value).toBe('7')
    expect(within(group).getByRole('status').textContent).toBe('')
  })
})
