import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { httpConfigFixture } from '../support/server-fixtures'

afterEach(cleanup)

async function openForm(api: FakeDeskApi, button = 'Add server') {
  await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  fireEvent.click(within(screen.getByTestId('servers-panel')).getByRole('button', { name: button }))
  return screen.getByTestId('server-form')
}

function type(form: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } })
}

function oauthSection(form: HTMLElement): HTMLDetailsElement {
  return within(form).getByTestId<HTMLDetailsElement>('server-form-oauth')
}

const legacyWithClient = () =>
  new FakeDeskApi({
    servers: [
      {
        config: httpConfigFixture({
          id: 'legacy',
          name: 'Legacy',
          transport: 'sse',
          url: 'https://legacy.example/sse',
          oauth: {
            clientId: 'desk-client',
            clientSecret: { secret: 'server.legacy.oauth.clientSecret' },
            scopes: ['read', 'write'],
          },
        }),
      },
    ],
  })

describe('server form: remote transport and OAuth', () => {
  it('adds a legacy SSE server with a pre-registered OAuth client', async () => {
    const api = new FakeDeskApi()
    const form = await openForm(api)
    fireEvent.click(within(form).getByLabelText('Remote (HTTP)'))
    const transport = within(form).getByRole('group', { name: 'Transport' })
    expect(within(transport).getByLabelText<HTMLInputElement>('Streamable HTTP').checked).toBe(true)
    fireEvent.click(within(transport).getByLabelText('SSE (legacy)'))
    type(form, 'Name', 'Legacy')
    type(form, 'URL', 'https://legacy.example/sse')

    expect(oauthSection(form).open).toBe(false)
    fireEvent.click(within(form).getByText('OAuth (optional)'))
    expect(oauthSection(form).open).toBe(true)
    type(form, 'Client ID', ' desk-client ')
    const secret = within(form).getByLabelText<HTMLInputElement>('Client secret')
    expect(secret.type).toBe('password')
    type(form, 'Client secret', 'client-secret-77')
    type(form, 'Scopes', ' read  write ')
    fireEvent.submit(form)

    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(api.callsTo('servers:add')).toEqual([
      {
        server: {
          transport: 'sse',
          name: 'Legacy',
          url: 'https://legacy.example/sse',
          headers: {},
          oauth: {
            clientId: 'desk-client',
            clientSecret: { value: 'client-secret-77' },
            scopes: ['read', 'write'],
          },
          enabled: true,
          sampling: 'ask',
          toolsAlwaysLoaded: false,
          protocol: 'auto',
        },
      },
    ])
    expect(document.body.innerHTML).not.toContain('client-secret-77')
  })

  it('edits without showing the stored client secret: left empty it is kept', async () => {
    const api = legacyWithClient()
    const form = await openForm(api, 'Edit Legacy')
    expect(within(form).getByLabelText<HTMLInputElement>('SSE (legacy)').checked).toBe(true)
    expect(oauthSection(form).open).toBe(true)
    expect(within(form).getByLabelText<HTMLInputElement>('Client ID').value).toBe('desk-client')
    expect(within(form).getByLabelText<HTMLInputElement>('Scopes').value).toBe('read write')
    const secret = within(form).getByLabelText<HTMLInputElement>('Client secret')
    expect(secret.value).toBe('')
    expect(secret.placeholder).toBe('keep stored value')
    expect(within(oauthSection(form)).getByText('••••• stored')).toBeTruthy()

    fireEvent.submit(form)
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(api.callsTo('servers:update')).toMatchObject([
      {
        id: 'legacy',
        server: {
          transport: 'sse',
          oauth: { clientId: 'desk-client', clientSecret: { keep: true }, scopes: ['read', 'write'] },
        },
      },
    ])
  })

  it('removes the stored client secret, and can switch the server to Streamable HTTP', async () => {
    const api = legacyWithClient()
    const form = await openForm(api, 'Edit Legacy')
    fireEvent.click(within(form).getByRole('button', { name: 'Remove the stored client secret' }))
    expect(document.activeElement).toBe(within(form).getByLabelText('Client secret'))
    expect(within(oauthSection(form)).queryByText('••••• stored')).toBeNull()
    fireEvent.click(within(form).getByLabelText('Streamable HTTP'))
    fireEvent.submit(form)

    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(api.callsTo('servers:update')).toMatchObject([
      { server: { transport: 'http', oauth: { clientId: 'desk-client', scopes: ['read', 'write'] } } },
    ])
    expect(JSON.stringify(api.callsTo('servers:update'))).not.toContain('clientSecret')
  })

  it('asks for the client id a typed secret belongs to, opening the section and focusing the field', async () => {
    const api = new FakeDeskApi()
    const form = await openForm(api)
    fireEvent.click(within(form).getByLabelText('Remote (HTTP)'))
    type(form, 'Name', 'Remote')
    type(form, 'URL', 'https://mcp.example.com/mcp')
    fireEvent.click(within(form).getByText('OAuth (optional)'))
    type(form, 'Client secret', 'lonely-secret')
    fireEvent.click(within(form).getByText('OAuth (optional)'))
    expect(oauthSection(form).open).toBe(false)

    fireEvent.submit(form)

    expect(oauthSection(form).open).toBe(true)
    const clientId = within(form).getByLabelText('Client ID')
    expect(clientId.getAttribute('aria-invalid')).toBe('true')
    expect(form.textContent).toContain('enter the client id this secret belongs to')
    await waitFor(() => expect(document.activeElement).toBe(clientId))
    expect(api.callsTo('servers:add')).toEqual([])
  })
})
