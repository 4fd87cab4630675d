// The first-run screen (issue 21, item 6): one click to the add-provider form, and the ways to add servers.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { stdioConfigFixture } from '../support/server-fixtures'

afterEach(cleanup)

const firstRun = () => screen.getByTestId('first-run')

describe('the first-run screen', () => {
  it('opens the add-provider form in one click', async () => {
    await renderApp()
    fireEvent.click(within(firstRun()).getByRole('button', { name: 'Add a model provider' }))
    const drawer = screen.getByTestId('drawer')
    expect(await within(drawer).findByRole('form', { name: 'Add a provider' })).toBeTruthy()
  })

  it('opens the add-server form, or the import dialog', async () => {
    await renderApp()
    fireEvent.click(within(firstRun()).getByRole('button', { name: 'Add a server' }))
    expect(within(screen.getByTestId('drawer')).getByRole('form', { name: 'Add a server' })).toBeTruthy()

    fireEvent.click(within(firstRun()).getByRole('button', { name: 'Import from another app…' }))
    expect(screen.getByTestId('import-dialog')).toBeTruthy()
  })

  it('asks again when the panel is already open on its list', async () => {
    const { store } = await renderApp()
    act(() => store.getState().openDrawer('servers'))
    expect(within(screen.getByTestId('drawer')).queryByRole('form')).toBeNull()
    fireEvent.click(within(firstRun()).getByRole('button', { name: 'Add a server' }))
    expect(within(screen.getByTestId('drawer')).getByRole('form', { name: 'Add a server' })).toBeTruthy()
  })

  it('opening a panel from the title bar shows its list, not an add form asked for before', async () => {
    const { store } = await renderApp()
    fireEvent.click(within(firstRun()).getByRole('button', { name: 'Add a server' }))
    act(() => store.getState().closeDrawer())
    fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
    expect(within(screen.getByTestId('drawer')).queryByRole('form')).toBeNull()
  })

  it('counts the servers already configured', async () => {
    await renderApp(new FakeDeskApi({ settings: { servers: [stdioConfigFixture({ id: 'notes' })] } }))
    expect(within(firstRun()).getByText('1 server is configured already.')).toBeTruthy()
  })
})
