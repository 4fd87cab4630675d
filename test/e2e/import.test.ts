import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildHelloBundle } from '../fixtures/import/mcpb/build-bundle'
import { FIXTURE_STDIO_SERVER_PATH } from '../support/spawn-command'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots')
const node = process.execPath
const token = 'fixture-token-0123456789'

/** Servers the window already has; the dropped file repeats one, reuses the other's name, brings two more. */
const settings = {
  schemaVersion: 1,
  servers: [
    { id: 'notes', name: 'Notes', transport: 'stdio', command: node, args: [FIXTURE_STDIO_SERVER_PATH] },
    { id: 'search', name: 'Search', transport: 'stdio', command: 'search-mcp', args: [], enabled: false },
  ],
}

const claudeDesktopConfig = {
  mcpServers: {
    Notes: { command: node, args: [FIXTURE_STDIO_SERVER_PATH] },
    Echo: { command: node, args: [FIXTURE_STDIO_SERVER_PATH], env: { FIXTURE_TOKEN: '${FIXTURE_TOKEN}' } },
    Weather: { command: 'weather-mcp-not-installed', args: ['--units', 'metric'] },
    Search: { command: 'brave-search-mcp', args: ['--safe'] },
  },
}

/**
 * Drags a file over the page and drops it, as the OS does: the bytes go into a real DataTransfer, and the
 * events go to the element under the pointer (the conversation), bubbling to the window.
 */
async function dragFile(page: Page, name: string, bytes: Buffer, drop = true): Promise<void> {
  // A string, not a function: this file is type-checked without the DOM library.
  const script = `(() => {
    const data = Uint8Array.from(atob(${JSON.stringify(bytes.toString('base64'))}), (c) => c.charCodeAt(0))
    const transfer = new DataTransfer()
    transfer.items.add(new File([data], ${JSON.stringify(name)}))
    const target = document.querySelector('.conversation') ?? document.body
    const fire = (type) =>
      target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }))
    fire('dragenter')
    fire('dragover')
    if (${drop}) fire('drop')
  })()`
  await page.evaluate(script)
}

