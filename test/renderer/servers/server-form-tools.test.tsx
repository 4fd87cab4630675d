import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { httpConfigFixture } from '../support/server-fixtures'

afterEach(cleanup)

const ALWAYS = "Always offer this server's tools (skip tool search)"

async function openForm(api: FakeDeskApi, button: string) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  fireEvent.click(within(screen.getByTestId('servers-panel')).getByRole('button', { name: button }))
  return { ...rendered, form: screen.getByTestId('server-form') }
}

async function saved() {
  await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
}

describe('server form: always offer the tools', () => {
  it('adds a server with the box checked, and its card says its tools are always loaded', async () => {
    const api = new FakeDeskApi()
    const { form } = await openForm(api, 'Add server')
    const box = within(form).getByLabelText<HTMLInputElement>(ALWAYS)
    expect(box.checked).toBe(false)
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toContain(
      'While tool search is on',
    )
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Calendar' } })
    fireEvent.change(within(form).getByLabelText('Command'), { target: { value: 'calendar-mcp' } })
    fireEvent.click(box)
    fireEvent.submit(form)
    await saved()

    expect(api.callsTo('servers:add')).toEqual([
      { server: expect.objectContaining({ name: 'Calendar', toolsAlwaysLoaded: true }) },
    ])
    expect(api.settings.servers[0]).toMatchObject({ id: 'calendar', toolsAlwaysLoaded: true })
    const badge = within(screen.getByTestId('server-card-calendar')).getByTestId('tools-always-loaded')
    expect(badge.textContent).toBe('always loaded')
  })

  it('adds a server without the flag by default, and shows no badge', async () => {
    const api = new FakeDeskApi()
    const { form } = await openForm(api, 'Add server')
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Notes' } })
    fireEvent.change(within(form).getByLabelText('Command'), { target: { value: 'notes-mcp' } })
    fireEvent.submit(form)
    await saved()
    expect(api.callsTo('servers:add')).toEqual([
      { server: expect.objectContaining({ toolsAlwaysLoaded: false }) },
    ])
    expect('toolsAlwaysLoaded' in api.settings.servers[0]!).toBe(false)
    expect(within(screen.getByTestId('server-card-notes')).queryByTestId('tools-always-loaded')).toBeNull()
  })

  it('loads the flag when editing and saves it unchecked, which removes the badge', async () => {
    const api = new FakeDeskApi({
      servers: [{ config: httpConfigFixture({ id: 'docs', name: 'Docs', toolsAlwaysLoaded: true }) }],
    })
    await renderApp(api)
    fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
    const panel = screen.getByTestId('servers-panel')
    expect(within(panel).getByTestId('tools-always-loaded').textContent).toBe('always loaded')
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit Docs' }))
    const form = screen.getByTestId('server-form')
    const box = within(form).getByLabelText<HTMLInputElement>(ALWAYS)
    expect(box.checked).toBe(true)

    fireEvent.click(box)
    fireEvent.submit(form)
    await saved()
    expect(api.callsTo('servers:update')).toEqual([
      { id: 'docs', server: expect.objectContaining({ transport: 'http', toolsAlwaysLoaded: false }) },
    ])
    expect('toolsAlwaysLoaded' in api.settings.servers[0]!).toBe(false)
    expect(within(screen.getByTestId('server-card-docs')).queryByTestId('tools-always-loaded')).toBeNull()

    // Editing again starts from what is stored now.
    fireEvent.click(within(screen.getByTestId('servers-panel')).getByRole('button', { name: 'Edit Docs' }))
    expect(within(screen.getByTestId('server-form')).getByLabelText<HTMLInputElement>(ALWAYS).checked).toBe(
      false,
    )
  })
})
