import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createConnectionMonitor } from '../../../src/renderer/src/ipc/connection'
import { FakeDeskApi, settingsFixture } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { httpConfigFixture, stdioConfigFixture } from '../support/server-fixtures'

afterEach(cleanup)

describe('<App>', () => {
  it('renders the sidebar, conversation and composer with honest empty states and no drawer', async () => {
    await renderApp()
    const sidebar = screen.getByTestId('sidebar')
    expect(within(sidebar).getByText('No conversations yet')).toBeTruthy()
    expect(within(sidebar).getByText('No servers configured')).toBeTruthy()
    expect(within(screen.getByTestId('transcript')).getByText('Welcome to MCP Desk')).toBeTruthy()
    expect(screen.getByTestId('current-model').textContent).toBe('No model configured')
    expect(screen.queryByTestId('drawer')).toBeNull()
    expect(screen.queryByTestId('startup-warnings')).toBeNull()
  })

  it('shows a disabled composer with the reason it cannot send', async () => {
    await renderApp()
    const composer = screen.getByTestId('composer')
    const input = within(composer).getByLabelText<HTMLTextAreaElement>('Message')
    expect(input.disabled).toBe(true)
    const reason = document.getElementById(input.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toMatch(/needs a model provider, and none is configured/)
    expect(within(composer).getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true)
    // The empty conversation offers the one step chat still needs.
    fireEvent.click(screen.getByRole('button', { name: 'Add a model provider' }))
    expect(screen.getByTestId('models-panel')).toBeTruthy()
  })

  it('shows the pending approvals count on the bell and opens the approvals drawer from it', async () => {
    await renderApp()
    const bell = screen.getByTestId('approvals-bell')
    expect(bell.getAttribute('aria-label')).toBe('Pending approvals: 0')
    fireEvent.click(bell)
    expect(within(screen.getByTestId('drawer')).getByText('No pending approvals.')).toBeTruthy()
  })

  it('opens the drawer as a column beside the conversation, keeps the composer, and closes on Escape', async () => {
    await renderApp()
    const settingsButton = screen.getByRole('button', { name: 'Settings' })
    settingsButton.focus()
    fireEvent.click(settingsButton)
    const drawer = screen.getByTestId('drawer')
    expect(within(drawer).getByTestId('settings-panel')).toBeTruthy()
    expect(settingsButton.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement?.id).toBe('drawer-title')
    // The drawer is a sibling column, not an overlay inside the conversation.
    expect(drawer.parentElement).toBe(screen.getByTestId('conversation').parentElement)
    expect(screen.getByTestId('composer')).toBeTruthy()

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByTestId('drawer')).toBeNull()
    expect(document.activeElement).toBe(settingsButton)
  })

  it('lists servers in the sidebar with a dot per real status, each named for assistive tech', async () => {
    const api = new FakeDeskApi({
      servers: [
        { config: stdioConfigFixture({ id: 'alpha', name: 'Alpha' }), state: { status: 'connecting' } },
        { config: stdioConfigFixture({ id: 'beta', name: 'Beta' }), state: { status: 'connected' } },
        {
          config: stdioConfigFixture({ id: 'gamma', name: 'Gamma' }),
          state: { status: 'failed', failure: { reason: 'exited with exit code 3' } },
        },
        { config: httpConfigFixture({ id: 'delta', name: 'Delta', enabled: false }) },
      ],
    })
    await renderApp(api)
    const sidebar = screen.getByTestId('sidebar')
    const expected = [
      ['alpha', 'Connecting'],
      ['beta', 'Connected'],
      ['gamma', 'Failed'],
      ['delta', 'Disabled'],
    ] as const
    for (const [id, label] of expected) {
      const row = within(sidebar).getByTestId(`sidebar-server-${id}`)
      const dot = within(row).getByRole('img', { name: label })
      expect(dot.getAttribute('title')).toBe(label)
      expect(dot.classList.contains(`status-dot--${dot.dataset.status}`)).toBe(true)
      expect(row.getAttribute('title')).toContain(label)
    }
    // Four statuses, four different looks.
    const classes = new Set(
      within(sidebar)
        .getAllByRole('img')
        .map((dot) => dot.className),
    )
    expect(classes.size).toBe(4)
    expect(within(sidebar).queryByRole('img', { name: /sign-in/i })).toBeNull()

    act(() => api.servers.setState('alpha', { status: 'failed', failure: { reason: 'timed out' } }))
    expect(within(within(sidebar).getByTestId('sidebar-server-alpha')).getByRole('img').dataset.status).toBe(
      'failed',
    )

    fireEvent.click(within(sidebar).getByRole('button', { name: 'Details' }))
    expect(screen.getByTestId('servers-panel')).toBeTruthy()
  })

  it('shows startup warnings at the top of the window', async () => {
    const warning = '/home/ada/.mcp-desk/settings.json: servers.0.command: command must not be empty'
    await renderApp(new FakeDeskApi({ info: { startupWarnings: [warning] } }))
    expect(screen.getByTestId('startup-warnings').textContent).toContain(warning)
  })

  it('shows a settings.json that cannot be used, from app:info and live, until it is fixed', async () => {
    const broken = '/home/ada/.mcp-desk/settings.json is not valid JSON (line 3, column 5)'
    const { api } = await renderApp(new FakeDeskApi({ info: { settingsProblem: broken } }))
    expect(screen.getByTestId('settings-problem').textContent).toContain(broken)
    act(() => api.emit('settings:problem', { problem: null }))
    expect(screen.queryByTestId('settings-problem')).toBeNull()
    const invalid = '/home/ada/.mcp-desk/settings.json: settings are invalid: appearance.theme: invalid'
    act(() => api.emit('settings:problem', { problem: invalid }))
    expect(screen.getByTestId('settings-problem').textContent).toContain(invalid)
    expect(screen.getByTestId('settings-problem').textContent).toContain('saves no changes until it is fixed')
  })

  it('applies the theme from settings as data-theme and follows settings:changed', async () => {
    const { api, themeRoot } = await renderApp(
      new FakeDeskApi({ settings: { appearance: { theme: 'dark' } } }),
    )
    expect(themeRoot.dataset.theme).toBe('dark')
    act(() => api.emit('settings:changed', settingsFixture({ appearance: { theme: 'system' } })))
    expect(themeRoot.dataset.theme).toBe('system')
  })

  it('shows failed requests with their reason until dismissed', async () => {
    const api = new FakeDeskApi()
    api.fail('secrets:list', { code: 'unavailable', message: 'secret store is locked' })
    await renderApp(api)
    const errors = screen.getByTestId('errors')
    expect(errors.textContent).toContain('Could not list secrets: secret store is locked')
    fireEvent.click(within(errors).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByTestId('errors')).toBeNull()
  })

  it('says "disconnected — reload" when the connection closes, and the button reloads', async () => {
    const connection = createConnectionMonitor({ state: 'open' })
    let reloads = 0
    await renderApp(new FakeDeskApi(), { connection, reload: () => reloads++ })
    expect(screen.queryByTestId('connection-lost')).toBeNull()
    act(() => connection.set({ state: 'closed', reason: 'connection to MCP Desk closed (code 1006)' }))
    const banner = screen.getByTestId('connection-lost')
    expect(banner.textContent).toContain('Disconnected — reload.')
    expect(banner.textContent).toContain('code 1006')
    fireEvent.click(within(banner).getByRole('button', { name: 'Reload' }))
    expect(reloads).toBe(1)
  })
})
