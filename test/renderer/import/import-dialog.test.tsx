import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { claudeDesktopFile, claudeDesktopText, textFile } from '../support/import-fixtures'
import { renderApp } from '../support/render-app'
import { stdioConfigFixture } from '../support/server-fixtures'

afterEach(cleanup)

function apiWithServers(): FakeDeskApi {
  const api = new FakeDeskApi({
    servers: [
      { config: stdioConfigFixture({ id: 'notes', name: 'notes', command: 'notes-mcp' }) },
      { config: stdioConfigFixture({ id: 'search', name: 'search', command: 'search-mcp' }) },
    ],
  })
  api.imports.files.set(claudeDesktopText, claudeDesktopFile())
  return api
}

/** A window-level drag event carrying files, as Chromium dispatches them (jsdom has no DragEvent). */
function drag(type: 'dragenter' | 'dragover' | 'dragleave' | 'drop', files: unknown[] = []) {
  const event = new Event(type, { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'dataTransfer', {
    value: { types: ['Files'], files, dropEffect: 'none' },
  })
  act(() => {
    document.body.dispatchEvent(event)
  })
  return event
}

async function dropFile(name: string, text: string) {
  drag('dragenter')
  drag('dragover')
  const dropped = drag('drop', [textFile(name, text)])
  expect(dropped.defaultPrevented).toBe(true)
  return screen.findByRole('dialog')
}

describe('drop import', () => {
  it('dims the window with what a drop does while a file is dragged over it, and only then', async () => {
    await renderApp(apiWithServers())
    expect(screen.queryByTestId('drop-overlay')).toBeNull()
    const entered = drag('dragenter')
    expect(entered.defaultPrevented).toBe(true)
    expect(screen.getByTestId('drop-overlay').textContent).toContain('Drop an MCP config to import')
    drag('dragenter') // crossing into a child element
    drag('dragleave')
    expect(screen.queryByTestId('drop-overlay')).not.toBeNull()
    drag('dragleave')
    expect(screen.queryByTestId('drop-overlay')).toBeNull()
  })

  it('names the transport before each destination: stdio and the legacy SSE, a plain URL for HTTP', async () => {
    const api = apiWithServers()
    const file = claudeDesktopFile()
    const remote = { ...file.preview.rows[0]!, status: 'new' as const, changes: [], notes: [] }
    file.preview.rows = [
      file.preview.rows[0]!,
      {
        ...remote,
        sourceName: 'events',
        name: 'events',
        transport: 'sse',
        destination: 'https://events.example.com/sse',
      },
      {
        ...remote,
        sourceName: 'docs',
        name: 'docs',
        transport: 'http',
        destination: 'https://docs.example.com/mcp',
      },
    ]
    const text = JSON.stringify({ mcpServers: { remote: { url: 'https://events.example.com/sse' } } })
    api.imports.files.set(text, file)
    await renderApp(api)
    const dialog = await dropFile('mcp.json', text)
    const destination = async (name: string) =>
      (await within(dialog).findByTestId(`import-row-${name}`)).querySelector('.import-row-destination')
        ?.textContent
    expect(await destination('github')).toBe('stdio: npx -y @modelcontextprotocol/server-github')
    expect(await destination('events')).toBe('SSE: https://events.example.com/sse')
    expect(await destination('docs')).toBe('https://docs.example.com/mcp')
  })

  it('shows per row what it is given: sampling policy, env names marked secret, never a value', async () => {
    await renderApp(apiWithServers())
    const dialog = await dropFile('claude_desktop_config.json', claudeDesktopText)
    const github = await within(dialog).findByTestId('import-row-github')
    const grants = within(github).getByLabelText('What github is given')
    expect(grants.textContent).toContain('Sampling Ask: each request to run a model waits for your approval')
    expect(grants.textContent).toContain('Env GITHUB_TOKEN (secret)')
    expect(dialog.textContent).not.toContain('from-env')
    // No row of this file asks for more: no box to allow sampling.
    expect(within(dialog).queryByRole('checkbox', { name: /run models without asking/ })).toBeNull()
  })

  it("imports a file's sampling allow as ask unless the box on that row is ticked", async () => {
    const api = apiWithServers()
    const file = claudeDesktopFile()
    const github = file.preview.rows[0]!
    file.preview.rows = [
      github,
      {
        ...github,
        sourceName: 'summarizer',
        name: 'summarizer',
        destination: 'uvx summarizer-mcp',
        fileAllowsSampling: true,
        env: [{ name: 'LOG_LEVEL', secret: false }],
      },
    ]
    file.inputs.summarizer = { ...file.inputs.github!, name: 'summarizer' }
    const text = JSON.stringify({
      mcp: { summarizer: { type: 'local', command: ['uvx', 'summarizer-mcp'] } },
    })
    api.imports.files.set(text, file)
    await renderApp(api)
    const dialog = await dropFile('opencode.json', text)
    const row = await within(dialog).findByTestId('import-row-summarizer')
    expect(within(row).getByTestId('import-sampling-summarizer').textContent).toMatch(/^Ask: /)
    expect(within(row).getByText('LOG_LEVEL').parentElement?.textContent).toBe('LOG_LEVEL (plain)')
    const allow = within(row).getByRole<HTMLInputElement>('checkbox', {
      name: 'Let summarizer run models without asking, as the file says',
    })
    expect(allow.checked).toBe(false)
    fireEvent.click(allow)
    expect(within(row).getByTestId('import-sampling-summarizer').textContent).toMatch(/^Allow: /)
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Read values I leave empty/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 2 servers' }))
    await screen.findByTestId('import-summary')
    expect((api.callsTo('import:apply')[0] as { decisions: unknown }).decisions).toEqual([
      { sourceName: 'github', action: 'add' },
      { sourceName: 'summarizer', action: 'add', allowSampling: true },
    ])
  })

  it('previews a dropped file per server, and imports only the choices made', async () => {
    const { api, store } = await renderApp(apiWithServers())
    const dialog = await dropFile('claude_desktop_config.json', claudeDesktopText)
    expect(await within(dialog).findByRole('heading', { name: /Import from Claude Desktop/ })).toBeTruthy()
    expect(screen.queryByTestId('drop-overlay')).toBeNull()
    expect(api.callsTo('import:preview')).toEqual([
      { text: claudeDesktopText, fileName: 'claude_desktop_config.json' },
    ])
    expect(dialog.textContent).toContain('3 servers in this file: 1 new, 1 changed, 1 name taken')

    const row = (name: string) => within(dialog).getByTestId(`import-row-${name}`)
    expect(row('github').textContent).toContain('New')
    expect(row('notes').textContent).toContain('Changed')
    expect(row('notes').textContent).toContain('args (empty) → --verbose')
    expect(row('search').textContent).toContain('Name taken')
    expect(row('search').textContent).toContain('autoApprove is not imported')
    const choice = (name: string) =>
      within(row(name)).getByRole('combobox', { name: `What to do with ${name}` })
    expect((choice('github') as HTMLSelectElement).value).toBe('add')
    expect((choice('notes') as HTMLSelectElement).value).toBe('skip')
    expect([...(choice('search') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Replace the existing one',
      'Add under another name',
      'Skip',
    ])

    fireEvent.change(choice('notes'), { target: { value: 'replace' } })
    fireEvent.change(choice('search'), { target: { value: 'rename' } })
    const rename = within(row('search')).getByRole('textbox', { name: 'New name for search' })
    expect((rename as HTMLInputElement).value).toBe('search (imported)')
    // The env placeholder: allowed from the environment, where the host says it is set.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Read values I leave empty/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 3 servers' }))

    const summary = await screen.findByTestId('import-summary')
    expect(api.callsTo('import:apply')).toEqual([
      {
        previewId: 'preview-1',
        decisions: [
          { sourceName: 'github', action: 'add' },
          { sourceName: 'notes', action: 'replace' },
          { sourceName: 'search', action: 'rename', newName: 'search (imported)' },
        ],
        placeholderValues: {},
        useEnvironment: true,
      },
    ])
    expect(summary.textContent).toContain('Imported 3 servers from Claude Desktop')
    await waitFor(() =>
      expect(
        within(summary)
          .getByTestId('imported-github')
          .querySelector('[data-status]')
          ?.getAttribute('data-status'),
      ).toBe('connected'),
    )
    expect(summary.textContent).toContain('search (imported)')
    fireEvent.click(within(summary).getByRole('button', { name: 'Show servers' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(store.getState().drawer).toBe('servers')
    expect(screen.getByTestId('server-card-github')).toBeTruthy()
  })

  it('asks for placeholder values of the servers being imported, and reads the environment only with consent', async () => {
    const api = apiWithServers()
    await renderApp(api)
    const dialog = await dropFile('claude_desktop_config.json', claudeDesktopText)
    const token = await within(dialog).findByLabelText('${GITHUB_TOKEN}')
    expect((token as HTMLInputElement).type).toBe('password')
    expect(dialog.textContent).toContain('used in env.GITHUB_TOKEN of github · set in your environment')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 server' }))
    expect(
      await within(dialog).findByText('Type a value, or allow reading it from the environment'),
    ).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(token))
    expect(api.callsTo('import:apply')).toEqual([])

    // Skipping the only server that uses it: nothing is asked any more.
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'What to do with github' }), {
      target: { value: 'skip' },
    })
    expect(within(dialog).queryByLabelText('${GITHUB_TOKEN}')).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Nothing to import' })).toHaveProperty('disabled', true)
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'What to do with github' }), {
      target: { value: 'add' },
    })
    fireEvent.change(within(dialog).getByLabelText('${GITHUB_TOKEN}'), { target: { value: 'ghp_typed' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 server' }))
    await screen.findByTestId('import-summary')
    expect(api.callsTo('import:apply')).toMatchObject([
      { placeholderValues: { '${GITHUB_TOKEN}': 'ghp_typed' }, useEnvironment: false },
    ])
  })

  it('checks new names before sending, and shows the host refusal inline without closing', async () => {
    const api = apiWithServers()
    await renderApp(api)
    const dialog = await dropFile('claude_desktop_config.json', claudeDesktopText)
    const search = within(dialog).getByTestId('import-row-search')
    fireEvent.change(within(search).getByRole('combobox'), { target: { value: 'rename' } })
    fireEvent.change(within(search).getByRole('textbox'), { target: { value: 'Notes' } })
    fireEvent.change(within(dialog).getByLabelText('${GITHUB_TOKEN}'), { target: { value: 't' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 2 servers' }))
    expect(within(search).getByText('“Notes” is taken too')).toBeTruthy()
    expect(api.callsTo('import:apply')).toEqual([])

    fireEvent.change(within(search).getByRole('textbox'), { target: { value: 'search 2' } })
    api.fail('import:apply', { code: 'conflict', message: 'a server named "search 2" already exists' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 2 servers' }))
    expect((await within(dialog).findByTestId('import-apply-error')).textContent).toBe(
      'a server named "search 2" already exists',
    )
    expect(within(dialog).getByTestId('import-table')).toBeTruthy()
  })

  it('names a file that is not an MCP config with the formats tried, and lets another one be chosen', async () => {
    const api = apiWithServers()
    await renderApp(api)
    const dialog = await dropFile('notes.txt', 'hello')
    const error = await within(dialog).findByTestId('import-error')
    expect(error.textContent).toContain('notes.txt was not imported')
    expect(error.textContent).toContain('not an MCP config: tried Claude Desktop')

    const picker = within(dialog).getByTestId('import-file-input')
    fireEvent.change(picker, { target: { files: [textFile('claude.json', claudeDesktopText)] } })
    expect(await within(dialog).findByTestId('import-table')).toBeTruthy()
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.callsTo('import:apply')).toEqual([])
  })

  it('takes a config pasted into the dialog, or pasted on the window outside any field', async () => {
    const api = apiWithServers()
    await renderApp(api)
    fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
    fireEvent.click(within(screen.getByTestId('servers-panel')).getByRole('button', { name: 'Import…' }))
    const dialog = screen.getByRole('dialog', { name: 'Import MCP servers' })
    const preview = within(dialog).getByRole('button', { name: 'Preview' })
    expect(preview).toHaveProperty('disabled', true)
    fireEvent.change(within(dialog).getByLabelText('Or paste the config'), {
      target: { value: claudeDesktopText },
    })
    fireEvent.click(preview)
    expect(await within(dialog).findByTestId('import-table')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    const paste = (text: string, target: EventTarget = document.body) => {
      const event = new Event('paste', { bubbles: true, cancelable: true })
      Object.defineProperty(event, 'clipboardData', {
        value: { files: [], getData: (type: string) => (type === 'text/plain' ? text : '') },
      })
      act(() => {
        target.dispatchEvent(event)
      })
    }
    paste('just some words')
    expect(screen.queryByRole('dialog')).toBeNull()
    paste(claudeDesktopText)
    expect(await screen.findByTestId('import-table')).toBeTruthy()
    expect(api.callsTo('import:preview')).toHaveLength(2)
  })
})
