import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { toolSettingsSchema } from '../../../src/shared/settings/settings-schema'

afterEach(cleanup)

async function openToolSearchSettings(api = new FakeDeskApi()) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
  const section = screen.getByTestId('tool-search-settings')
  return {
    ...rendered,
    section,
    modes: within(section).getByRole('group', { name: 'When to use tool search' }),
  }
}

function radio(scope: HTMLElement, label: string): HTMLInputElement {
  return within(scope).getByLabelText<HTMLInputElement>(label)
}

function checkedMode(scope: HTMLElement): string[] {
  return within(scope)
    .getAllByRole<HTMLInputElement>('radio')
    .filter((input) => input.checked)
    .map((input) => input.value)
}

describe('tool search settings', () => {
  it('checks the stored mode and explains each mode in one line beside its radio', async () => {
    const { modes } = await openToolSearchSettings(
      new FakeDeskApi({ settings: { tools: toolSettingsSchema.parse({ search: 'always' }) } }),
    )
    expect(checkedMode(modes)).toEqual(['always'])
    const explanation = (label: string) =>
      document.getElementById(radio(modes, label).getAttribute('aria-describedby')!)?.textContent
    expect(explanation('Auto')).toBe(
      "On when the MCP tools' definitions would take more than 10% of the model's input window, or there are more than 40 tools.",
    )
    expect(explanation('Always')).toMatch(/one search tool and only the MCP tools it finds/)
    expect(explanation('Off')).toBe('Every MCP tool is sent with every request.')
  })

  it('saves the chosen mode with tools:update-settings and follows settings:changed from elsewhere', async () => {
    const { api, store, modes } = await openToolSearchSettings()
    expect(checkedMode(modes)).toEqual(['auto'])

    api.hold('tools:update-settings')
    fireEvent.click(radio(modes, 'Off'))
    // Checked at once, while the host has not answered yet.
    expect(checkedMode(modes)).toEqual(['off'])
    act(() => api.release('tools:update-settings'))
    await waitFor(() => expect(store.getState().settings?.tools).toMatchObject({ search: 'off' }))
    expect(api.callsTo('tools:update-settings')).toEqual([{ search: 'off' }])
    expect(checkedMode(modes)).toEqual(['off'])

    // The CLI (or another window) changed it: the radios follow the host.
    act(() =>
      api.emit('settings:changed', {
        ...api.settings,
        tools: toolSettingsSchema.parse({ search: 'always' }),
      }),
    )
    expect(checkedMode(modes)).toEqual(['always'])
    expect(screen.queryByTestId('errors')).toBeNull()
  })

  it('goes back to the stored mode and shows the host’s reason when the save fails', async () => {
    const api = new FakeDeskApi()
    api.fail('tools:update-settings', { code: 'internal', message: 'settings file is read-only' })
    const { modes, store } = await openToolSearchSettings(api)
    fireEvent.click(radio(modes, 'Always'))
    await waitFor(() =>
      expect(screen.getByTestId('errors').textContent).toContain(
        'Could not save the tool search setting: settings file is read-only',
      ),
    )
    expect(checkedMode(modes)).toEqual(['auto'])
    expect(store.getState().settings?.tools).toMatchObject({ search: 'auto' })
  })
})