describe('drop import in Chromium (built app, real servers)', () => {
  let home: string
  let session: AppInChromium
  let page: Page

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'mcp-desk-e2e-import-'))
    writeFileSync(join(home, 'settings.json'), JSON.stringify(settings))
    session = await openAppInChromium(home, { width: 1280, height: 860, colorScheme: 'light' })
    ;({ page } = session)
    mkdirSync(screenshots, { recursive: true })
    await page.getByTestId('sidebar').locator('[data-status="connected"]').waitFor()
  })

  afterAll(async () => {
    await session?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('shows the drop overlay, previews a Claude Desktop file and imports what was chosen', async () => {
    const file = Buffer.from(JSON.stringify(claudeDesktopConfig, null, 2))
    await dragFile(page, 'claude_desktop_config.json', file, false)
    await page.getByTestId('drop-overlay').waitFor()
    expect(await page.getByTestId('drop-overlay').textContent()).toContain('Drop an MCP config to import')
    await page.screenshot({ path: join(screenshots, 'import-drop-overlay.png'), animations: 'disabled' })

    await dragFile(page, 'claude_desktop_config.json', file)
    const dialog = page.getByRole('dialog', {
      name: 'Import from Claude Desktop (claude_desktop_config.json)',
    })
    await dialog.waitFor()
    expect(await page.getByTestId('drop-overlay').count()).toBe(0)
    const row = (name: string) => dialog.getByTestId(`import-row-${name}`)
    expect(await row('Notes').textContent()).toContain('Same')
    expect(await row('Echo').textContent()).toContain('New')
    expect(await row('Weather').textContent()).toContain('weather-mcp-not-installed --units metric')
    expect(await row('Search').textContent()).toContain('Name taken')
    expect(await row('Search').textContent()).toContain('search-mcp → brave-search-mcp')

    await dialog.getByRole('combobox', { name: 'What to do with Weather' }).selectOption('skip')
    await dialog.getByLabel('${FIXTURE_TOKEN}').fill(token)
    await page.screenshot({ path: join(screenshots, 'import-preview.png'), animations: 'disabled' })
    await dialog.getByRole('button', { name: 'Import 1 server' }).click()

    const summary = page.getByTestId('import-summary')
    await summary.waitFor()
    await summary.locator('[data-status="connected"]').waitFor()
    expect(await summary.textContent()).toContain('Imported 1 server from Claude Desktop')
    expect(await summary.textContent()).toContain('Skipped: Notes, Weather, Search')
    await page.screenshot({ path: join(screenshots, 'import-summary.png'), animations: 'disabled' })

    await summary.getByRole('button', { name: 'Show servers' }).click()
    const echo = page
      .getByTestId('servers-panel')
      .locator('.server-card', { has: page.locator('.server-card-name', { hasText: /^Echo$/ }) })
    await echo.getByTestId('status-pill').filter({ hasText: 'Connected' }).waitFor()
    const written = readFileSync(join(home, 'settings.json'), 'utf8')
    expect(written).toContain('"Echo"')
    expect(written).not.toContain(token)
    expect(written).not.toContain('Weather')
  })

  it('refuses a file that is no MCP config and says which formats were tried', async () => {
    await dragFile(page, 'notes.md', Buffer.from('# Shopping\n- milk\n'))
    const error = page.getByTestId('import-error')
    await error.waitFor()
    expect(await error.textContent()).toContain('notes.md was not imported')
    expect(await error.textContent()).toMatch(/not an MCP config/i)
    await page.keyboard.press('Escape')
    expect(await page.getByRole('dialog').count()).toBe(0)
  })

  it('keeps a pasted config that does not parse in the box, with the parser’s line and column beside it', async () => {
    const broken = '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": { "command": "y" }\n  }\n}'
    if ((await page.getByTestId('servers-panel').count()) === 0) {
      await page.getByRole('button', { name: 'Servers', exact: true }).click()
    }
    await page.getByTestId('servers-panel').getByRole('button', { name: 'Import…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import MCP servers' })
    await dialog.getByLabel('Or paste the config').fill(broken)
    await dialog.getByRole('button', { name: 'Preview' }).click()
    const box = dialog.getByLabel('Or paste the config')
    await expect.poll(() => box.getAttribute('aria-invalid')).toBe('true')
    expect(await box.inputValue()).toBe(broken)
    const described = (await box.getAttribute('aria-describedby')) ?? ''
    const errorText = await page.locator(`[id="${described.split(' ')[0]}"]`).textContent()
    expect(errorText).toMatch(/line 4, column \d+/)
    await page.keyboard.press('Escape')
    expect(await page.getByRole('dialog').count()).toBe(0)
  })

  it('installs a dropped .mcpb bundle with its settings form, and the server connects', async () => {
    await dragFile(page, 'hello.mcpb', buildHelloBundle())
    const dialog = page.getByRole('dialog', { name: 'Install Hello Bundle' })
    await dialog.waitFor()
    const apiKey = dialog.getByLabel(/^API key/)
    expect(await apiKey.getAttribute('type')).toBe('password')
    await apiKey.fill('sk-bundle-e2e-0123456789')
    await page.screenshot({ path: join(screenshots, 'import-bundle-form.png'), animations: 'disabled' })
    await dialog.getByRole('button', { name: 'Install' }).click()

    const summary = page.getByTestId('import-summary')
    await summary.waitFor()
    await summary.locator('[data-status="connected"]').waitFor()
    expect(await summary.textContent()).toContain('Hello Bundle')
    expect(readFileSync(join(home, 'settings.json'), 'utf8')).not.toContain('sk-bundle-e2e-0123456789')
    expect(session.consoleProblems).toEqual([])
  })
})
