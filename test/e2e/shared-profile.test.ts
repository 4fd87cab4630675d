// Issue 19, the reported data loss: with the window open, `mcp-desk servers add` three times from a terminal,
// then a theme change in the window. Every server must reach the window without a reload and connect, and
// the theme change must keep all of them (and the secret one of them owns) in the profile.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_STDIO_SERVER_PATH } from '../support/spawn-command'
import { openServersPanelHome, type ServersPanelHome } from './support/servers-panel-home'
import { builtCli } from './support/web-mode-process'

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots')
const node = process.execPath

describe('one profile shared by the window and the CLI (built app, Chromium)', () => {
  let home: string
  let settingsFile: string
  let opened: ServersPanelHome | undefined
  let page: Page

  const cli = (...args: string[]): string =>
    execFileSync(node, [builtCli, '--home', home, ...args], { encoding: 'utf8' })
  const onDisk = () => JSON.parse(readFileSync(settingsFile, 'utf8')) as { servers: Array<{ id: string }> }
  const card = (id: string) => page.getByTestId(`server-card-${id}`)
  const status = (id: string) => card(id).getByTestId('status-pill')

  beforeAll(async () => {
    const notes = { id: 'notes', name: 'Notes', transport: 'stdio', command: node }
    opened = await openServersPanelHome('mcp-desk-e2e-shared-', {
      schemaVersion: 1,
      servers: [{ ...notes, args: [FIXTURE_STDIO_SERVER_PATH] }],
    })
    ;({ home, page } = opened)
    settingsFile = join(home, 'settings.json')
  })

  afterAll(() => opened?.close())

  it('shows servers the CLI adds while the window is open, connected, without a reload', async () => {
    await expect.poll(() => status('notes').textContent()).toMatch(/connected/i)
    cli('servers', 'add', 'Alpha', '--', node, FIXTURE_STDIO_SERVER_PATH)
    cli(
      'servers',
      'add',
      'Beta',
      '--env',
      'BETA_TOKEN=beta-secret-5521',
      '--',
      node,
      FIXTURE_STDIO_SERVER_PATH,
    )
    cli('servers', 'add', 'Gamma', '--', node, FIXTURE_STDIO_SERVER_PATH)
    expect(onDisk().servers.map((s) => s.id)).toEqual(['notes', 'alpha', 'beta', 'gamma'])
    for (const id of ['alpha', 'beta', 'gamma']) {
      await expect.poll(() => status(id).textContent(), { timeout: 15_000 }).toMatch(/connected/i)
    }
    expect(await page.getByTestId('settings-problem').count()).toBe(0)
  })

  it('keeps every server, and the secret one owns, when the theme is changed in the window', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('radio', { name: 'Dark' }).check()
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark')
    await expect
      .poll(
        () =>
          (JSON.parse(readFileSync(settingsFile, 'utf8')) as { appearance: { theme: string } }).appearance
            .theme,
      )
      .toBe('dark')
    expect(onDisk().servers.map((s) => s.id)).toEqual(['notes', 'alpha', 'beta', 'gamma'])
    expect(cli('config', 'show')).toContain('server.beta.env.BETA_TOKEN')

    await page.getByRole('button', { name: 'Servers', exact: true }).click()
    for (const id of ['notes', 'alpha', 'beta', 'gamma'])
      expect(await status(id).textContent()).toMatch(/connected/i)
    mkdirSync(screenshots, { recursive: true })
    await page.screenshot({ path: join(screenshots, 'shared-profile-cli-added.png'), animations: 'disabled' })
  })

  it('drops a server the CLI removes', async () => {
    cli('servers', 'remove', 'gamma')
    await expect.poll(() => card('gamma').count()).toBe(0)
    expect(await card('alpha').count()).toBe(1)
  })

  it('shows a hand edit that does not parse, keeps it byte for byte, and picks up the fix', async () => {
    const good = readFileSync(settingsFile, 'utf8')
    const broken = good.replace('"alpha"', '"alpha",,')
    writeFileSync(settingsFile, broken)
    const banner = page.getByTestId('settings-problem')
    await expect.poll(() => banner.textContent()).toContain('not valid JSON')
    // A change in the window is refused with the reason, and the file stays as the user left it.
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    // click, not check: the refused change puts the radio back on the stored theme.
    await page.getByRole('radio', { name: 'Light' }).click()
    await expect.poll(() => page.getByTestId('errors').textContent()).toContain('until the file is fixed')
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true)
    expect(readFileSync(settingsFile, 'utf8')).toBe(broken)
    await page.screenshot({
      path: join(screenshots, 'shared-profile-broken-edit.png'),
      animations: 'disabled',
    })

    writeFileSync(settingsFile, good)
    await expect.poll(() => banner.count()).toBe(0)
    await page.getByRole('button', { name: 'Servers', exact: true }).click()
    expect(await card('alpha').count()).toBe(1)
  })
})
