// Servers → Browse and install links (issue 24) in the built web mode: the fixture registry is synced,
// searched and an npm entry installed through the import preview until it connects; a Cursor install link
// pasted into the window opens the same preview with the "added turned off" notice and adds the server
// disabled. Screenshots at 1280×800 and 800×600, light and dark, with axe-core on each.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFixtureRegistry } from '../fixtures/registry/fixture-registry'
import { FIXTURE_STDIO_SERVER_PATH } from '../support/spawn-command'
import { checkBothSchemes, openDrawer } from './support/a11y-check'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { shoot } from './support/screenshots'
import { checkAtEverySize, WINDOW_SIZES } from './support/window-sizes'

/** `npx -y` of a package already in node_modules, then the server's handshake, on a loaded 2-core machine. */
const CONNECT_MS = 90_000

/** The link Cursor's "Add to Cursor" buttons open: the server's config as base64 JSON. */
function cursorLink(name: string, config: unknown): string {
  const encoded = Buffer.from(JSON.stringify(config)).toString('base64')
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(encoded)}`
}

interface StoredServer {
  name: string
  enabled?: boolean
  command?: string
  args?: string[]
}

function storedServers(home: string): StoredServer[] {
  const settings = JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')) as {
    servers?: StoredServer[]
  }
  return settings.servers ?? []
}

/**
 * Pastes `text` on the window outside any field, as the OS does with Ctrl+V: a real ClipboardEvent with a
 * DataTransfer, dispatched at the body (a string, as the e2e files have no DOM library).
 */
async function pasteOnWindow(page: Page, text: string): Promise<void> {
  await page.evaluate(`(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
    const data = new DataTransfer()
    data.setData('text/plain', ${JSON.stringify(text)})
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })()`)
}

describe('registry browser and install links in Chromium (fixture registry, web mode)', () => {
  let home: string
  let registry: Awaited<ReturnType<typeof startFixtureRegistry>>
  let session: AppInChromium
  let page: Page
  let browser: Locator

  beforeAll(async () => {
    registry = await startFixtureRegistry()
    home = mkdtempSync(join(tmpdir(), 'mcp-desk-e2e-registry-'))
    writeFileSync(
      join(home, 'settings.json'),
      JSON.stringify({
        schemaVersion: 1,
        registries: [{ url: registry.url, name: 'Fixture registry' }],
        servers: [],
      }),
    )
    session = await openAppInChromium(home, { ...WINDOW_SIZES[0], colorScheme: 'light' })
    ;({ page } = session)
    await page.getByTestId('sidebar').waitFor()
  })

  afterAll(async () => {
    await session?.close()
    await registry?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('syncs the registry, searches it as the user types, and shows an entry’s detail', async () => {
    await openDrawer(page, 'Servers')
    await page.getByTestId('servers-panel').getByRole('button', { name: 'Browse…' }).click()
    browser = page.getByTestId('registry-browser')
    const status = browser.getByTestId('registry-status-line')
    // Never synced: opening Browse syncs it.
    await status.filter({ hasText: /^Synced just now · \d+ servers?$/ }).waitFor()
    expect(registry.requests.some((request) => request.startsWith('/v0.1/servers?'))).toBe(true)

    await browser.getByRole('searchbox', { name: 'Search servers' }).fill('memory')
    const entry = browser.getByRole('button', { name: /^Knowledge Graph Memory 2026\.8\.31/ })
    await entry.waitFor()
    const row = browser.getByTestId('registry-entry-io.github.modelcontextprotocol/server-memory')
    expect(await row.textContent()).toContain('npm')
    await browser
      .getByTestId('registry-results-line')
      .filter({ hasText: /matching “memory”/ })
      .waitFor()

    await checkAtEverySize(page, 'registry-browse', [entry])
    await page.setViewportSize(WINDOW_SIZES[0])
    await checkBothSchemes(page, 'registry-browse')

    await entry.click()
    const detail = page.getByTestId('registry-detail')
    await detail.getByRole('heading', { name: 'Knowledge Graph Memory' }).waitFor()
    const npm = detail.getByRole('radio', { name: /npm @modelcontextprotocol\/server-memory/ })
    await npm.check()
    await checkAtEverySize(page, 'registry-entry', [detail.getByRole('button', { name: 'Install…' })])
    await page.setViewportSize(WINDOW_SIZES[0])
    await checkBothSchemes(page, 'registry-entry')
  })

  it('installs the npm package through the import preview, and the server connects', async () => {
    const detail = page.getByTestId('registry-detail')
    await detail.getByRole('button', { name: 'Install…' }).click()
    const dialog = page.getByRole('dialog', { name: /^Add / })
    await dialog.waitFor()
    const origin = dialog.getByTestId('import-origin')
    expect(await origin.textContent()).toContain('From ')
    expect(await dialog.getByTestId('import-adds-disabled').count()).toBe(0)
    expect(await dialog.getByTestId('import-table').textContent()).toContain(
      '@modelcontextprotocol/server-memory',
    )
    // The optional memory file, when the preview asks for it: inside the profile, not in node_modules.
    const memoryFile = dialog.getByLabel(/MEMORY_FILE_PATH/)
    if ((await memoryFile.count()) > 0) await memoryFile.fill(join(home, 'memory.jsonl'))

    const add = dialog.getByRole('button', { name: 'Add 1 server' })
    await checkAtEverySize(page, 'registry-install-preview', [add])
    await page.setViewportSize(WINDOW_SIZES[0])
    await checkBothSchemes(page, 'registry-install-preview')
    await add.click()

    const summary = page.getByTestId('import-summary')
    await summary.waitFor()
    await page.getByRole('dialog', { name: 'Server added' }).waitFor()
    expect(await summary.textContent()).toMatch(/Added 1 server from /)
    await summary.locator('[data-status="connected"]').waitFor({ timeout: CONNECT_MS })
    await shoot(page, 'registry-install-summary.png')
    await page
      .getByTestId('sidebar')
      .locator('.sidebar-server--connected', { hasText: /memory/i })
      .waitFor({ timeout: CONNECT_MS })
    const stored = storedServers(home).find((server) => /memory/i.test(server.name))
    expect(stored?.args?.join(' ')).toContain('@modelcontextprotocol/server-memory@2026.8.31')
    expect(stored?.enabled).not.toBe(false)

    await page.keyboard.press('Escape')
    expect(await page.getByRole('dialog').count()).toBe(0)
  })

  it('opens the preview for a pasted Cursor link and adds the server turned off', async () => {
    const link = cursorLink('echo', { command: process.execPath, args: [FIXTURE_STDIO_SERVER_PATH] })
    await pasteOnWindow(page, link)
    const dialog = page.getByRole('dialog', { name: 'Add echo' })
    await dialog.waitFor()
    expect(await dialog.getByTestId('import-adds-disabled').textContent()).toBe(
      'From an install link — the server is added turned off; turn it on when you trust it.',
    )
    expect(await dialog.getByTestId('import-origin').textContent()).toContain('cursor://')
    const add = dialog.getByRole('button', { name: 'Add 1 server' })
    await checkAtEverySize(page, 'install-link-preview', [add])
    await page.setViewportSize(WINDOW_SIZES[0])
    await checkBothSchemes(page, 'install-link-preview')
    await add.click()

    const summary = page.getByTestId('import-summary')
    await summary.waitFor()
    expect(await summary.textContent()).toContain('Added turned off')
    await summary.locator('[data-status="disabled"]').waitFor()
    await page.keyboard.press('Escape')
    await page
      .getByTestId('sidebar')
      .locator('.sidebar-server--disabled', { hasText: /^echo$/ })
      .waitFor()
    expect(storedServers(home).find((server) => server.name === 'echo')).toMatchObject({
      enabled: false,
      command: process.execPath,
      args: [FIXTURE_STDIO_SERVER_PATH],
    })
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
