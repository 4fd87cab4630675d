import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { BundlePreview } from '../../../src/shared/import/bundle-info'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { OFFICIAL, memoryEntry, memoryInstall, weatherEntry } from './registry-fixtures'

afterEach(cleanup)

const MEMORY = 'io.github.modelcontextprotocol/server-memory'

function weatherBundle(): Omit<BundlePreview, 'bundleId'> {
  return {
    info: {
      name: 'weather',
      displayName: 'Weather',
      version: '1.0.0',
      description: 'Forecasts by city.',
      author: { name: 'Example' },
      manifestVersion: '0.3',
      server: {
        type: 'node',
        entryPoint: 'server/index.js',
        command: 'node',
        args: ['server/index.js'],
        envNames: [],
      },
      userConfig: [],
      tools: [],
      prompts: [],
      fileCount: 3,
      unpackedBytes: 2048,
      signed: false,
      notes: [],
    },
  }
}

function apiWithCatalog(): FakeDeskApi {
  const api = new FakeDeskApi()
  api.registry.entries = [memoryEntry(), weatherEntry()]
  api.registry.registries = [
    { url: OFFICIAL, name: 'MCP registry', entries: 2, syncing: false, syncedAt: new Date().toISOString() },
  ]
  api.registry.installs.set(`${MEMORY}|package:0`, { kind: 'config', file: memoryInstall() })
  api.registry.installs.set('io.example/weather|package:0', {
    kind: 'bundle',
    bundle: {
      preview: weatherBundle(),
      input: () => ({ transport: 'stdio', name: 'Weather', command: 'node', args: ['server/index.js'] }),
    },
  })
  return api
}

async function openEntry(api: FakeDeskApi, title: RegExp) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  fireEvent.click(within(screen.getByTestId('servers-panel')).getByRole('button', { name: 'Browse…' }))
  const browser = screen.getByTestId('registry-browser')
  fireEvent.click(await within(browser).findByRole('button', { name: title }))
  const detail = screen.getByTestId('registry-detail')
  return { ...rendered, detail }
}

