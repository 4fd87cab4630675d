// MCP Apps in Chromium (issue 22): the npm example App servers' views render inside the sandbox under the
// tool result, a click in a view calls a tool through an approval card "from the view of", and the result
// updates the view; the isolation probe (test/fixtures/app-server) shows what a hostile view cannot do in
// the real app; a view changed after approval waits for review like a changed tool.
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FrameLocator, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { checkBothSchemes } from './support/a11y-check'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { mockProviderHome } from './support/mock-provider-home'
import { shoot } from './support/screenshots'

const NODE_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url))
const APP_SERVER = fileURLToPath(new URL('../fixtures/app-server/app-server.ts', import.meta.url))

function npmAppServer(id: string, name: string, pkg: string) {
  return {
    id,
    name,
    transport: 'stdio',
    command: process.execPath,
    args: [`${NODE_MODULES}@modelcontextprotocol/${pkg}/dist/index.js`, '--stdio'],
  }
}

const servers = [
  npmAppServer('clock', 'Clock', 'server-basic-vanillajs'),
  npmAppServer('reactclock', 'React clock', 'server-basic-react'),
  npmAppServer('monitor', 'System monitor', 'server-system-monitor'),
  npmAppServer('budget', 'Budget', 'server-budget-allocator'),
  npmAppServer('segments', 'Segments', 'server-customer-segmentation'),
  { id: 'probe', name: 'Probe', transport: 'stdio', command: process.execPath, args: [APP_SERVER] },
]

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByLabel('Message', { exact: true })
  await input.fill(text)
  await input.press('Enter')
}

async function turnOver(page: Page): Promise<void> {
  await page.getByTestId('composer').getByRole('button', { name: 'Send' }).waitFor()
}

/** The last tool-result view of the transcript and the view document inside its sandbox proxy. */
function lastView(page: Page): { section: Locator; view: FrameLocator } {
  const section = page.getByTestId('tool-result-view').last()
  const view = section.getByTestId('app-view-frame').contentFrame().locator('iframe').contentFrame()
  return { section, view }
}

/** The model's tool-call card in the transcript (not a card a view asked for, shown beside that view). */
function modelCard(page: Page): Locator {
  return page.getByTestId('transcript').locator('[data-testid="tool-call-card"]:not(.app-view-cards *)')
}

/** Asks the model (the mock) to call `tool`, approves the card, and waits for the call's view. */
async function callWithView(page: Page, mock: MockOpenAI, tool: string, args = '{}') {
  mock.enqueue(
    { kind: 'tool_calls', calls: [{ id: `call_${tool}`, name: tool, arguments: args }] },
    { kind: 'text', chunks: ['Here it is.'] },
  )
  await send(page, `Show me ${tool}.`)
  await modelCard(page).getByRole('button', { name: 'Approve', exact: true }).click()
  await page.getByTestId('chat-assistant').filter({ hasText: 'Here it is.' }).last().waitFor()
  await turnOver(page)
  return lastView(page)
}

