import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { cursorLink, echoLinkInstall } from './registry-fixtures'

afterEach(cleanup)

function apiWithLink(): FakeDeskApi {
  const api = new FakeDeskApi()
  api.registry.links.set(cursorLink, { kind: 'config', file: echoLinkInstall() })
  return api
}

/** A paste on the window outside any field, as Chromium dispatches it. */
function pasteOnWindow(text: string): Event {
  const event = new Event('paste', { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'clipboardData', {
    value: { files: [], getData: (type: string) => (type === 'text/plain' ? text : '') },
  })
  act(() => {
    document.body.dispatchEvent(event)
  })
  return event
}

/** The preview a link opens: where it comes from, that the server starts turned off, and Add. */
async function expectLinkPreview(): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name: 'Add echo' })
  expect(within(dialog).getByTestId('import-origin').textContent).toContain(
    'From an install link (cursor://anysphere.cursor-deeplink)',
  )
  expect(within(dialog).getByTestId('import-adds-disabled').textContent).toBe(
    'From an install link — the server is added turned off; turn it on when you trust it.',
  )
  return dialog
}

async function addAndExpectDisabled(api: FakeDeskApi, dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add 1 server' }))
  const summary = await within(dialog).findByTestId('import-summary')
  expect(screen.getByRole('dialog', { name: 'Server added' })).toBe(dialog)
  expect(summary.textContent).toContain(
    'Added 1 server from an install link (cursor://anysphere.cursor-deeplink).',
  )
  expect(summary.textContent).toContain('Added turned off')
  expect(api.callsTo('links:preview')).toEqual([{ link: cursorLink }])
  expect(api.callsTo('import:apply')).toHaveLength(1)
  await waitFor(() => expect(api.servers.state('echo')?.status).toBe('disabled'))
  expect(screen.getByTestId('sidebar-server-echo').className).toContain('sidebar-server--disabled')
}

describe('install links', () => {
  it('are pasted into the field reached from Servers, previewed, and added turned off', async () => {
    const api = apiWithLink()
    await renderApp(api)
    fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
    fireEvent.click(
      within(screen.getByTestId('servers-panel')).getByRole('button', { name: 'Install link…' }),
    )
    const start = screen.getByRole('dialog', { name: 'Install from a link' })
    fireEvent.change(within(start).getByLabelText('Install link'), { target: { value: `  ${cursorLink}\n` } })
    fireEvent.click(within(start).getByRole('button', { name: 'Preview' }))
    await addAndExpectDisabled(api, await expectLinkPreview())
  })

  it('give a refused link back in the field with the reason', async () => {
    const api = apiWithLink()
    await renderApp(api)
    fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
    fireEvent.click(
      within(screen.getByTestId('servers-panel')).getByRole('button', { name: 'Install link…' }),
    )
    const dialog = screen.getByRole('dialog', { name: 'Install from a link' })
    fireEvent.change(within(dialog).getByLabelText('Install link'), { target: { value: 'cursor://nothing' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    const error = await within(dialog).findByRole('alert')
    expect(error.textContent).toBe('not an install link MCP Desk reads: unknown scheme')
    const field = within(dialog).getByLabelText<HTMLInputElement>('Install link')
    expect(field.value).toBe('cursor://nothing')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(api.callsTo('import:apply')).toEqual([])
  })

  it('pasted anywhere on the window open the same preview', async () => {
    const api = apiWithLink()
    await renderApp(api)
    expect(pasteOnWindow(cursorLink).defaultPrevented).toBe(true)
    await addAndExpectDisabled(api, await expectLinkPreview())
  })

  it('pasted into the import box go where a link goes', async () => {
    const api = apiWithLink()
    await renderApp(api)
    fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
    fireEvent.click(within(screen.getByTestId('servers-panel')).getByRole('button', { name: 'Import…' }))
    const dialog = screen.getByRole('dialog', { name: 'Import MCP servers' })
    fireEvent.change(within(dialog).getByLabelText('Or paste the config'), { target: { value: cursorLink } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    await expectLinkPreview()
    expect(api.callsTo('import:preview')).toEqual([])
  })

  it('handed over by the desktop app (links:opened) open the preview', async () => {
    const api = apiWithLink()
    await renderApp(api)
    expect(api.listenerCount('links:opened')).toBe(1)
    act(() => api.emit('links:opened', { link: cursorLink }))
    await addAndExpectDisabled(api, await expectLinkPreview())
  })

  it('ignore a links:opened payload that is not a link, and a paste of ordinary text', async () => {
    const api = apiWithLink()
    await renderApp(api)
    act(() => api.emit('links:opened', { link: 42 } as never))
    act(() => api.emit('links:opened', { link: '   ' }))
    expect(pasteOnWindow('see cursor://x and more').defaultPrevented).toBe(false)
    expect(pasteOnWindow('hello').defaultPrevented).toBe(false)
    expect(api.callsTo('links:preview')).toEqual([])
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
