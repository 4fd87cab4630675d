import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { claudeDesktopFile, claudeDesktopText } from '../support/import-fixtures'
import { renderApp } from '../support/render-app'

afterEach(cleanup)

/** What the host answers for a paste with a missing comma (its parser gives the line and column). */
const brokenText = '{\n  "mcpServers": {\n    "notes": { "command": "notes-mcp" }\n    "more": {}\n  }\n}'
const syntaxError = 'the file is not valid JSON: expected "," (line 4, column 5)'

function api(): FakeDeskApi {
  const fake = new FakeDeskApi({ servers: [] })
  fake.imports.files.set(claudeDesktopText, claudeDesktopFile())
  fake.imports.refusals.set(brokenText, syntaxError)
  return fake
}

function openImport() {
  fireEvent.click(screen.getByRole('button', { name: 'Servers' }))
  fireEvent.click(within(screen.getByTestId('servers-panel')).getByRole('button', { name: 'Import…' }))
  return screen.getByRole('dialog', { name: 'Import MCP servers' })
}

/** The paste box, after the dialog has come back to the source step. */
async function pasteBox(dialog: HTMLElement): Promise<HTMLTextAreaElement> {
  await within(dialog).findByRole('button', { name: 'Preview' })
  return within(dialog).getByLabelText('Or paste the config')
}

describe('a pasted config that does not parse', () => {
  it('stays in the box with the parser’s error next to it, and a fixed text previews', async () => {
    const fake = api()
    await renderApp(fake)
    const dialog = openImport()
    fireEvent.change(within(dialog).getByLabelText('Or paste the config'), { target: { value: brokenText } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))

    const box = await pasteBox(dialog)
    await within(dialog).findByText(syntaxError)
    expect(box.value).toBe(brokenText)
    expect(box.getAttribute('aria-invalid')).toBe('true')
    const describedBy = (box.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
    const descriptions = describedBy.map((id) => document.getElementById(id)?.textContent ?? '')
    expect(descriptions.join(' ')).toContain('line 4, column 5')

    fireEvent.change(box, { target: { value: claudeDesktopText } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    expect(await within(dialog).findByTestId('import-table')).toBeTruthy()
    expect(fake.callsTo('import:preview')).toHaveLength(2)
  })

  it('pasted on the window outside any field, lands in the box with the error', async () => {
    await renderApp(api())
    const event = new Event('paste', { bubbles: true, cancelable: true })
    Object.defineProperty(event, 'clipboardData', {
      value: { files: [], getData: (type: string) => (type === 'text/plain' ? brokenText : '') },
    })
    act(() => {
      document.body.dispatchEvent(event)
    })
    const dialog = await screen.findByRole('dialog', { name: 'Import MCP servers' })
    const box = await pasteBox(dialog)
    await within(dialog).findByText(syntaxError)
    expect(box.value).toBe(brokenText)
    expect(box.getAttribute('aria-invalid')).toBe('true')
  })
})
