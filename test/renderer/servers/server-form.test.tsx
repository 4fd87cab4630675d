import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { httpConfigFixture, stdioConfigFixture } from '../support/server-fixtures'

afterEach(cleanup)

async function openForm(api: FakeDeskApi, button = 'Add server') {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  fireEvent.click(within(screen.getByTestId('servers-panel')).getByRole('button', { name: button }))
  return { ...rendered, form: screen.getByTestId('server-form') }
}

function type(form: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } })
}

function addRow(form: HTMLElement, button: 'Add variable' | 'Add header', name: string, value: string) {
  fireEvent.click(within(form).getByRole('button', { name: button }))
  const names = within(form).getAllByLabelText(button === 'Add variable' ? 'variable name' : 'header name')
  fireEvent.change(names.at(-1)!, { target: { value: name } })
  fireEvent.change(within(form).getByLabelText(`Value of ${name}`), { target: { value } })
}

describe('server form', () => {
  it('adds a stdio server: values sent as { value }, form closes, the new card shows it starting', async () => {
    const api = new FakeDeskApi()
    api.servers.holdConnections()
    const { form } = await openForm(api)
    expect(document.activeElement?.textContent).toBe('Add a server')
    type(form, 'Name', 'Notes')
    type(form, 'Command', '/usr/bin/node')
    type(form, 'Arguments', '/srv/notes server.js\n--root\n/home/ada/My Notes\n')
    type(form, 'Working folder (optional)', '/srv')
    addRow(form, 'Add variable', 'NOTES_TOKEN', 'tok-123456')
    const value = within(form).getByLabelText<HTMLInputElement>('Value of NOTES_TOKEN')
    expect(value.type).toBe('password')
    fireEvent.click(within(form).getByLabelText('Deny'))
    expect(form.textContent).toContain('Every request from this server to run a model is refused.')

    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(api.callsTo('servers:add')).toEqual([
      {
        server: {
          transport: 'stdio',
          name: 'Notes',
          command: '/usr/bin/node',
          args: ['/srv/notes server.js', '--root', '/home/ada/My Notes'],
          cwd: '/srv',
          env: { NOTES_TOKEN: { value: 'tok-123456' } },
          enabled: true,
          sampling: 'deny',
          toolsAlwaysLoaded: false,
          protocol: 'auto',
        },
      },
    ])
    const card = screen.getByTestId('server-card-notes')
    expect(within(card).getByTestId('status-pill').textContent).toBe('Starting…')
    expect(document.activeElement?.id).toBe('server-notes-name')
    expect(document.body.innerHTML).not.toContain('tok-123456')
    api.servers.releaseConnections()
    await waitFor(() => expect(within(card).getByTestId('status-pill').textContent).toBe('Connected'))
  })

  it('adds a remote server with a header value', async () => {
    const api = new FakeDeskApi()
    const { form } = await openForm(api)
    fireEvent.click(within(form).getByLabelText('Remote (HTTP)'))
    type(form, 'Name', 'Remote')
    type(form, 'URL', 'https://mcp.example.com/mcp')
    addRow(form, 'Add header', 'Authorization', 'Bearer xyz')
    fireEvent.click(within(form).getByLabelText('Enabled (connect to this server)'))
    fireEvent.change(within(form).getByLabelText('Protocol'), { target: { value: '2026-07-28' } })
    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(api.callsTo('servers:add')).toEqual([
      {
        server: {
          transport: 'http',
          name: 'Remote',
          url: 'https://mcp.example.com/mcp',
          headers: { Authorization: { value: 'Bearer xyz' } },
          enabled: false,
          sampling: 'ask',
          toolsAlwaysLoaded: false,
          protocol: '2026-07-28',
        },
      },
    ])
    expect(within(screen.getByTestId('server-card-remote')).getByTestId('status-pill').textContent).toBe(
      'Disabled',
    )
  })

  it('shows problems beside their fields and sends nothing', async () => {
    const api = new FakeDeskApi()
    const { form } = await openForm(api)
    addRow(form, 'Add variable', 'BAD KEY', 'v')
    fireEvent.submit(form)
    const name = within(form).getByLabelText('Name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(
      document.getElementById(name.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent,
    ).toBe('name must not be empty')
    expect(document.activeElement).toBe(name)
    expect(form.textContent).toContain('command must not be empty')
    expect(form.textContent).toContain('an env name is letters, digits and "_"')

    // Fixing a field clears its problem at once; the others stay until the next Save.
    type(form, 'Name', 'Notes')
    expect(name.getAttribute('aria-invalid')).toBe('false')
    expect(form.textContent).not.toContain('name must not be empty')
    expect(form.textContent).toContain('command must not be empty')

    fireEvent.click(within(form).getByLabelText('Remote (HTTP)'))
    type(form, 'Name', 'R')
    type(form, 'URL', 'ftp://files.example.com')
    fireEvent.submit(form)
    expect(form.textContent).toContain('url must be an http(s) URL')
    expect(api.callsTo('servers:add')).toEqual([])
  })

  it('shows what the host refused inside the form, once, and keeps what was typed', async () => {
    const api = new FakeDeskApi()
    api.fail('servers:add', { code: 'validation_failed', message: 'invalid server: command: not allowed' })
    const { form } = await openForm(api)
    type(form, 'Name', 'Notes')
    type(form, 'Command', 'notes')
    fireEvent.submit(form)
    const problem = await within(form).findByTestId('server-form-host-problem')
    expect(problem.textContent).toBe('Not added: invalid server: command: not allowed')
    expect(screen.queryByTestId('errors')).toBeNull()
    expect(within(form).getByLabelText<HTMLInputElement>('Command').value).toBe('notes')
  })

  it('edits without ever showing stored values: untouched ones are kept, typed ones replace, removed rows go', async () => {
    const api = new FakeDeskApi({
      servers: [
        {
          config: stdioConfigFixture({
            id: 'notes',
            name: 'Notes',
            command: '/usr/bin/notes',
            args: ['--stdio'],
            env: {
              KEEP: { secret: 'server.notes.env.KEEP' },
              SHARED: { secret: 'team-token' },
              REPLACE: { secret: 'server.notes.env.REPLACE' },
              DROP: { secret: 'server.notes.env.DROP' },
            },
            sampling: 'allow',
          }),
        },
      ],
    })
    const { form } = await openForm(api, 'Edit Notes')
    expect(within(form).getByLabelText<HTMLInputElement>('Command').value).toBe('/usr/bin/notes')
    expect(within(form).getByLabelText<HTMLInputElement>('Arguments').value).toBe('--stdio')
    expect(within(form).getByLabelText<HTMLInputElement>('Allow').checked).toBe(true)
    const rows = within(form).getByTestId('env-rows')
    for (const key of ['KEEP', 'SHARED', 'REPLACE', 'DROP']) {
      const input = within(rows).getByLabelText<HTMLInputElement>(`Value of ${key}`)
      expect(input.type).toBe('password')
      expect(input.value).toBe('')
      expect(input.placeholder).toBe('keep stored value')
    }
    expect(within(rows).getAllByText('••••• stored')).toHaveLength(3)
    expect(within(rows).getByText('secret: team-token')).toBeTruthy()
    // Stored names are fixed: a renamed key would have nothing to keep.
    expect(within(rows).queryAllByLabelText('variable name')).toEqual([])

    type(form, 'Value of REPLACE', 'fresh-value')
    fireEvent.click(within(rows).getByRole('button', { name: 'Remove DROP' }))
    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(api.callsTo('servers:update')).toEqual([
      {
        id: 'notes',
        server: {
          transport: 'stdio',
          name: 'Notes',
          command: '/usr/bin/notes',
          args: ['--stdio'],
          env: { KEEP: { keep: true }, SHARED: { keep: true }, REPLACE: { value: 'fresh-value' } },
          enabled: true,
          sampling: 'allow',
          toolsAlwaysLoaded: false,
          protocol: 'auto',
        },
      },
    ])
    expect(document.body.innerHTML).not.toContain('fresh-value')
  })

  it('asks again for a URL whose saved form hides a key', async () => {
    const api = new FakeDeskApi({
      servers: [
        { config: httpConfigFixture({ id: 'remote', name: 'Remote', url: 'https://h.example/mcp?key=***' }) },
      ],
    })
    const { form } = await openForm(api, 'Edit Remote')
    expect(within(form).getByLabelText<HTMLInputElement>('URL').value).toBe('')
    expect(form.textContent).toContain('Saved as https://h.example/mcp?key=***')
    fireEvent.submit(form)
    expect(form.textContent).toContain('enter the full URL again')
    expect(api.callsTo('servers:update')).toEqual([])
  })

  it('Cancel and Escape leave the form without saving and return focus', async () => {
    const api = new FakeDeskApi({ servers: [{ config: stdioConfigFixture({ id: 'notes', name: 'Notes' }) }] })
    const { form } = await openForm(api, 'Edit Notes')
    fireEvent.keyDown(within(form).getByLabelText('Name'), { key: 'Escape' })
    expect(screen.queryByTestId('server-form')).toBeNull()
    expect(screen.getByTestId('drawer')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Notes' }))

    fireEvent.click(screen.getByRole('button', { name: 'Add server' }))
    fireEvent.click(within(screen.getByTestId('server-form')).getByRole('button', { name: 'Cancel' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add server' }))
    expect(api.callsTo('servers:add')).toEqual([])
    expect(api.callsTo('servers:update')).toEqual([])
  })
})
