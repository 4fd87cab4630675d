import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BundleInstall } from '../../../src/renderer/src/import/bundle-install'
import { createAppStore, type AppStore } from '../../../src/renderer/src/app/app-store'
import { toBase64 } from '../../../src/renderer/src/ui/base64'
import { StoreProvider, useAppState } from '../../../src/renderer/src/app/store-context'
import type { BundlePreview, UserConfigField } from '../../../src/shared/import/bundle-info'
import { FakeDeskApi } from '../support/fake-desk-api'
import { stdioConfigFixture } from '../support/server-fixtures'

afterEach(cleanup)

function field(overrides: Partial<UserConfigField> & Pick<UserConfigField, 'key' | 'type'>): UserConfigField {
  return {
    title: overrides.key,
    description: '',
    required: false,
    sensitive: false,
    multiple: false,
    ...overrides,
  }
}

function bundlePreview(overrides: Partial<BundlePreview['info']> = {}): Omit<BundlePreview, 'bundleId'> {
  return {
    info: {
      name: 'hello-bundle',
      displayName: 'Hello Bundle',
      version: '1.2.0',
      description: 'Greets whoever asks.',
      longDescription: 'A longer story about greeting.',
      author: { name: 'Ada Lovelace', url: 'https://ada.example.com' },
      manifestVersion: '0.3',
      server: {
        type: 'node',
        entryPoint: 'server/index.js',
        command: 'node',
        args: ['${__dirname}/server/index.js', '--greeting', 'hello there'],
        envNames: ['HELLO_TOKEN'],
      },
      userConfig: [
        field({
          key: 'token',
          type: 'string',
          title: 'API key',
          description: 'From your Hello account.',
          required: true,
          sensitive: true,
        }),
        field({ key: 'port', type: 'number', title: 'Port', default: 8080, min: 1, max: 65535 }),
        field({ key: 'verbose', type: 'boolean', title: 'Verbose logging', default: false }),
        field({ key: 'roots', type: 'directory', title: 'Folders', multiple: true, default: ['/home/ada'] }),
      ],
      tools: Array.from({ length: 12 }, (_, index) => ({ name: `tool_${index + 1}` })),
      prompts: [],
      fileCount: 12,
      unpackedBytes: 1536 * 1024,
      signed: false,
      notes: ['The manifest asks for a Windows-only override, which is ignored here.'],
      ...overrides,
    },
  }
}

/** The bundle step as the dialog renders it: whatever the store's importDialog currently is. */
function BundleStep() {
  const dialog = useAppState((state) => state.importDialog)
  if (dialog?.step !== 'bundle') return <p data-testid="import-step">{dialog?.step ?? 'closed'}</p>
  return <BundleInstall dialog={dialog} />
}

/** Drops a `.mcpb` the fake host knows, through the store's real import flow, then renders the step. */
async function dropBundle(
  preview: Omit<BundlePreview, 'bundleId'>,
  api = new FakeDeskApi(),
): Promise<{ api: FakeDeskApi; store: AppStore; form: HTMLElement }> {
  const bytes = new TextEncoder().encode('PK\x03\x04hello bundle')
  api.imports.bundles.set(toBase64(bytes), {
    preview,
    input: () => ({ transport: 'stdio', name: 'Hello Bundle', command: 'node', args: ['server/index.js'] }),
  })
  const store = createAppStore({ api })
  await store
    .getState()
    .importFile({ name: 'hello.mcpb', size: bytes.length, arrayBuffer: () => Promise.resolve(bytes.buffer) })
  expect(store.getState().importDialog?.step).toBe('bundle')
  render(
    <StoreProvider store={store}>
      <BundleStep />
    </StoreProvider>,
  )
  return { api, store, form: screen.getByTestId('bundle-install') }
}

function type(form: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } })
}

