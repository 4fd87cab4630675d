import { mkdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import type { AppInChromium } from './support/app-in-chromium'
import { openServersPanelHome, type ServersPanelHome } from './support/servers-panel-home'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_STDIO_SERVER_PATH } from '../support/spawn-command'

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots')
const node = process.execPath

/** A working fixture server, one that dies at start, and one that never says anything (stays starting). */
const settings = {
  schemaVersion: 1,
  servers: [
    { id: 'notes', name: 'Notes', transport: 'stdio', command: node, args: [FIXTURE_STDIO_SERVER_PATH] },
    {
      id: 'broken',
      name: 'Broken',
      transport: 'stdio',
      command: node,
      args: ['-e', "process.stderr.write('fatal: config file missing\\n'); process.exit(3)"],
    },
    {
      id: 'silent',
      name: 'Silent',
      transport: 'stdio',
      command: node,
      args: ['-e', 'setInterval(() => {}, 1000)'],
    },
  ],
}

describe('servers panel in Chromium (built app, real servers)', () => {
  let opened: ServersPanelHome | undefined
  let home: string
  let session: AppInChromium
  let page: Page

  beforeAll(async () => {
    opened = await openServersPanelHome('mcp-desk-e2e-servers-', settings)
    ;({ home, session, page } = opened)
  })

  afterAll(() => opened?.close())

  const card = (id: string) => page.getByTestId(`server-card-${id}`)
  const status = (id: string) => card(id).getByTestId('status-pill')

  it('shows each server in its own state: connected with tools, failed with the exit code, starting', async () => {
    await expect.poll(() => status('notes').textContent()).toMatch(/connected/i)
    await expect.poll(() => status('broken').textContent()).toMatch(/failed/i)
    expect(await status('silent').textContent()).toMatch(/starting/i)
    expect(await card('broken').getByTestId('server-failure').textContent()).toContain('exited with code 3')

    await card('broken').getByText('Details').click()
    expect(await card('broken').getByTestId('failure-exit-code').textContent()).toBe('3')
    expect(await card('broken').textContent()).toContain('fatal: config file missing')

    await card('notes').getByTestId('tool-count').click()
    await card('notes').getByTestId('tool-echo').waitFor()
    expect(await card('notes').getByTestId('tool-echo').textContent()).toContain('mcp_notes_echo')

    const dots = await page
      .getByTestId('sidebar')
      .locator('[data-status]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))
    expect(dots.sort()).toEqual(['connected', 'failed', 'starting'])
    mkdirSync(screenshots, { recursive: true })
    await page.screenshot({ path: join(screenshots, 'servers-panel-states.png'), animations: 'disabled' })
  })

  it('pulses the starting dot only when reduced motion is not requested', async () => {
    const dot = page.getByTestId('sidebar-server-silent').locator('[data-status="starting"]')
    expect(
      await dot.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).animationName),
    ).not.toBe('none')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await dot.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).animationName)).toBe(
      'none',
    )
    await page.emulateMedia({ reducedMotion: 'no-preference' })
  })

  it('adds a server through the form: a secret env value goes to the secret store, a plain one stays in clear', async () => {
    const value = 'e2e-env-secret-6620'
    const plainPath = join(home, 'memory.json')
    await page.getByRole('button', { name: 'Add server' }).click()
    const form = page.getByTestId('server-form')
    await form.getByLabel('Name', { exact: true }).fill('Added')
    await form.getByLabel('Command', { exact: true }).fill(node)
    await form.getByLabel('Arguments', { exact: true }).fill(FIXTURE_STDIO_SERVER_PATH)
    await form.getByRole('button', { name: 'Add variable' }).click()
    await form.getByLabel('variable name').fill('FIXTURE_TOKEN')
    await form.getByLabel(/^Value of/).fill(value)
    await form.getByRole('button', { name: 'Add variable' }).click()
    await form.getByLabel('variable name').nth(1).fill('MEMORY_FILE_PATH')
    await form.getByLabel('Value of MEMORY_FILE_PATH').fill(plainPath)
    // Secret by default for a secret-looking name, plain for a path.
    expect(await form.getByRole('checkbox', { name: 'Keep FIXTURE_TOKEN secret' }).isChecked()).toBe(true)
    expect(await form.getByRole('checkbox', { name: 'Keep MEMORY_FILE_PATH secret' }).isChecked()).toBe(false)
    await form.getByRole('button', { name: 'Add server' }).click()
    await expect.poll(() => status('added').textContent(), { timeout: 15_000 }).toMatch(/connected/i)
    expect(await page.content()).not.toContain(value)
    expect(await card('added').getByText(plainPath).count()).toBe(1)
    const saved = JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')) as {
      servers: Array<{ id: string; env?: Record<string, unknown> }>
    }
    expect(JSON.stringify(saved)).not.toContain(value)
    expect(saved.servers.find((server) => server.id === 'added')?.env).toEqual({
      FIXTURE_TOKEN: { secret: 'server.added.env.FIXTURE_TOKEN' },
      MEMORY_FILE_PATH: plainPath,
    })
  })

  it('disables and re-enables a server from its card', async () => {
    await card('notes').getByRole('button', { name: 'Disable Notes' }).click()
    await expect.poll(() => status('notes').textContent()).toMatch(/disabled/i)
    await card('notes').getByRole('button', { name: 'Enable Notes' }).click()
    await expect.poll(() => status('notes').textContent()).toMatch(/connected/i)
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
