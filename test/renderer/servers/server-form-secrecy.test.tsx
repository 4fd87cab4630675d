import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { httpConfigFixture, stdioConfigFixture } from '../support/server-fixtures'

afterEach(cleanup)

async function openForm(api: FakeDeskApi, button = 'Add server') {
  await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  fireEvent.click(within(screen.getByTestId('servers-panel')).getByRole('button', { name: button }))
  return screen.getByTestId('server-form')
}

function type(form: HTMLElement, label: string, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } })
}

function addRow(form: HTMLElement, button: 'Add variable' | 'Add header', name: string, value: string) {
  fireEvent.click(within(form).getByRole('button', { name: button }))
  const names = within(form).getAllByLabelText(button === 'Add variable' ? 'variable name' : 'header name')
  fireEvent.change(names.at(-1)!, { target: { value: name } })
  type(form, `Value of ${name}`, value)
}

function secretBox(form: HTMLElement, name: string): HTMLInputElement {
  return within(form).getByRole<HTMLInputElement>('checkbox', { name: `Keep ${name} secret` })
}

function valueField(form: HTMLElement, name: string): HTMLInputElement {
  return within(form).getByLabelText<HTMLInputElement>(`Value of ${name}`)
}

/** The server input of the first call on `channel`. */
function sentServer(api: FakeDeskApi, channel: 'servers:add' | 'servers:update'): unknown {
  return (api.callsTo(channel)[0] as { server?: unknown } | undefined)?.server
}

const memory = {
  id: 'memory',
  name: 'Memory',
  command: 'memory-mcp',
  args: [],
  env: {
    MEMORY_FILE_PATH: { plain: '/home/ada/memory.json' },
    API_TOKEN: { secret: 'server.memory.env.API_TOKEN' },
  },
}

describe('server form: plain and secret values', () => {
  it('makes a new row secret when its name looks secret and plain otherwise, until the box is used', async () => {
    const api = new FakeDeskApi()
    const form = await openForm(api)
    type(form, 'Name', 'Memory')
    type(form, 'Command', 'memory-mcp')
    addRow(form, 'Add variable', 'MEMORY_FILE_PATH', '/home/ada/memory.json')
    addRow(form, 'Add variable', 'GITHUB_TOKEN', 'ghp-123')
    addRow(form, 'Add variable', 'LOG_LEVEL', 'quiet')
    expect(secretBox(form, 'MEMORY_FILE_PATH').checked).toBe(false)
    expect(valueField(form, 'MEMORY_FILE_PATH').type).toBe('text')
    expect(secretBox(form, 'GITHUB_TOKEN').checked).toBe(true)
    expect(valueField(form, 'GITHUB_TOKEN').type).toBe('password')
    // The user's choice wins over the name.
    fireEvent.click(secretBox(form, 'LOG_LEVEL'))
    expect(valueField(form, 'LOG_LEVEL').type).toBe('password')

    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(sentServer(api, 'servers:add')).toMatchObject({
      transport: 'stdio',
      env: {
        MEMORY_FILE_PATH: { plain: '/home/ada/memory.json' },
        GITHUB_TOKEN: { value: 'ghp-123' },
        LOG_LEVEL: { value: 'quiet' },
      },
    })
    // The card shows the plain value as it is, and never the secret one.
    const card = await screen.findByTestId('server-card-memory')
    expect(within(card).getByText('/home/ada/memory.json')).toBeTruthy()
    expect(card.textContent).not.toContain('ghp-123')
  })

  it('shows a saved plain value in clear, and moves it to the secret store without sending it again', async () => {
    const api = new FakeDeskApi({ servers: [{ config: stdioConfigFixture(memory) }] })
    const form = await openForm(api, 'Edit Memory')
    expect(valueField(form, 'MEMORY_FILE_PATH').value).toBe('/home/ada/memory.json')
    expect(valueField(form, 'MEMORY_FILE_PATH').type).toBe('text')
    expect(secretBox(form, 'MEMORY_FILE_PATH').checked).toBe(false)
    expect(valueField(form, 'API_TOKEN').value).toBe('')
    expect(secretBox(form, 'API_TOKEN').checked).toBe(true)

    fireEvent.click(secretBox(form, 'MEMORY_FILE_PATH'))
    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(sentServer(api, 'servers:update')).toMatchObject({
      env: { MEMORY_FILE_PATH: { keep: true, as: 'secret' }, API_TOKEN: { keep: true } },
    })
  })

  it('asks for a secret made plain to be typed again, since the window never receives it', async () => {
    const api = new FakeDeskApi({ servers: [{ config: stdioConfigFixture(memory) }] })
    const form = await openForm(api, 'Edit Memory')
    fireEvent.click(secretBox(form, 'API_TOKEN'))
    const field = valueField(form, 'API_TOKEN')
    expect(field.type).toBe('text')
    expect(field.placeholder).toBe('type the value again')
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '')
    expect(hint?.textContent).toContain('Type the value again')

    fireEvent.submit(form)
    expect(await within(form).findByText(/type the value again to keep it in plain text/)).toBeTruthy()
    expect(api.callsTo('servers:update')).toEqual([])

    type(form, 'Value of API_TOKEN', 'not-a-secret-after-all')
    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(sentServer(api, 'servers:update')).toMatchObject({
      env: {
        API_TOKEN: { plain: 'not-a-secret-after-all' },
        MEMORY_FILE_PATH: { plain: '/home/ada/memory.json' },
      },
    })
  })

  it('gives a remote server’s headers the same choice', async () => {
    const api = new FakeDeskApi({
      servers: [
        {
          config: httpConfigFixture({
            id: 'remote',
            name: 'Remote',
            headers: { 'X-Region': { plain: 'eu' } },
          }),
        },
      ],
    })
    const form = await openForm(api, 'Edit Remote')
    expect(valueField(form, 'X-Region').value).toBe('eu')
    addRow(form, 'Add header', 'Authorization', 'Bearer b')
    expect(secretBox(form, 'Authorization').checked).toBe(true)
    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(sentServer(api, 'servers:update')).toMatchObject({
      headers: { 'X-Region': { plain: 'eu' }, Authorization: { value: 'Bearer b' } },
    })
  })
})