describe('MCP Apps in Chromium (built app, npm App servers, mock provider)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    home = mockProviderHome('apps', mock.url, servers)
    session = await openAppInChromium(home, { width: 1280, height: 800, colorScheme: 'light' })
    ;({ page } = session)
    for (const { id } of servers) {
      await page.locator(`[data-testid="sidebar-server-${id}"].sidebar-server--connected`).waitFor()
    }
    await page.getByRole('button', { name: 'New conversation' }).first().click()
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('basic-vanillajs: the view shows the result; its button calls get-time through a card from the view', async () => {
    const { section, view } = await callWithView(page, mock, 'mcp_clock_get-time')
    const time = view.locator('#server-time')
    await expect.poll(() => time.textContent()).toMatch(/^\d{4}-\d\d-\d\dT/)
    const before = await time.textContent()
    await shoot(page, 'apps-clock-view-1280x800.png')

    await view.getByRole('button', { name: 'Get Server Time' }).click()
    const card = section.getByTestId('tool-call-card')
    await card.waitFor()
    expect(await card.textContent()).toContain('from the view of')
    expect(await card.textContent()).toContain('get-time')
    await shoot(page, 'apps-clock-view-card-1280x800.png')
    // The view, its header and the card beside it pass axe in light and dark (the view's own page is its
    // server's: axe cannot enter the cross-origin frames and does not judge it).
    await checkBothSchemes(page, 'apps-view-card')
    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    await expect.poll(() => time.textContent()).not.toBe(before)
    await expect.poll(() => card.count()).toBe(0)

    // A denied call from the view sends nothing and the view is told so (it shows its error marker).
    await view.getByRole('button', { name: 'Get Server Time' }).click()
    await card.getByRole('button', { name: 'Deny', exact: true }).click()
    await expect.poll(() => time.textContent()).toBe('[ERROR]')
  })

  it('basic-vanillajs: Open Link asks before leaving the app; Send Message adds a message marked as the view’s', async () => {
    const { view } = lastView(page)
    await view.getByRole('button', { name: 'Open Link' }).click()
    const confirm = page.getByRole('dialog').filter({ hasText: 'modelcontextprotocol.io' })
    await confirm.waitFor()
    await shoot(page, 'apps-open-link-confirm-1280x800.png')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => confirm.count()).toBe(0)

    mock.enqueue({ kind: 'text', chunks: ['Noted the view’s message.'] })
    await view.getByRole('button', { name: 'Send Message' }).click()
    await page.getByTestId('chat-from-view').last().waitFor()
    await page.getByTestId('chat-assistant').filter({ hasText: 'Noted the view' }).waitFor()
    await turnOver(page)
    const body = JSON.stringify(mock.requests.at(-1)?.body)
    expect(body).toContain('This is message text.')
  })

  it('basic-react: the React view renders in the sandbox and its click updates it through a card', async () => {
    const { section, view } = await callWithView(page, mock, 'mcp_reactclock_get-time')
    const button = view.getByRole('button', { name: 'Get Server Time' })
    await button.waitFor()
    const text = async () => (await view.locator('body').textContent()) ?? ''
    const before = await text()
    await button.click()
    const card = section.getByTestId('tool-call-card')
    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    await expect.poll(text).not.toBe(before)
    await shoot(page, 'apps-react-view-1280x800.png')
  })

  it('system-monitor: its view polls an app-only tool; approved for the conversation, the stats update without asking again', async () => {
    const offered = JSON.stringify(mock.requests.at(-1)?.body)
    expect(offered).toContain('mcp_monitor_get-system-info')
    expect(offered).not.toContain('poll-system-stats')

    const { section, view } = await callWithView(page, mock, 'mcp_monitor_get-system-info')
    await view.locator('#info-hostname').filter({ hasText: /\S/ }).waitFor()
    // The view starts polling by itself once it has the result: its first poll waits on a card.
    const card = section.getByTestId('tool-call-card')
    await card.waitFor()
    expect(await card.textContent()).toContain('poll-system-stats')
    await card.getByRole('button', { name: 'Approve for this conversation' }).click()
    await expect.poll(() => view.locator('#memory-percent').textContent()).toMatch(/\d+%/)
    await shoot(page, 'apps-monitor-view-1280x800.png')
    expect(await card.count()).toBe(0)
    await view.locator('#poll-toggle-btn').click()
    await expect.poll(() => view.locator('#poll-toggle-btn').textContent()).toContain('Start')
  })

  it('budget-allocator: renders its chart; full screen fills the window and Escape returns', async () => {
    const { section, view } = await callWithView(page, mock, 'mcp_budget_get-budget-data')
    await view.locator('#budget-chart').waitFor()
    // By keyboard: the row's button, focused where it is (a click's scroll could shift the rows under it).
    await section.getByRole('button', { name: /full screen/ }).press('Enter')
    const fullscreen = page.getByRole('dialog', { name: 'View of get-budget-data · Budget' })
    await fullscreen.waitFor()
    await shoot(page, 'apps-budget-fullscreen-1280x800.png')
    await page.keyboard.press('Escape')
    await expect.poll(() => fullscreen.count()).toBe(0)
    // Focus is back on the button that opened it.
    const button = section.getByRole('button', { name: /full screen/ })
    expect(await button.evaluate((element) => element.ownerDocument.activeElement === element)).toBe(true)
    await page.setViewportSize({ width: 800, height: 600 })
    await section.getByTestId('app-view').evaluate((element) => element.scrollIntoView({ block: 'start' }))
    await shoot(page, 'apps-budget-view-800x600.png')
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  it('customer-segmentation: the view asks for its data itself, through a card, and draws it', async () => {
    const { section, view } = await callWithView(
      page,
      mock,
      'mcp_segments_get-customer-data',
      '{"segment":"All"}',
    )
    await view.locator('#scatter-chart').waitFor()
    const card = section.getByTestId('tool-call-card')
    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    await view.locator('#legend').filter({ hasText: /\S/ }).waitFor()
    await shoot(page, 'apps-segments-view-1280x800.png')
  })

  it('the isolation probe, rendered by the app: no app DOM, storage, popup, top navigation or undeclared fetch', async () => {
    const { view } = await callWithView(page, mock, 'mcp_probe_show-probe')
    const results = view.locator('#probe-results')
    await expect.poll(() => results.textContent(), { timeout: 15_000 }).toContain('nestedFrame:')
    const text = (await results.textContent()) ?? ''
    expect(text).toContain('origin: null')
    expect(text).toContain('topDocument: threw SecurityError')
    expect(text).toContain('parentDocument: threw SecurityError')
    expect(text).toContain('localStorage: threw SecurityError')
    expect(text).toContain('windowOpen: allowed: null')
    expect(text).toMatch(/topNavigation: threw /)
    expect(text).toContain('fetchUndeclared: blocked by CSP')
    expect(text).toContain('nestedFrame: blocked by CSP')
    // The app is where it was, and still holds its token and contract.
    expect(new URL(page.url()).port).toBe(new URL(session.app.url).port)
    await page.getByTestId('composer').waitFor()
    await shoot(page, 'apps-probe-1280x800.png')
  })

  it('a view changed after approval is held for review like a changed tool', async () => {
    mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call_bump', name: 'mcp_probe_bump-view', arguments: '{}' }] },
      { kind: 'text', chunks: ['Bumped.'] },
    )
    await send(page, 'Change the view.')
    await modelCard(page).getByRole('button', { name: 'Approve', exact: true }).click()
    await page.getByTestId('chat-assistant').filter({ hasText: 'Bumped.' }).waitFor()
    await turnOver(page)
    await page.getByRole('button', { name: 'Servers', exact: true }).click()
    const change = page.getByTestId('tool-change-show-probe')
    await change.getByTestId('view-change').waitFor()
    expect(await change.textContent()).toContain('view')
    await change.scrollIntoViewIfNeeded()
    await shoot(page, 'apps-view-change-1280x800.png')
    // Until accepted, the changed tool is neither offered to the model nor shown.
    await page.getByRole('button', { name: /^Accept \d+ tool changes? of Probe$/ }).click()
    await expect.poll(() => change.count()).toBe(0)
  })

  it('servers panel: Open view calls the tool as the user and shows its view full screen, at both sizes', async () => {
    const clock = page.getByTestId('server-card-clock')
    await clock.getByTestId('tool-count').click()
    const open = clock.getByRole('button', { name: 'Open the view of get-time' })
    await open.scrollIntoViewIfNeeded()
    await open.click()
    const dialog = page.getByTestId('open-view-dialog')
    await dialog.waitFor()
    await shoot(page, 'apps-open-view-dialog-1280x800.png')
    await dialog.getByRole('button', { name: 'Call and open' }).click()
    const overlay = page.getByRole('dialog', { name: 'View of get-time · Clock' })
    await overlay.waitFor()
    const view = overlay.getByTestId('app-view-frame').contentFrame().locator('iframe').contentFrame()
    await expect.poll(() => view.locator('#server-time').textContent()).toMatch(/^\d{4}-\d\d-\d\dT/)
    await shoot(page, 'apps-open-view-1280x800.png')
    await page.setViewportSize({ width: 800, height: 600 })
    await shoot(page, 'apps-open-view-800x600.png')
    await page.setViewportSize({ width: 1280, height: 800 })
    await overlay.getByRole('button', { name: 'Close view' }).click()
    await expect.poll(() => overlay.count()).toBe(0)
    expect(await open.evaluate((element) => element.ownerDocument.activeElement === element)).toBe(true)
  })
})
