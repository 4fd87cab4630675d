import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { stdioConfigFixture } from '../support/server-fixtures'

afterEach(cleanup)

function rootsApi(roots = { default: ['/home/ada/src'], servers: {} as Record<string, string[]> }) {
  return new FakeDeskApi({
    settings: { roots },
    servers: [{ config: stdioConfigFixture({ id: 'files', name: 'Files' }), state: { status: 'connected' } }],
  })
}

function folders(list: HTMLElement): string[] {
  return [...list.querySelectorAll('.roots-path')].map((path) => path.textContent ?? '')
}

function addFolder(editor: HTMLElement, path: string): void {
  fireEvent.change(within(editor).getByLabelText('Add folder (absolute path)'), { target: { value: path } })
  fireEvent.click(within(editor).getByRole('button', { name: 'Add' }))
}

describe('default folders in Settings', () => {
  it('adds and removes default folders with roots:grant / roots:revoke', async () => {
    const { api } = await renderApp(rootsApi())
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
    const editor = within(screen.getByTestId('roots-settings')).getByTestId('roots-editor-default')
    expect(folders(editor)).toEqual(['/home/ada/src'])

    addFolder(editor, '/home/ada/notes')
    await waitFor(() => expect(folders(editor)).toEqual(['/home/ada/src', '/home/ada/notes']))
    expect(api.callsTo('roots:grant')).toEqual([{ target: '*', folder: '/home/ada/notes' }])
    expect(within(editor).getByLabelText<HTMLInputElement>('Add folder (absolute path)').value).toBe('')

    fireEvent.click(within(editor).getByRole('button', { name: 'Remove /home/ada/src' }))
    await waitFor(() => expect(folders(editor)).toEqual(['/home/ada/notes']))
    expect(api.callsTo('roots:revoke')).toEqual([{ target: '*', folder: '/home/ada/src' }])
    expect(document.activeElement).toBe(within(editor).getByLabelText('Add folder (absolute path)'))
    expect(api.settings.roots.default).toEqual(['/home/ada/notes'])
  })

  it('refuses a relative path before asking, and shows the host’s refusal under the field', async () => {
    const { api } = await renderApp(rootsApi({ default: [], servers: {} }))
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }))
    const editor = screen.getByTestId('roots-editor-default')
    expect(editor.textContent).toContain('No default folders')

    addFolder(editor, 'projects')
    expect(within(editor).getByRole('alert').textContent).toContain('Use an absolute path')
    expect(api.callsTo('roots:grant')).toEqual([])

    api.fail('roots:grant', { code: 'validation_failed', message: '/nope does not exist' })
    addFolder(editor, '/nope')
    await waitFor(() => expect(within(editor).getByRole('alert').textContent).toBe('/nope does not exist'))
    const field = within(editor).getByLabelText<HTMLInputElement>('Add folder (absolute path)')
    expect(field.value).toBe('/nope')
    expect(field.getAttribute('aria-invalid')).toBe('true')
  })
})

describe('folders in a server card', () => {
  async function openCard(api: FakeDeskApi) {
    const rendered = await renderApp(api)
    fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
    const section = within(screen.getByTestId('server-card-files')).getByTestId('server-roots')
    fireEvent.click(within(section).getByTestId('server-roots-summary'))
    return { ...rendered, section }
  }

  it('shows that a server follows the defaults; adding a folder gives it its own list', async () => {
    const { api, section } = await openCard(rootsApi())
    const summary = within(section).getByTestId('server-roots-summary')
    expect(summary.textContent).toBe('Folders (roots): 1 folder, the default set')
    expect(within(section).getByTestId('server-roots-source').textContent).toContain(
      'Files follows the default folders',
    )
    expect(within(section).queryByRole('button', { name: 'Use the default folders' })).toBeNull()
    expect(folders(section)).toEqual(['/home/ada/src'])

    addFolder(section, '/srv/data')
    await waitFor(() => expect(summary.textContent).toBe('Folders (roots): 2 folders, its own list'))
    expect(api.callsTo('roots:grant')).toEqual([{ target: 'files', folder: '/srv/data' }])
    expect(folders(section)).toEqual(['/home/ada/src', '/srv/data'])
    expect(api.settings.roots).toEqual({
      default: ['/home/ada/src'],
      servers: { files: ['/home/ada/src', '/srv/data'] },
    })
  })

  it('removes a folder from its own list, and goes back to the default folders', async () => {
    const { api, section } = await openCard(
      rootsApi({ default: ['/home/ada/src'], servers: { files: ['/srv/data', '/srv/logs'] } }),
    )
    const summary = within(section).getByTestId('server-roots-summary')
    expect(summary.textContent).toBe('Folders (roots): 2 folders, its own list')
    fireEvent.click(within(section).getByRole('button', { name: 'Remove /srv/logs' }))
    await waitFor(() => expect(folders(section)).toEqual(['/srv/data']))
    expect(api.callsTo('roots:revoke')).toEqual([{ target: 'files', folder: '/srv/logs' }])

    fireEvent.click(within(section).getByRole('button', { name: 'Use the default folders' }))
    await waitFor(() => expect(summary.textContent).toBe('Folders (roots): 1 folder, the default set'))
    expect(api.callsTo('roots:use-default')).toEqual([{ serverId: 'files' }])
    expect(folders(section)).toEqual(['/home/ada/src'])
    expect(api.settings.roots.servers).toEqual({})
  })

  it('shows a refused "Use the default folders" in place', async () => {
    const api = rootsApi({ default: [], servers: { files: [] } })
    const { section } = await openCard(api)
    expect(section.textContent).toContain('No folders: Files is told it may use none.')
    api.fail('roots:use-default', { code: 'not_found', message: 'no server "files"' })
    fireEvent.click(within(section).getByRole('button', { name: 'Use the default folders' }))
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toBe('no server "files"'))
  })
})
