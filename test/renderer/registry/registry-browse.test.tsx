import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { OFFICIAL, memoryEntry, weatherEntry } from './registry-fixtures'

afterEach(cleanup)

const MINUTE = 60_000

function apiWithCatalog(): FakeDeskApi {
  const api = new FakeDeskApi()
  api.registry.entries = [
    memoryEntry(),
    weatherEntry(),
    memoryEntry({
      name: 'io.example/old-notes',
      title: 'Old notes',
      description: 'Notes kept in memory.',
      status: 'deprecated',
      statusMessage: 'Use Knowledge Graph Memory instead.',
    }),
  ]
  api.registry.registries = [
    {
      url: OFFICIAL,
      name: 'MCP registry',
      entries: 3,
      syncing: false,
      syncedAt: new Date(Date.now() - 3 * MINUTE).toISOString(),
    },
  ]
  return api
}

async function openBrowse(api = apiWithCatalog()) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  fireEvent.click(within(screen.getByTestId('servers-panel')).getByRole('button', { name: 'Browse…' }))
  const browser = screen.getByTestId('registry-browser')
  await within(browser).findByTestId('registry-results')
  return { ...rendered, browser }
}

function resultNames(browser: HTMLElement): string[] {
  return within(browser)
    .queryAllByRole('button', { name: /\d/ })
    .map((button) => button.dataset.entry)
    .filter((name): name is string => name !== undefined)
}

