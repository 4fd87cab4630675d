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

const DOCUMENT_URL = 'https://desk.example.org/oauth/client.json'
const LABEL = 'Client ID metadata URL'

/** The add form for a remote server named Docs, its OAuth section opened. */
async function openRemoteAddWithOAuth(api: FakeDeskApi): Promise<HTMLElement> {
  const form = await openForm(api)
  fireEvent.click(within(form).getByLabelText('Remote (HTTP)'))
  type(form, 'Name', 'Docs')
  type(form, 'URL', 'https://docs.example.com/mcp')
  fireEvent.click(within(form).getByText('OAuth (optional)'))
  return form
}

const withDocumentUrl = () =>
  new FakeDeskApi({
    servers: [
      {
        config: httpConfigFixture({
          id: 'docs',
          name: 'Docs',
          url: 'https://docs.example.com/mcp',
          oauth: { clientMetadataUrl: DOCUMENT_URL, scopes: ['read'] },
        }),
      },
    ],
  })

describe('server form: OAuth client id metadata URL', () => {
  it('keeps the URL of a saved server when something else is edited', async () => {
    const api = withDocumentUrl()
    const form = await openForm(api, 'Edit Docs')
    // A saved URL is an OAuth setting: the section starts open so the user sees what will be kept.
    expect(oauthSection(form).open).toBe(true)
    expect(within(form).getByLabelText<HTMLInputElement>(LABEL).value).toBe(DOCUMENT_URL)
    type(form, 'Name', 'Docs (work)')
    fireEvent.submit(form)

    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(api.callsTo('servers:update')).toMatchObject([
      {
        id: 'docs',
        server: { name: 'Docs (work)', oauth: { clientMetadataUrl: DOCUMENT_URL, scopes: ['read'] } },
      },
    ])
  })

  it('sends no URL once the field is emptied', async () => {
    const api = withDocumentUrl()
    const form = await openForm(api, 'Edit Docs')
    type(form, LABEL, '  ')
    fireEvent.submit(form)

    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(api.callsTo('servers:update')).toMatchObject([{ server: { oauth: { scopes: ['read'] } } }])
    expect(JSON.stringify(api.callsTo('servers:update'))).not.toContain('clientMetadataUrl')
  })

  it('adds a server with a URL, explained beside the field', async () => {
    const api = new FakeDeskApi()
    const form = await openRemoteAddWithOAuth(api)
    const field = within(form).getByLabelText<HTMLInputElement>(LABEL)
    expect(field.type).toBe('url')
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '')
    expect(hint?.textContent).toContain('Client ID Metadata Documents')
    expect(hint?.textContent).toContain('MCP Desk registers itself')
    type(form, LABEL, ` ${DOCUMENT_URL} `)
    fireEvent.submit(form)

    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull())
    expect(api.callsTo('servers:add')).toMatchObject([
      { server: { transport: 'http', oauth: { clientMetadataUrl: DOCUMENT_URL } } },
    ])
  })

  it('refuses a URL that is not https, opening the section and focusing the field', async () => {
    const api = new FakeDeskApi()
    const form = await openRemoteAddWithOAuth(api)
    type(form, LABEL, 'http://desk.example.org/client.json')
    fireEvent.click(within(form).getByText('OAuth (optional)'))
    expect(oauthSection(form).open).toBe(false)

    fireEvent.submit(form)

    expect(oauthSection(form).open).toBe(true)
    const field = within(form).getByLabelText(LABEL)
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(form.textContent).toContain('a client id metadata document URL must be an https URL')
    await waitFor(() => expect(document.activeElement).toBe(field))
    expect(api.callsTo('servers:add')).toEqual([])
  })
})