describe('a registry entry', () => {
  it('shows its detail: versions, status, links, and install options with the unsupported ones disabled', async () => {
    const api = apiWithCatalog()
    api.registry.details.set(MEMORY, {
      versions: ['2026.8.31', '2026.1.2'],
      offline: false,
      entry: memoryEntry({ status: 'deprecated', statusMessage: 'Moved to io.example/memory.' }),
    })
    api.registry.details.set(`${MEMORY}@2026.1.2`, {
      versions: ['2026.8.31', '2026.1.2'],
      offline: false,
      entry: memoryEntry({ version: '2026.1.2' }),
    })
    const { detail } = await openEntry(api, /^Knowledge Graph Memory/)
    expect(document.activeElement?.textContent).toBe('Knowledge Graph Memory')
    expect(api.callsTo('registry:show')).toEqual([{ registryUrl: OFFICIAL, name: MEMORY }])
    expect((await within(detail).findByTestId('registry-detail-status')).textContent).toBe(
      'Deprecated: Moved to io.example/memory.',
    )
    const npm = within(detail).getByRole('radio', { name: /npm @modelcontextprotocol\/server-memory/ })
    expect((npm as HTMLInputElement).checked).toBe(true)
    expect(within(detail).getByText('Runs with npx')).toBeTruthy()
    const nuget = within(detail).getByRole<HTMLInputElement>('radio', { name: /NuGet/ })
    expect(nuget.disabled).toBe(true)
    expect(nuget.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(nuget.getAttribute('aria-describedby')!)?.textContent).toBe(
      'MCP Desk cannot install NuGet packages',
    )
    // Links leave the app only after asking.
    const repository = within(detail).getByRole('link', { name: 'github.com' })
    fireEvent.click(repository)
    expect(screen.getByRole('dialog', { name: 'Open this link outside MCP Desk?' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))

    const versions = within(detail).getByRole('combobox', { name: 'Version' })
    expect(
      within(versions)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026.8.31 (latest)', '2026.1.2'])
    fireEvent.change(versions, { target: { value: '2026.1.2' } })
    await waitFor(() => expect(within(detail).queryByTestId('registry-detail-status')).toBeNull())
    expect(api.callsTo('registry:show').at(-1)).toEqual({
      registryUrl: OFFICIAL,
      name: MEMORY,
      version: '2026.1.2',
    })

    fireEvent.click(within(detail).getByRole('button', { name: '← Back to results' }))
    expect(screen.queryByTestId('registry-detail')).toBeNull()
    expect((document.activeElement as HTMLElement | null)?.dataset.entry).toBe(MEMORY)
  })

  it('says when the registry could not be reached and the entry comes from the index', async () => {
    const api = apiWithCatalog()
    api.registry.details.set(MEMORY, { versions: [], offline: true })
    const { detail } = await openEntry(api, /^Knowledge Graph Memory/)
    expect((await within(detail).findByTestId('registry-detail-offline')).textContent).toContain(
      'could not be reached',
    )
    expect(within(detail).queryByRole('combobox', { name: 'Version' })).toBeNull()
    expect(within(detail).getByText('2026.8.31')).toBeTruthy()
  })
})

describe('install from the registry', () => {
  it('previews with the import preview, then adds the server, which connects', async () => {
    const api = apiWithCatalog()
    api.servers.holdConnections()
    const { detail } = await openEntry(api, /^Knowledge Graph Memory/)
    const install = within(detail).getByRole('button', { name: 'Install…' })
    install.focus()
    fireEvent.click(install)

    const dialog = await screen.findByRole('dialog', { name: 'Add server-memory' })
    expect(api.callsTo('registry:preview-install')).toEqual([
      { registryUrl: OFFICIAL, name: MEMORY, option: { kind: 'package', index: 0 } },
    ])
    expect(document.activeElement?.textContent).toBe('Add server-memory')
    expect(within(dialog).getByTestId('import-origin').textContent).toContain(
      'From the MCP registry at registry.modelcontextprotocol.io',
    )
    expect(within(dialog).queryByTestId('import-adds-disabled')).toBeNull()
    expect(within(dialog).queryByTestId('import-missing-runtimes')).toBeNull()
    expect(within(dialog).getByTestId('import-row-server-memory').textContent).toContain(
      'npx -y @modelcontextprotocol/server-memory@2026.8.31',
    )

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 1 server' }))
    const summary = await within(dialog).findByTestId('import-summary')
    expect(summary.textContent).toContain(
      'Added 1 server from the MCP registry at registry.modelcontextprotocol.io.',
    )
    expect(
      api.calls.map((call) => call.channel).filter((channel) => /registry:preview|import:/.test(channel)),
    ).toEqual(['registry:preview-install', 'import:apply'])
    expect(api.callsTo('import:apply')[0]).toMatchObject({
      previewId: 'preview-1',
      decisions: [{ sourceName: 'server-memory', action: 'add' }],
    })
    const added = within(summary).getByTestId('imported-server-memory')
    expect(within(added).getByRole('img').getAttribute('data-status')).toBe('starting')
    expect(screen.getByTestId('sidebar-server-server-memory')).toBeTruthy()
    act(() => api.servers.releaseConnections())
    await waitFor(() => expect(within(added).getByRole('img').getAttribute('data-status')).toBe('connected'))

    // Close (not "Import another": the user came from Browse) hands focus back to Install.
    expect(within(summary).queryByRole('button', { name: 'Import another' })).toBeNull()
    fireEvent.click(within(summary).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement?.textContent).toBe('Install…')
  })

  it('names missing runtimes above the rows, and still lets the user add the server', async () => {
    const api = apiWithCatalog()
    api.registry.installs.set(`${MEMORY}|package:0`, {
      kind: 'config',
      file: memoryInstall(),
      missingRuntimes: [{ command: 'npx', hint: 'Install Node.js from https://nodejs.org' }],
    })
    const { detail } = await openEntry(api, /^Knowledge Graph Memory/)
    fireEvent.click(within(detail).getByRole('button', { name: 'Install…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add server-memory' })
    const warning = within(dialog).getByTestId('import-missing-runtimes')
    expect(warning.textContent).toContain('npx is not installed on this computer')
    expect(warning.textContent).toContain('npx: Install Node.js from https://nodejs.org')
    // Above the rows.
    expect(warning.compareDocumentPosition(within(dialog).getByTestId('import-table'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    )
    const add = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add 1 server' })
    expect(add.disabled).toBe(false)
    fireEvent.click(add)
    const summary = await within(dialog).findByTestId('import-summary')
    expect(api.callsTo('import:apply')).toHaveLength(1)

    // Show servers leaves Browse for the list, where the new server is.
    fireEvent.click(within(summary).getByRole('button', { name: 'Show servers' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByTestId('registry-detail')).toBeNull()
    expect(screen.getByTestId('server-card-server-memory')).toBeTruthy()
  })

  it('installs an .mcpb entry with the bundle installer', async () => {
    const api = apiWithCatalog()
    const { detail } = await openEntry(api, /^Weather/)
    fireEvent.click(within(detail).getByRole('button', { name: 'Install…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Install Weather' })
    const form = within(dialog).getByTestId('bundle-install')
    fireEvent.click(within(form).getByRole('button', { name: 'Install' }))
    await within(dialog).findByTestId('import-summary')
    expect(api.callsTo('import:install-bundle')).toEqual([
      { bundleId: 'bundle-1', userConfig: {}, name: 'Weather', replace: false },
    ])
    expect(api.callsTo('import:apply')).toEqual([])
    expect(api.servers.configs.map((config) => config.name)).toEqual(['Weather'])
  })

  it('says a bundle reached through an install link is added turned off', async () => {
    const api = apiWithCatalog()
    const link = 'mcp-desk://install?name=io.example%2Fweather'
    api.registry.links.set(link, {
      kind: 'bundle',
      bundle: {
        preview: { ...weatherBundle(), addsDisabled: true },
        input: () => ({ transport: 'stdio', name: 'Weather', command: 'node', args: ['server/index.js'] }),
      },
    })
    await renderApp(api)
    act(() => api.emit('links:opened', { link }))
    const dialog = await screen.findByRole('dialog', { name: 'Install Weather' })
    expect(within(dialog).getByTestId('import-adds-disabled').textContent).toContain(
      'the server is added turned off',
    )
  })

  it('keeps the refusal beside Install and opens nothing', async () => {
    const api = apiWithCatalog()
    api.registry.installRefusals.set(
      `${MEMORY}|package:0`,
      'the package argument "; rm -rf ~" is not allowed: arguments are passed as they are, never to a shell',
    )
    const { detail } = await openEntry(api, /^Knowledge Graph Memory/)
    fireEvent.click(within(detail).getByRole('button', { name: 'Install…' }))
    expect((await within(detail).findByTestId('registry-install-error')).textContent).toContain(
      'Not installed: the package argument',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.callsTo('import:apply')).toEqual([])
  })
})
