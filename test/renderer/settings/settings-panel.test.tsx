import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'

afterEach(cleanup)

async function openSettings(api = new FakeDeskApi()) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
  return { ...rendered, panel: screen.getByTestId('settings-panel') }
}

function fillSecretForm(panel: HTMLElement, name: string, value: string): HTMLElement {
  const form = within(panel).getByRole('form', { name: 'Add a secret' })
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: name } })
  fireEvent.change(within(form).getByLabelText('Value'), { target: { value } })
  return form
}

describe('settings panel', () => {
  it('shows the profile paths as selectable text', async () => {
    await openSettings()
    const home = screen.getByTestId('settings-home')
    expect(home.textContent).toBe('/home/ada/.mcp-desk')
    expect(home.classList.contains('selectable')).toBe(true)
    expect(screen.getByTestId('settings-path').textContent).toBe('/home/ada/.mcp-desk/settings.json')
  })

  it('checks the stored theme and sends settings:update when another theme is chosen', async () => {
    const { api, panel, themeRoot } = await openSettings()
    const theme = within(panel).getByRole('group', { name: 'Theme' })
    expect(within(theme).getByLabelText<HTMLInputElement>('System').checked).toBe(true)

    fireEvent.click(within(theme).getByLabelText('Dark'))
    // Checked at once, before the host answers.
    expect(within(theme).getByLabelText<HTMLInputElement>('Dark').checked).toBe(true)

    await waitFor(() => expect(themeRoot.dataset.theme).toBe('dark'))
    expect(api.callsTo('settings:update')).toEqual([{ appearance: { theme: 'dark' } }])
    expect(within(theme).getByLabelText<HTMLInputElement>('Dark').checked).toBe(true)
  })

  it('goes back to the stored theme and shows the reason when saving it fails', async () => {
    const api = new FakeDeskApi()
    api.fail('settings:update', { code: 'internal', message: 'settings:update failed unexpectedly' })
    const { panel } = await openSettings(api)
    fireEvent.click(within(panel).getByLabelText('Light'))
    await waitFor(() => expect(within(panel).getByLabelText<HTMLInputElement>('System').checked).toBe(true))
    expect(screen.getByTestId('errors').textContent).toContain('settings:update failed unexpectedly')
  })

  it('shows the secret backend and no warning when it is secure', async () => {
    await openSettings()
    const backend = screen.getByTestId('secret-backend')
    expect(backend.textContent).toContain('Operating system keychain')
    expect(within(backend).queryByRole('alert')).toBeNull()
  })

  it('shows the backend warning prominently when secrets are not stored securely', async () => {
    const warning = 'No OS keyring was found, so secrets are stored with a hard-coded key (basic_text).'
    await openSettings(
      new FakeDeskApi({ info: { secretBackend: { kind: 'basic_text', secure: false, warning } } }),
    )
    const backend = screen.getByTestId('secret-backend')
    expect(backend.textContent).toContain('not secure')
    expect(within(backend).getByRole('alert').textContent).toContain(warning)
  })

  it('repeats the startup warnings inside the panel', async () => {
    await openSettings(new FakeDeskApi({ info: { startupWarnings: ['settings.json: bad JSON'] } }))
    expect(screen.getByTestId('settings-startup-warnings').textContent).toContain('settings.json: bad JSON')
  })

  it('saves a secret through secrets:set, clears the form and never shows the value', async () => {
    const { api, panel } = await openSettings()
    const form = fillSecretForm(panel, 'openai-key', 'sk-very-secret')
    const value = within(form).getByLabelText<HTMLInputElement>('Value')
    expect(value.type).toBe('password')

    fireEvent.submit(form)

    await waitFor(() => expect(value.value).toBe(''))
    expect(api.callsTo('secrets:set')).toEqual([{ name: 'openai-key', value: 'sk-very-secret' }])
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('')
    expect(within(panel).getByRole('list', { name: 'Stored secrets' }).textContent).toContain('openai-key')
    expect(document.body.innerHTML).not.toContain('sk-very-secret')
  })

  it('rejects an invalid name before calling the host and says why', async () => {
    const { api, panel } = await openSettings()
    const form = fillSecretForm(panel, 'has space', 'v')
    fireEvent.submit(form)
    expect(within(form).getByRole('alert').textContent).toMatch(/letters, digits/)
    expect(api.callsTo('secrets:set')).toEqual([])
  })

  it('keeps the typed value when the host refuses it, and shows the host reason', async () => {
    const api = new FakeDeskApi()
    api.fail('secrets:set', { code: 'unavailable', message: 'secret store is locked' })
    const { panel } = await openSettings(api)
    const form = fillSecretForm(panel, 'token', 'abc')
    fireEvent.submit(form)
    const errors = await screen.findByTestId('errors')
    expect(errors.textContent).toContain('Could not save secret "token": secret store is locked')
    expect(within(form).getByLabelText<HTMLInputElement>('Value').value).toBe('abc')
  })

  it('deletes a secret only after confirmation', async () => {
    const { api, panel } = await openSettings(new FakeDeskApi({ secretNames: ['alpha', 'beta'] }))
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete secret alpha' }))
    expect(api.callsTo('secrets:delete')).toEqual([])
    const cancel = within(panel).getByRole('button', { name: 'Cancel' })
    expect(document.activeElement).toBe(cancel)

    fireEvent.click(cancel)
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Delete secret alpha' }))
    expect(api.callsTo('secrets:delete')).toEqual([])

    fireEvent.click(within(panel).getByRole('button', { name: 'Delete secret alpha' }))
    fireEvent.click(within(panel).getByRole('button', { name: 'Yes, delete secret alpha' }))
    const list = within(panel).getByRole('list', { name: 'Stored secrets' })
    await waitFor(() => expect(list.textContent).not.toContain('alpha'))
    expect(api.callsTo('secrets:delete')).toEqual([{ name: 'alpha' }])
    expect(list.textContent).toContain('beta')
  })
})
