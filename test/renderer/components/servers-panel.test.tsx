import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'

afterEach(cleanup)

async function openServers(api: FakeDeskApi) {
  await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  return screen.getByTestId('servers-panel')
}

describe('servers panel', () => {
  it('tells the user where servers are configured when there are none', async () => {
    const panel = await openServers(new FakeDeskApi())
    expect(panel.textContent).toContain('No servers configured')
    expect(panel.textContent).toContain('settings.json at /home/ada/.mcp-desk/settings.json')
  })

  it('shows name, transport label and enabled state, masking values and naming secret references', async () => {
    const panel = await openServers(
      new FakeDeskApi({
        settings: {
          servers: [
            {
              id: 'notes',
              name: 'Notes',
              enabled: true,
              transport: 'stdio',
              command: '/opt/tools/notes-mcp',
              args: ['--verbose'],
              env: { DEBUG: { masked: true }, NOTES_TOKEN: { secret: 'notes-token' } },
            },
            {
              id: 'remote',
              name: 'Remote',
              enabled: false,
              transport: 'http',
              url: 'https://mcp.example.com/mcp?key=***',
              headers: { Authorization: { masked: true } },
            },
          ],
        },
      }),
    )
    const notes = within(panel).getByTestId('server-card-notes')
    expect(within(notes).getByText('stdio: notes-mcp')).toBeTruthy()
    expect(within(notes).getByText('Enabled')).toBeTruthy()
    expect(within(notes).getByText('DEBUG')).toBeTruthy()
    expect(within(notes).getByLabelText('hidden value').textContent).toBe('••••••••')
    expect(within(notes).getByText('secret: notes-token')).toBeTruthy()
    expect(notes.classList.contains('server-card--disabled')).toBe(false)

    const remote = within(panel).getByTestId('server-card-remote')
    expect(within(remote).getByText('mcp.example.com')).toBeTruthy()
    expect(within(remote).getByText('Disabled')).toBeTruthy()
    expect(within(remote).getByText('Authorization')).toBeTruthy()
    expect(within(remote).getByLabelText('hidden value')).toBeTruthy()
    expect(remote.classList.contains('server-card--disabled')).toBe(true)
  })
})
