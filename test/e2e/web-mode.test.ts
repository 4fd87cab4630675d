import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { filesUnder, openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { startRecordingServer } from './support/recording-server'
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

function get(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const status = async (port: number, path: string, headers: Record<string, string>) =>
  (await get(port, path, headers)).status

/** What a non-browser client gets from the socket: 'open', or the status its upgrade was refused with. */
function socketOutcome(url: string, protocols: string[], options: WebSocket.ClientOptions): Promise<string> {
  return new Promise((resolvePromise) => {
    const ws = new WebSocket(url, protocols, options)
    ws.once('open', () => {
      ws.close()
      resolvePromise('open')
    })
    ws.once('unexpected-response', (_req, res) => resolvePromise(`status ${res.statusCode}`))
    ws.once('error', (error) => resolvePromise(`error ${error.message}`))
  })
}

/** Whether a socket the page itself opens to `url` with `protocols` ever opens. */
function pageSocketOpens(page: Page, url: string, protocols: string[]): Promise<boolean> {
  return page.evaluate(
    ([socketUrl, offered]) =>
      new Promise<boolean>((resolveOpen) => {
        // globalThis: the page's own WebSocket (the bare name is the ws import here, which does not exist there).
        const ws = new globalThis.WebSocket(socketUrl, offered)
        ws.onopen = () => {
          ws.close()
          resolveOpen(true)
        }
        ws.onclose = () => resolveOpen(false)
      }),
    [url, protocols] as const,
  )
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
    // The token moves into this tab's sessionStorage and leaves the address bar; no cookie is set.
    expect(page.url()).not.toContain(session.app.token)
    expect(await page.evaluate(() => sessionStorage.getItem('mcp-desk.web-token'))).toBe(session.app.token)
    expect(await page.context().cookies()).toEqual([])

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

  it('never lets another server on 127.0.0.1 see the token, and keeps working after a reload', async () => {
    const other = await startRecordingServer()
    try {
      // Same tab, address without the token: the page takes it from sessionStorage and connects again.
      await page.goto(`${session.app.origin}/`)
      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      await expect.poll(() => page.getByTestId('settings-home').textContent()).toBe(home)
      await page.reload()
      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      await expect.poll(() => page.getByTestId('settings-home').textContent()).toBe(home)

      // The authenticated tab visits the other server, which makes it load a script, an image and a
      // credentialed fetch from there too. (A page from browser.newPage() owns its context: no second tab.)
      await page.goto(`${other.origin}/from-the-app-tab`)
      await expect.poll(() => page.title()).toBe('fetched')

      expect(other.requests.map((r) => r.url)).toEqual(
        expect.arrayContaining(['/from-the-app-tab', '/script.js', '/image.svg', '/fetched']),
      )
      for (const seen of other.requests) {
        expect(seen.headers.cookie, seen.url).toBeUndefined()
        expect(JSON.stringify(seen), seen.url).not.toContain(session.app.token)
      }
      expect(await page.context().cookies()).toEqual([])

      // Back in the app's tab, its own origin's sessionStorage still has the token.
      await page.goto(`${session.app.origin}/`)
      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      await expect.poll(() => page.getByTestId('settings-home').textContent()).toBe(home)
    } finally {
      await other.close()
    }
  })

  it('refuses a socket without the token, in a browser and from a client that forges our Origin', async () => {
    const { port, origin, token } = session.app
    const own = { host: `127.0.0.1:${port}` }
    // Assets hold no secret and need no token; a foreign Origin or a rebinding Host is still refused.
    const asset = await get(port, '/', own)
    expect(asset.status).toBe(200)
    for (const secret of [token, home, 'literal-env-value-4411', 'header-value-9931', 'notes-mcp'])
      expect(asset.body).not.toContain(secret)
    expect(await status(port, `/?token=${token}`, { ...own, origin: 'http://evil.example' })).toBe(403)
    expect(await status(port, `/?token=${token}`, { host: `rebind.example:${port}` })).toBe(403)

    // A fresh browser context gets the page, but without the token it does not connect, and says so.
    const stranger = await session.browser.newContext()
    const strangerPage = await stranger.newPage()
    expect((await strangerPage.goto(`${origin}/`))?.status()).toBe(200)
    await expect
      .poll(() => strangerPage.getByTestId('connection-lost').textContent())
      .toContain('no access token')
    expect(await pageSocketOpens(strangerPage, `ws://127.0.0.1:${port}/ipc`, ['mcp-desk.v1'])).toBe(false)
    expect(await pageSocketOpens(strangerPage, `ws://127.0.0.1:${port}/ipc?token=${token}`, [])).toBe(false)
    await stranger.close()
    // The authenticated page's own socket, with the token offered as a subprotocol, does open.
    expect(
      await pageSocketOpens(page, `ws://127.0.0.1:${port}/ipc`, ['mcp-desk.v1', `mcp-desk.token.${token}`]),
    ).toBe(true)

    // A non-browser client forging our Origin gets no socket without the token, however it asks.
    const ipc = `ws://127.0.0.1:${port}/ipc`
    expect(await socketOutcome(ipc, ['mcp-desk.v1'], { origin })).toBe('status 401')
    expect(await socketOutcome(ipc, ['mcp-desk.v1', 'mcp-desk.token.guess'], { origin })).toBe('status 401')
    expect(
      await socketOutcome(ipc, ['mcp-desk.v1'], { origin, headers: { cookie: `mcp_desk_token=${token}` } }),
    ).toBe('status 401')
    expect(await socketOutcome(`${ipc}?token=${token}`, ['mcp-desk.v1'], { origin })).toBe('status 401')
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
