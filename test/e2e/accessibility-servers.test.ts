// Accessibility (issue 21, item 3) of the servers panel in its harder states: failed, starting and crashed
// servers, the server form showing its errors, the import preview, and OAuth's three sign-in states.
import { rmSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { startOAuthMcpServer, type OAuthMcpServer } from '../fixtures/oauth-server/start-oauth-mcp-server'
import { FIXTURE_STDIO_SERVER_PATH } from '../support/spawn-command'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import {
  a11yView as view,
  checkBothSchemes,
  contrastRatio,
  dropConfig,
  newConversation,
  openDrawer,
  send,
} from './support/a11y-check'
import { mockProviderHome } from './support/mock-provider-home'
import { oauthHome } from './support/oauth-home'
import { openServersPanelHome, type ServersPanelHome } from './support/servers-panel-home'

const node = process.execPath

describe('accessibility of servers that failed or are starting (axe-core, light and dark)', () => {
  let opened: ServersPanelHome | undefined
  let page: Page

  beforeAll(async () => {
    opened = await openServersPanelHome('mcp-desk-e2e-a11y-servers-', {
      schemaVersion: 1,
      servers: [
        { id: 'notes', name: 'Notes', transport: 'stdio', command: node, args: [FIXTURE_STDIO_SERVER_PATH] },
        { id: 'broken', name: 'Broken', transport: 'stdio', command: node, args: ['-e', 'process.exit(3)'] },
        {
          id: 'silent',
          name: 'Silent',
          transport: 'stdio',
          command: node,
          args: ['-e', 'setInterval(() => {}, 1000)'],
        },
      ],
    })
    page = opened.page
    await page.setViewportSize({ width: view.width, height: view.height })
  })

  afterAll(() => opened?.close())

  it('the servers panel with connected, failed and starting cards, failure details open', async () => {
    const status = (id: string) => page.getByTestId(`server-card-${id}`).getByTestId('status-pill')
    await expect.poll(() => status('notes').textContent()).toMatch(/connected/i)
    await expect.poll(() => status('broken').textContent()).toMatch(/failed/i)
    await page.getByTestId('server-card-broken').getByText('Details').click()
    await checkBothSchemes(page, 'servers-failed-starting')
  })

  it('the server form showing what is missing', async () => {
    await page.getByRole('button', { name: 'Add server' }).click()
    const form = page.getByTestId('server-form')
    await form.getByRole('button', { name: 'Add server' }).click()
    await form.locator('[aria-invalid="true"]').first().waitFor()
    await checkBothSchemes(page, 'server-form-errors')
    await form.getByRole('button', { name: 'Cancel' }).click()
    await form.waitFor({ state: 'detached' })
  })

  it('a disabled server, its hollow dot at least 3:1 against the sidebar', async () => {
    const card = page.getByTestId('server-card-notes')
    await card.getByRole('button', { name: 'Disable Notes' }).click()
    await expect.poll(() => card.getByTestId('status-pill').textContent()).toMatch(/disabled/i)
    await checkBothSchemes(page, 'servers-disabled')
    const dot = page.getByTestId('sidebar-server-notes').locator('[data-status="disabled"]')
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
      const ring = await dot.evaluate(
        (el) => el.ownerDocument.defaultView!.getComputedStyle(el).borderTopColor,
      )
      const behind = await page
        .getByTestId('sidebar')
        .evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor)
      expect(contrastRatio(ring, behind), `--idle on the sidebar (${colorScheme})`).toBeGreaterThanOrEqual(3)
    }
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it('the import dialog previewing a dropped Claude Desktop file', async () => {
    await dropConfig(page, {
      mcpServers: {
        Notes: { command: node, args: [FIXTURE_STDIO_SERVER_PATH] },
        Weather: { command: 'weather-mcp' },
      },
    })
    await page.getByTestId('import-dialog').getByTestId('import-row-Weather').waitFor()
    await checkBothSchemes(page, 'import-preview')
  })
})

describe('accessibility of a server that crashed during a tool call (axe-core, light and dark)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    home = mockProviderHome('a11y-crash', mock.url, [
      { id: 'notes', name: 'Notes', transport: 'stdio', command: node, args: [FIXTURE_STDIO_SERVER_PATH] },
    ])
    session = await openAppInChromium(home, view)
    await session.page.locator('[data-testid="sidebar-server-notes"].sidebar-server--connected').waitFor()
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('the servers panel with the crashed server and the failed call in the transcript', async () => {
    const { page } = session
    await newConversation(page)
    mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call_1', name: 'mcp_notes_crash', arguments: '{}' }] },
      { kind: 'text', chunks: ['The notes server stopped.'] },
    )
    await send(page, 'Crash the notes server.')
    await page.getByTestId('tool-call-card').getByRole('button', { name: 'Approve', exact: true }).click()
    const row = page.getByTestId('transcript').getByTestId('tool-call').last()
    await expect.poll(() => row.getAttribute('data-state')).toMatch(/failed|unknown/)
    await openDrawer(page, 'Servers')
    const card = page.getByTestId('server-card-notes')
    await expect.poll(() => card.getByTestId('status-pill').textContent()).toMatch(/failed/i)
    await card.getByText('Details').click()
    await checkBothSchemes(page, 'servers-crashed')
  })
})

describe('accessibility of OAuth sign-in in the servers panel (axe-core, light and dark)', () => {
  let fixture: OAuthMcpServer
  let home: string
  let session: AppInChromium
  let page: Page
  let consent: Page | undefined

  beforeAll(async () => {
    fixture = await startOAuthMcpServer({ authorizePage: 'consent' })
    home = oauthHome(fixture.mcpUrl)
    session = await openAppInChromium(home, view)
    ;({ page } = session)
    await openDrawer(page, 'Servers')
  })

  afterAll(async () => {
    await session?.close()
    await fixture?.stop()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  const card = () => page.getByTestId('server-card-notes')

  it('a server that needs sign-in', async () => {
    await card().getByRole('button', { name: 'Sign in to Notes' }).waitFor()
    await checkBothSchemes(page, 'oauth-needs-sign-in')
  })

  it('signing in: waiting for the browser', async () => {
    const opened = page.context().waitForEvent('page')
    await card().getByRole('button', { name: 'Sign in to Notes' }).click()
    consent = await opened
    await card().getByTestId('sign-in-waiting').waitFor()
    await checkBothSchemes(page, 'oauth-signing-in')
  })

  it('signed in and connected', async () => {
    await consent!.getByRole('button', { name: 'Allow' }).click()
    await consent!.getByRole('heading', { name: 'Signed in to Notes' }).waitFor()
    await consent!.close()
    await card().getByTestId('signed-in').waitFor()
    await card().getByTestId('tool-count').waitFor()
    await checkBothSchemes(page, 'oauth-signed-in')
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
