import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ToolChange } from '../../../src/shared/mcp/server-state'
import { FakeDeskApi } from '../support/fake-desk-api'
import { viewDocumentFixture } from '../support/fake-views'
import { renderApp } from '../support/render-app'
import { stdioConfigFixture, toolFixture } from '../support/server-fixtures'

const view = { fingerprint: '0123456789abcdef'.repeat(4), bytes: 2048 }
const getTime = toolFixture({ name: 'get-time', ui: { resourceUri: 'ui://clock/view.html', view } }, 'clock')
const poll = toolFixture({ name: 'poll-stats', ui: { visibility: ['app'] } }, 'clock')
const modelOnly = toolFixture({ name: 'summarise', ui: { visibility: ['model'] } }, 'clock')

async function openServers(api: FakeDeskApi) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  fireEvent.click(within(screen.getByTestId('server-card-clock')).getByTestId('tool-count'))
  return rendered
}

function clockApi(): FakeDeskApi {
  const api = new FakeDeskApi({
    info: { viewSandbox: { origin: 'http://127.0.0.1:4999' } },
    servers: [
      {
        config: stdioConfigFixture({ id: 'clock', name: 'Clock' }),
        state: { status: 'connected', tools: [getTime, poll, modelOnly] },
      },
    ],
  })
  api.views.documents.set('clock/get-time', viewDocumentFixture())
  api.views.results.set('get-time', { content: [{ type: 'text', text: '12:00' }] })
  return api
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('tool views in the servers panel', () => {
  it('labels who may call a tool and offers Open view only for a tool with a view', async () => {
    await openServers(clockApi())
    expect(within(screen.getByTestId('tool-poll-stats')).getByTestId('tool-visibility').textContent).toBe(
      'View only',
    )
    expect(within(screen.getByTestId('tool-summarise')).getByTestId('tool-visibility').textContent).toBe(
      'Model only',
    )
    expect(within(screen.getByTestId('tool-get-time')).queryByTestId('tool-visibility')).toBeNull()
    expect(screen.getAllByRole('button', { name: /^Open the view of/ })).toHaveLength(1)
  })

  it('checks the arguments are a JSON object, calls the tool and opens its view full screen, in no conversation', async () => {
    const api = clockApi()
    await openServers(api)
    const open = screen.getByRole('button', { name: 'Open the view of get-time' })
    fireEvent.click(open)
    const dialog = screen.getByTestId('open-view-dialog')
    const field = within(dialog).getByLabelText('Arguments (JSON object)')
    expect((field as HTMLTextAreaElement).value).toBe('{}')
    fireEvent.change(field, { target: { value: '[1, 2]' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Call and open' }))
    expect(within(dialog).getByRole('alert').textContent).toContain('must be a JSON object')
    fireEvent.change(field, { target: { value: '{"zone": ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Call and open' }))
    expect(within(dialog).getByRole('alert').textContent).toContain('Not valid JSON')
    expect(api.callsTo('views:try')).toHaveLength(0)

    fireEvent.change(field, { target: { value: '{"zone": "UTC"}' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Call and open' }))
    const overlay = await screen.findByRole('dialog', { name: 'View of get-time · Clock' })
    expect(api.callsTo('views:try')).toEqual([
      { serverId: 'clock', toolName: 'get-time', arguments: { zone: 'UTC' } },
    ])
    expect(screen.queryByTestId('open-view-dialog')).toBeNull()
    expect(await within(overlay).findByTestId('app-view-frame')).toBeDefined()
    const close = within(overlay).getByRole('button', { name: 'Close view' })
    await waitFor(() => expect(document.activeElement).toBe(close))
    fireEvent.click(close)
    await waitFor(() => expect(screen.queryByTestId('app-view')).toBeNull())
    expect(document.activeElement).toBe(open)
    await waitFor(() => expect(api.views.closed).toHaveLength(1))
  })

  it('keeps the dialog open with the host’s reason when the call is refused', async () => {
    const api = clockApi()
    api.views.results.delete('get-time')
    await openServers(api)
    fireEvent.click(screen.getByRole('button', { name: 'Open the view of get-time' }))
    fireEvent.click(screen.getByRole('button', { name: 'Call and open' }))
    expect((await screen.findByRole('alert')).textContent).toBe('get-time was refused')
    expect(screen.queryByTestId('app-view')).toBeNull()
  })

  it('shows a view change before and after: resource, callers, size, fingerprint and domains', async () => {
    const api = clockApi()
    await openServers(api)
    const after = toolFixture(
      {
        name: 'get-time',
        ui: {
          resourceUri: 'ui://clock/view2.html',
          visibility: ['app'],
          view: {
            fingerprint: 'fedcba9876543210'.repeat(4),
            bytes: 4096,
            csp: { connectDomains: ['https://evil.example.com'] },
          },
        },
      },
      'clock',
    )
    const change: ToolChange = {
      kind: 'changed',
      name: 'get-time',
      exposedName: getTime.exposedName,
      fields: ['ui'],
      before: getTime,
      after,
    }
    act(() => api.servers.setState('clock', { pendingChanges: [change] }))
    const item = within(screen.getByTestId('pending-changes')).getByTestId('tool-change-get-time')
    expect(item.textContent).toContain('view')
    const facts = within(item).getByTestId('view-change')
    const text = facts.textContent
    expect(text).toContain('View resourceui://clock/view.htmlui://clock/view2.html')
    expect(text).toContain('Who may callthe model and its viewsits views')
    expect(text).toContain('Fingerprint0123456789abfedcba987654')
    expect(text).toContain('Domains (CSP)noneconnect https://evil.example.com')
    expect(text).toContain('HTML size')
  })
})
