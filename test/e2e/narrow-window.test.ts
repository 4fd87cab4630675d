// An 800×600 window (issue 21, item 2): the sidebar is hidden to leave the conversation its width, and the
// title bar's toggle shows it over the conversation, with the conversation list and the server dots; choosing
// a conversation puts it away. The page itself never scrolls as a whole.
import { rmSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { chatHome } from './support/chat-home'
import { shoot } from './support/screenshots'

/** Whether the document scrolls as a whole (it must not: the transcript and drawers scroll inside). */
function pageScrolls(page: Page): Promise<boolean> {
  // A string, since this file is typed for Node (no DOM lib).
  return page.evaluate<boolean>(`(() => {
    const root = document.scrollingElement ?? document.documentElement
    return root.scrollHeight > root.clientHeight || root.scrollWidth > root.clientWidth
  })()`)
}

describe('an 800×600 window in Chromium', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    ;({ home } = chatHome(mock.url))
    session = await openAppInChromium(home, { width: 800, height: 600, colorScheme: 'light' })
    ;({ page } = session)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('hides the sidebar behind a toggle that shows conversations and servers over the conversation', async () => {
    const sidebar = page.getByTestId('sidebar')
    const toggle = page.getByTestId('sidebar-toggle')
    await toggle.waitFor()
    expect(await sidebar.isVisible()).toBe(false)
    expect(await pageScrolls(page)).toBe(false)

    await toggle.click()
    await sidebar.waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await page.locator('[data-testid="sidebar-server-docs"].sidebar-server--connected').waitFor()
    await shoot(page, 'narrow-sidebar-open-800x600.png')

    await sidebar.getByRole('button', { name: 'New conversation' }).click()
    await page.getByTestId('conversation-title').filter({ hasText: 'New conversation' }).waitFor()
    await expect.poll(() => sidebar.isVisible()).toBe(false)
    expect(await pageScrolls(page)).toBe(false)
    await shoot(page, 'narrow-conversation-800x600.png')
  })

  it('keeps the toggle out of wide windows', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    expect(await page.getByTestId('sidebar-toggle').isVisible()).toBe(false)
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true)
    await page.setViewportSize({ width: 800, height: 600 })
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
