import { mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { samplingHome, whenWritten } from './support/sampling-home'

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots')

describe('sampling with tools: the card lists the tools and the user removes one (Chromium)', () => {
  let home: string
  let answerFile: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-large', 'mock-mini'] })
    ;({ home, answerFile } = samplingHome(mock.url, ['--tools']))
    mock.enqueue({ kind: 'text', chunks: ['A set of rules.'] })
    session = await openAppInChromium(home, { width: 1400, height: 1000, colorScheme: 'dark' })
    ;({ page } = session)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('sends the provider only the tools left checked', async () => {
    await expect
      .poll(() => page.getByTestId('approvals-bell').getAttribute('aria-label'))
      .toBe('Pending approvals: 1')
    await page.getByTestId('approvals-bell').click()
    const card = page.getByTestId('approval-card')
    await card.waitFor()
    expect(await card.textContent()).toContain('Looks a word up in the dictionary')
    await card.getByRole('checkbox', { name: 'weather' }).uncheck()
    mkdirSync(screenshots, { recursive: true })
    await page.screenshot({ path: join(screenshots, 'sampling-tools-card-dark.png'), animations: 'disabled' })
    await card.getByRole('button', { name: 'Approve', exact: true }).click()

    expect(await whenWritten(answerFile)).toMatchObject({
      ok: true,
      result: { content: { text: 'A set of rules.' } },
    })
    const body = mock.requests[0]?.body as {
      tools: Array<{ function: { name: string } }>
      tool_choice: unknown
    }
    expect(body.tools.map((tool) => tool.function.name)).toEqual(['lookup'])
    expect(body.tool_choice).toBe('auto')
  })
})
