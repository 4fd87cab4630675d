// Several requests from one server at once (issue 21, item 1): the oldest shows whole, the rest wait as one
// line each, and "Approve for this session" on the first releases the ones the same rule covers.
import { rmSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { samplingHome, whenWritten } from './support/sampling-home'
import { shoot } from './support/screenshots'

describe('queued sampling requests in Chromium (built app, real server, mock provider)', () => {
  let home: string
  let answerFile: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-large', 'mock-mini'] })
    ;({ home, answerFile } = samplingHome(mock.url, ['--count', '3']))
    for (const text of ['Second.', 'Third.']) mock.enqueue({ kind: 'text', chunks: [text] })
    session = await openAppInChromium(home, { width: 1280, height: 800, colorScheme: 'light' })
    ;({ page } = session)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('shows one card and two one-line requests; focus follows each decision; "for this session" releases the rest', async () => {
    const bell = page.getByTestId('approvals-bell')
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Pending approvals: 3')
    await bell.click()
    const drawer = page.getByTestId('drawer')
    await drawer.getByTestId('approval-card').waitFor()
    expect(await drawer.getByTestId('approval-card').count()).toBe(1)
    const lines = drawer.getByTestId('approval-summary')
    expect(await lines.count()).toBe(2)
    expect(await lines.first().textContent()).toContain('Notes wants to run a model · 2 messages')
    // One line each, not another ~460 px card.
    const box = await lines.first().boundingBox()
    expect(box?.height).toBeLessThan(60)
    await shoot(page, 'approval-queue-1280x800.png')
    await page.setViewportSize({ width: 800, height: 600 })
    await shoot(page, 'approval-queue-800x600.png')
    await lines.last().scrollIntoViewIfNeeded()
    await shoot(page, 'approval-queue-lines-800x600.png')
    await page.setViewportSize({ width: 1280, height: 800 })

    // Deny the open request from the keyboard: focus goes on to the next one, which opens.
    const first = drawer.getByTestId('approval-card')
    const firstId = await first.getAttribute('id')
    await first.getByRole('button', { name: 'Deny', exact: true }).focus()
    await page.keyboard.press('Enter')
    const focused = () =>
      page.locator('body').evaluate((body) => {
        const active = body.ownerDocument.activeElement
        return `${active?.getAttribute('data-testid') ?? ''} ${active?.id ?? ''}`
      })
    await expect.poll(focused).toMatch(/^approval-card approval-card-/)
    expect(await focused()).not.toContain(firstId ?? '-')
    expect(await lines.count()).toBe(1)

    // "Approve for this session" on it also releases the last one, still queued; focus lands on the bell.
    await drawer.getByRole('button', { name: 'Approve for this session' }).click()
    const answers = (await whenWritten(answerFile)) as unknown as Array<{ ok: boolean }>
    expect(answers.map((answer) => answer.ok)).toEqual([false, true, true])
    expect(mock.requests).toHaveLength(2)
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Pending approvals: 0')
    expect(await lines.count()).toBe(0)
    await expect.poll(focused).toBe('approvals-bell ')
  })
})