describe('Servers → Browse', () => {
  it('opens on the heading, lists the active servers, and goes back to the Browse button', async () => {
    const { browser } = await openBrowse()
    expect(document.activeElement?.textContent).toBe('Browse servers')
    expect(within(browser).getByTestId('registry-results-line').textContent).toBe('2 servers')
    expect(resultNames(browser)).toEqual([
      'io.github.modelcontextprotocol/server-memory',
      'io.example/weather',
    ])
    const open = within(browser).getByRole('button', { name: 'Knowledge Graph Memory 2026.8.31' })
    expect(open.getAttribute('aria-describedby')).toBeTruthy()
    const memory = within(browser).getByTestId('registry-entry-io.github.modelcontextprotocol/server-memory')
    expect(memory.textContent).toContain('io.github.modelcontextprotocol/server-memory')
    expect(memory.textContent).toContain('A knowledge graph')
    // The kinds it offers; one MCP Desk cannot install is marked.
    expect(memory.textContent).toContain('npm')
    expect(memory.textContent).toContain('nuget (not supported)')
    // No icon listed: the neutral letter.
    expect(memory.querySelector('.registry-icon--letter')?.textContent).toBe('K')

    fireEvent.click(within(browser).getByRole('button', { name: '← Back to servers' }))
    expect(screen.queryByTestId('registry-browser')).toBeNull()
    expect(document.activeElement?.textContent).toBe('Browse…')
  })

  it('searches the local index on every input event, and only the newest answer is shown', async () => {
    const { api, browser } = await openBrowse()
    const box = within(browser).getByRole('searchbox', { name: 'Search servers' })
    api.hold('registry:search')
    fireEvent.change(box, { target: { value: 'w' } })
    fireEvent.change(box, { target: { value: 'memory' } })
    expect(api.callsTo('registry:search').slice(-2)).toEqual([
      { query: 'w', includeInactive: false, limit: 50 },
      { query: 'memory', includeInactive: false, limit: 50 },
    ])
    act(() => api.release('registry:search'))
    await waitFor(() =>
      expect(within(browser).getByTestId('registry-results-line').textContent).toBe(
        '1 server matching “memory”',
      ),
    )
    expect(resultNames(browser)).toEqual(['io.github.modelcontextprotocol/server-memory'])

    fireEvent.click(within(browser).getByRole('checkbox', { name: 'Show deprecated and deleted' }))
    const old = await within(browser).findByRole('button', { name: 'Old notes 2026.8.31' })
    const about = document.getElementById(old.getAttribute('aria-describedby')!)
    expect(about?.textContent).toContain('Deprecated. Use Knowledge Graph Memory instead.')
    expect(within(browser).getByTestId('registry-entry-io.example/old-notes').textContent).toContain(
      'Deprecated',
    )
    expect(api.callsTo('registry:search').at(-1)).toEqual({
      query: 'memory',
      includeInactive: true,
      limit: 50,
    })

    fireEvent.change(box, { target: { value: 'nothing like it' } })
    await waitFor(() =>
      expect(within(browser).getByTestId('registry-results-line').textContent).toBe(
        'No servers match “nothing like it”',
      ),
    )
    expect(within(browser).queryByTestId('registry-results')).toBeNull()
  })

  it('shows the sync state: synced, syncing, and a failure with what search still answers from', async () => {
    const { api, browser } = await openBrowse()
    const line = () => within(browser).getByTestId('registry-status-line')
    expect(line().textContent).toBe('Synced 3 minutes ago · 3 servers')

    act(() => api.registry.setState(OFFICIAL, { syncing: true }))
    expect(line().textContent).toBe('Syncing… · 3 servers so far')
    expect(within(browser).getByRole('button', { name: 'Syncing…' }).getAttribute('aria-disabled')).toBe(
      'true',
    )

    act(() =>
      api.registry.setState(OFFICIAL, { syncing: false, error: 'the registry answered 502 Bad Gateway' }),
    )
    expect(line().textContent).toBe(
      'Sync failed: the registry answered 502 Bad Gateway — showing what was synced before (3 servers)',
    )
    expect(line().dataset.tone).toBe('failed')
    // Search still answers from the index.
    expect(resultNames(browser)).toHaveLength(2)
  })

  it('syncs a never-synced registry when Browse opens, and again with Sync; says so when refused', async () => {
    const api = apiWithCatalog()
    api.registry.registries = [{ url: OFFICIAL, name: 'MCP registry', entries: 0, syncing: false }]
    const { browser } = await openBrowse(api)
    const line = () => within(browser).getByTestId('registry-status-line').textContent
    await waitFor(() => expect(line()).toBe('Synced just now · 3 servers'))
    expect(api.callsTo('registry:sync')).toEqual([{}])

    fireEvent.click(within(browser).getByRole('button', { name: 'Sync' }))
    await waitFor(() => expect(api.callsTo('registry:sync')).toEqual([{}, {}]))

    api.fail('registry:sync', { code: 'unavailable', message: 'registry:sync is unavailable' })
    fireEvent.click(within(browser).getByRole('button', { name: 'Sync' }))
    expect((await within(browser).findByRole('alert')).textContent).toBe(
      'Sync failed: registry:sync is unavailable',
    )
  })

  it('does not sync on opening a registry synced within the hour', async () => {
    const { api, browser } = await openBrowse()
    await waitFor(() => expect(api.callsTo('registry:search').length).toBeGreaterThan(0))
    expect(within(browser).getByTestId('registry-status-line').textContent).toBe(
      'Synced 3 minutes ago · 3 servers',
    )
    expect(api.callsTo('registry:sync')).toEqual([])
  })

  it('picks one registry among several, and syncs and searches only that one', async () => {
    const api = apiWithCatalog()
    const mirror = 'https://mcp.example.org'
    api.registry.registries = [
      ...api.registry.registries,
      { url: mirror, name: 'Company mirror', entries: 0, syncing: false },
    ]
    // Never synced: opening Browse syncs every registry (the synced one only asks what changed).
    api.hold('registry:sync')
    const { browser } = await openBrowse(api)
    expect(
      within(browser)
        .getAllByTestId('registry-status-line')
        .map((line) => line.textContent),
    ).toEqual([
      'MCP registry: Synced 3 minutes ago · 3 servers',
      'Company mirror: Not synced yet — choose Sync to fetch its servers',
    ])
    expect(api.callsTo('registry:sync')).toEqual([{}])
    api.release('registry:sync')
    fireEvent.change(within(browser).getByRole('combobox', { name: 'Registry' }), {
      target: { value: mirror },
    })
    await waitFor(() => expect(api.callsTo('registry:search').at(-1)).toMatchObject({ registryUrl: mirror }))
    expect(within(browser).getAllByTestId('registry-status-line')).toHaveLength(1)
    fireEvent.click(within(browser).getByRole('button', { name: 'Sync' }))
    await waitFor(() => expect(api.callsTo('registry:sync')).toEqual([{}, { url: mirror }]))
  })

  it('adds and removes registries, showing each refusal where it happened', async () => {
    const { api, browser } = await openBrowse()
    const toggle = within(browser).getByRole('button', { name: 'Registries…' })
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const manager = within(browser).getByTestId('registry-manager')

    fireEvent.change(within(manager).getByLabelText('Registry URL'), { target: { value: 'ftp://nope' } })
    fireEvent.click(within(manager).getByRole('button', { name: 'Add registry' }))
    const refusal = await within(manager).findByRole('alert')
    expect(refusal.textContent).toBe('a registry URL starts with https://')
    expect(within(manager).getByLabelText('Registry URL').getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(within(manager).getByLabelText('Registry URL'), {
      target: { value: 'https://mcp.example.org' },
    })
    fireEvent.change(within(manager).getByLabelText('Name (optional)'), {
      target: { value: 'Company mirror' },
    })
    fireEvent.click(within(manager).getByRole('button', { name: 'Add registry' }))
    await within(manager).findByText('Company mirror')
    expect(api.callsTo('registry:add').at(-1)).toEqual({
      url: 'https://mcp.example.org',
      name: 'Company mirror',
    })
    expect(within(manager).getByLabelText<HTMLInputElement>('Registry URL').value).toBe('')
    // Two registries now: the picker appears.
    expect(within(browser).getByRole('combobox', { name: 'Registry' })).toBeTruthy()

    api.fail('registry:remove', { code: 'unavailable', message: 'settings.json could not be written' })
    fireEvent.click(within(manager).getByRole('button', { name: 'Remove Company mirror (mcp.example.org)' }))
    expect((await within(manager).findByRole('alert')).textContent).toBe('settings.json could not be written')
    api.succeed('registry:remove')
    fireEvent.click(within(manager).getByRole('button', { name: 'Remove Company mirror (mcp.example.org)' }))
    await waitFor(() => expect(within(manager).queryByText('Company mirror')).toBeNull())
    expect(api.registry.registries.map((registry) => registry.url)).toEqual([OFFICIAL])
  })

  it('shows the icon the host fetched instead of the letter', async () => {
    const api = apiWithCatalog()
    const icon = 'data:image/png;base64,iVBORw0KGgo='
    api.registry.entries = [memoryEntry({ hasIcon: true })]
    api.registry.icons.set('io.github.modelcontextprotocol/server-memory', icon)
    const { browser } = await openBrowse(api)
    await waitFor(() => expect(browser.querySelector('img.registry-icon')?.getAttribute('src')).toBe(icon))
    expect(api.callsTo('registry:icon')).toEqual([
      { registryUrl: OFFICIAL, name: 'io.github.modelcontextprotocol/server-memory' },
    ])
  })

  it('says when the registries cannot be listed', async () => {
    const api = apiWithCatalog()
    api.fail('registry:list', { code: 'unavailable', message: 'registry:list is unavailable' })
    const { browser } = await openBrowse(api)
    expect((await within(browser).findByRole('alert')).textContent).toBe(
      'Could not list the registries: registry:list is unavailable',
    )
  })
})
