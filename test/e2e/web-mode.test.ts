import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { filesUnder, openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtCli } from './support/web-mode-process'

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots')

/** Settings a user wrote by hand: a literal env value and a header that must never reach the page in clear. */
const handWrittenSettings = {
  schemaVersion: 1,
  appearance: { theme: 'dark' },
  servers: [
    {
      id: 'notes',
      name: 'Notes',
      transport: 'stdio',
      command: '/usr/local/bin/notes-mcp',
      args: ['--vault', '~/notes'],
      env: { NOTES_TOKEN: 'literal-env-value-4411', API_KEY: { secret: 'notes-api-key' } },
    },
    {
      id: 'tracker',
      name: 'Issue tracker',
      transport: 'http',
      url: 'https://mcp.tracker.example/mcp',
      headers: { Authorization: 'Bearer header-value-9931' },
      enabled: false,
    },
  ],
}

function status(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume()
      resolvePromise(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

describe('web mode in Chromium (built app, real core)', () => {
  let home: string
  let session: AppInChromium
  let page: Page

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'mcp-desk-e2e-'))
    writeFileSync(join(home, 'settings.json'), JSON.stringify(handWrittenSettings, null, 2))
    session = await openAppInChromium(home, { width: 1280, height: 800, colorScheme: 'light' })
    ;({ page } = session)
  })

  afterAll(async () => {
    await session?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('loads the UI and shows the settings of the --home profile', async () => {
    await page.goto(session.app.url)
    await page.getByTestId('sidebar').waitFor()
    // The theme from the profile's settings.json reaches <html>.
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark')
    // The token is traded for a cookie and leaves the address bar.
    expect(page.url()).not.toContain(session.app.token)

    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await expect.poll(() => page.getByTestId('settings-home').textContent()).toBe(home)
    expect(await page.getByTestId('settings-path').textContent()).toBe(join(home, 'settings.json'))
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true)
    expect(await page.getByTestId('secret-backend').textContent()).toContain('key stored beside it')

    await page.getByRole('button', { name: 'Servers', exact: true }).click()
    await page.getByTestId('server-card-notes').waitFor()
    const serversText = (await page.getByTestId('servers-panel').textContent()) ?? ''
    expect(serversText).toContain('Notes')
    expect(serversText).toContain('Issue tracker')
    expect(serversText).toContain('secret: notes-api-key')

    mkdirSync(screenshots, { recursive: true })
    await page.screenshot({ path: join(screenshots, 'web-mode-servers-dark.png'), animations: 'disabled' })

    const html = await page.content()
    for (const secret of ['literal-env-value-4411', 'header-value-9931']) expect(html).not.toContain(secret)
  })

  it('saves a theme change through the contract into the profile on disk', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('radio', { name: 'Light' }).check()
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('light')
    await expect
      .poll(
        () =>
          (JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')) as typeof handWrittenSettings)
            .appearance.theme,
      )
      .toBe('light')
    await page.screenshot({ path: join(screenshots, 'web-mode-settings-light.png'), animations: 'disabled' })
  })

  it('stores a secret typed into the UI without it appearing in clear in the page or any file under --home', async () => {
    const value = 'sk-e2e-typed-secret-7781'
    await page.getByLabel('Name').fill('provider-key')
    await page.getByLabel('Value').fill(value)
    await page.getByRole('button', { name: 'Save secret' }).click()
    await page.getByRole('list', { name: 'Stored secrets' }).getByText('provider-key').waitFor()
    // The list can show the name (secrets:changed) a moment before the form hears back and clears the field.
    await expect.poll(() => page.getByLabel('Value').inputValue()).toBe('')
    expect(await page.content()).not.toContain(value)
    for (const file of filesUnder(home)) {
      const bytes = readFileSync(file)
      expect(bytes.includes(Buffer.from(value)), file).toBe(false)
      expect(bytes.includes(Buffer.from(Buffer.from(value).toString('base64'))), file).toBe(false)
    }
    // The built CLI on the same profile lists the secret by name and never prints a value.
    const shown = execFileSync(process.execPath, [builtCli, '--home', home, 'config', 'show'], {
      encoding: 'utf8',
    })
    expect(shown).toContain('provider-key')
    for (const secret of [value, 'literal-env-value-4411', 'header-value-9931'])
      expect(shown).not.toContain(secret)
  })

  it('refuses requests without the token and from a foreign origin', async () => {
    const own = { host: `127.0.0.1:${session.app.port}` }
    expect(await status(session.app.port, '/', own)).toBe(401)
    expect(await status(session.app.port, '/?token=wrong', own)).toBe(401)
    expect(
      await status(session.app.port, `/?token=${session.app.token}`, {
        ...own,
        origin: 'http://evil.example',
      }),
    ).toBe(403)
    expect(
      await status(session.app.port, `/?token=${session.app.token}`, {
        host: `rebind.example:${session.app.port}`,
      }),
    ).toBe(403)

    // A fresh browser context has no cookie: the page itself is refused.
    const stranger = await session.browser.newContext()
    const response = await (await stranger.newPage()).goto(`http://127.0.0.1:${session.app.port}/`)
    expect(response?.status()).toBe(401)
    await stranger.close()
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