describe('bundle install', () => {
  it('shows what the bundle is before anything is installed', async () => {
    const { form } = await dropBundle(bundlePreview())
    const summary = within(form).getByTestId('bundle-summary')
    expect(within(summary).getByRole('heading', { level: 3 }).textContent).toBe('Hello Bundle 1.2.0')
    expect(summary.textContent).toContain('by Ada Lovelace · https://ada.example.com')
    expect(within(summary).queryByRole('link')).toBeNull()
    expect(summary.textContent).toContain('Greets whoever asks.')
    expect(within(summary).getByText('More').closest('details')?.textContent).toContain('A longer story')
    expect(within(summary).getByTestId('bundle-command').textContent).toBe(
      'node ${__dirname}/server/index.js --greeting "hello there"',
    )
    expect(summary.textContent).toContain('Node.js')
    expect(summary.textContent).toContain('12 files, 1.5 MiB unpacked')
    expect(within(summary).getByText('Not signed')).toBeTruthy()
    expect(summary.textContent).toContain('MCP Desk does not verify signatures')
    const tools = within(summary).getByRole('list', { name: 'Tools it declares' })
    expect(
      within(tools)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...Array.from({ length: 10 }, (_, index) => `tool_${index + 1}`), '+2 more'])
    const notes = within(summary).getByRole('list', { name: 'Worth knowing' })
    expect(notes.textContent).toContain('Windows-only override')
  })

  it('says a signed bundle is signed, and that the signature is not checked', async () => {
    const { form } = await dropBundle(bundlePreview({ signed: true }))
    expect(within(form).getByText('Signed')).toBeTruthy()
    expect(form.textContent).toContain('MCP Desk does not verify signatures')
  })

  it('asks for each setting with the matching control, prefilled from the defaults', async () => {
    const { form } = await dropBundle(bundlePreview())
    expect(within(form).getByLabelText<HTMLInputElement>('Server name').value).toBe('Hello Bundle')
    const key = within(form).getByLabelText<HTMLInputElement>('API key (required)')
    expect(key.type).toBe('password')
    expect(document.getElementById(key.getAttribute('aria-describedby')!)?.textContent).toBe(
      'From your Hello account. Kept in the secret store, never in the settings file.',
    )
    const port = within(form).getByLabelText<HTMLInputElement>('Port')
    expect([port.value, port.inputMode]).toEqual(['8080', 'decimal'])
    expect(within(form).getByLabelText<HTMLInputElement>('Verbose logging').type).toBe('checkbox')
    const roots = within(form).getByLabelText<HTMLTextAreaElement>('Folders')
    expect([roots.tagName, roots.value]).toEqual(['TEXTAREA', '/home/ada'])
    expect(form.textContent).toContain('One absolute folder path per line.')
    expect(within(form).queryByLabelText(/Replace the existing server/)).toBeNull()
  })

  it('sends nothing while a required field is empty, and takes focus to it', async () => {
    const { api, form } = await dropBundle(bundlePreview())
    type(form, 'Port', '0')
    fireEvent.click(within(form).getByRole('button', { name: 'Install' }))
    const key = within(form).getByLabelText('API key (required)')
    expect(key.getAttribute('aria-invalid')).toBe('true')
    expect(key.getAttribute('aria-describedby')).toContain(`${key.id}-error`)
    expect(document.getElementById(`${key.id}-error`)?.textContent).toBe('API key is required')
    expect(within(form).getByText('Port must be at least 1')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(key))
    expect(api.callsTo('import:install-bundle')).toEqual([])

    type(form, 'API key (required)', 'tok')
    expect(key.getAttribute('aria-invalid')).toBe('false')
    expect(within(form).getByText('Port must be at least 1')).toBeTruthy()
  })

  it('installs with the answers typed per field, then moves on to the summary', async () => {
    const { api, store, form } = await dropBundle(bundlePreview())
    type(form, 'API key (required)', ' tok-123 ')
    type(form, 'Port', '9090')
    fireEvent.click(within(form).getByLabelText('Verbose logging'))
    type(form, 'Folders', '/home/ada/a\n\n/home/ada/b\n')
    fireEvent.click(within(form).getByRole('button', { name: 'Install' }))

    await waitFor(() => expect(screen.getByTestId('import-step').textContent).toBe('done'))
    expect(api.callsTo('import:install-bundle')).toEqual([
      {
        bundleId: expect.any(String),
        name: 'Hello Bundle',
        replace: false,
        userConfig: { token: 'tok-123', port: 9090, verbose: true, roots: ['/home/ada/a', '/home/ada/b'] },
      },
    ])
    const summary = store.getState().importDialog
    expect(summary?.step === 'done' && summary.summary.added.map((server) => server.name)).toEqual([
      'Hello Bundle',
    ])
  })

  it('shows "Installing…" while the host works', async () => {
    const { api, form } = await dropBundle(bundlePreview())
    api.hold('import:install-bundle')
    type(form, 'API key (required)', 'tok')
    fireEvent.click(within(form).getByRole('button', { name: 'Install' }))
    const busy = await within(form).findByRole('button', { name: 'Installing…' })
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true)
    api.release('import:install-bundle')
    await waitFor(() => expect(screen.getByTestId('import-step').textContent).toBe('done'))
  })

  it("shows the host's refusal beside Install and keeps the answers", async () => {
    const api = new FakeDeskApi({
      servers: [{ config: stdioConfigFixture({ id: 'greeter', name: 'Greeter' }) }],
    })
    const { form } = await dropBundle(bundlePreview(), api)
    type(form, 'Server name', 'Greeter')
    type(form, 'API key (required)', 'tok')
    fireEvent.click(within(form).getByRole('button', { name: 'Install' }))

    const alert = await within(form).findByRole('alert')
    expect(alert.textContent).toBe(
      'Not installed: a server named "Greeter" already exists; choose another name or replace it',
    )
    expect(alert.nextElementSibling?.contains(within(form).getByRole('button', { name: 'Install' }))).toBe(
      true,
    )
    expect(within(form).getByLabelText<HTMLInputElement>('API key (required)').value).toBe('tok')
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Install' }))
  })

  it('offers replacing a configured server of the same name, sent as replace: true', async () => {
    const api = new FakeDeskApi({
      servers: [{ config: stdioConfigFixture({ id: 'hello', name: 'hello bundle' }) }],
    })
    const preview = { ...bundlePreview(), existing: { id: 'hello', name: 'hello bundle', sameBundle: true } }
    const { store, form } = await dropBundle(preview, api)
    expect(within(form).getByLabelText<HTMLInputElement>('Server name').value).toBe('hello bundle')
    const replace = within(form).getByLabelText<HTMLInputElement>(
      'Replace the existing server “hello bundle” (an upgrade)',
    )
    expect(replace.checked).toBe(false)
    expect(form.textContent).toContain('installing under this name is refused')
    expect(form.textContent).toContain('“hello bundle” runs an earlier install of this bundle.')

    fireEvent.click(replace)
    type(form, 'API key (required)', 'tok')
    fireEvent.click(within(form).getByRole('button', { name: 'Install' }))
    await waitFor(() => expect(screen.getByTestId('import-step').textContent).toBe('done'))
    expect(api.callsTo('import:install-bundle')).toEqual([
      expect.objectContaining({ name: 'hello bundle', replace: true }),
    ])
    const done = store.getState().importDialog
    expect(done?.step === 'done' && done.summary.replaced).toEqual([{ id: 'hello', name: 'hello bundle' }])
  })

  it('Cancel closes the import', async () => {
    const { store, form } = await dropBundle(bundlePreview())
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(store.getState().importDialog).toBeNull()
  })
})
