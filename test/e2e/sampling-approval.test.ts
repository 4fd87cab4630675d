import { mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { samplingHome, whenWritten } from './support/sampling-home'

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots')
describe('sampling approval card in Chromium (built app, real server, mock provider)', () => {
  let home: string
  let answerFile: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-large', 'mock-mini'] })
    ;({ home, answerFile } = samplingHome(mock.url))
    mock.enqueue({ kind: 'text', chunks: ['- one\n', '- two\n', '- three'] })
    session = await openAppInChromium(home, { width: 1400, height: 1000, colorScheme: 'light' })
    ;({ page } = session)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('shows the card with model, sizes and prompt; the user switches model, edits the prompt and approves', async () => {
    await expect
      .poll(() => page.getByTestId('approvals-bell').getAttribute('aria-label'))
      .toBe('Pending approvals: 1')
    await page.getByTestId('approvals-bell').click()
    const card = page.getByTestId('approval-card')
    await card.waitFor()
    const text = (await card.textContent()) ?? ''
    expect(text).toContain('Notes')
    expect(text).toContain('2 × 1')
    expect(text).toContain('73 bytes')
    expect(await card.getByTestId('system-prompt').textContent()).toContain('summarises meeting notes')
    expect(await card.getByTestId('sampling-include-context').textContent()).toBe(
      'Context asked for this server’s, none added',
    )
    expect(await card.getByTestId('sampling-metadata').textContent()).toContain('"traceId": "e2e-1"')
    await card.getByText('Request as received (JSON)').click()
    expect(await card.getByLabel('The request as received').textContent()).toContain(
      '"includeContext": "thisServer"',
    )
    expect(await card.getByLabel('Model', { exact: true }).inputValue()).toBe('mock/mock-large')
    mkdirSync(screenshots, { recursive: true })
    await page.screenshot({ path: join(screenshots, 'sampling-card.png'), animations: 'disabled' })

    await card.getByLabel('Model', { exact: true }).selectOption('mock/mock-mini')
    await card.getByRole('button', { name: 'Edit' }).click()
    await card.getByRole('textbox', { name: 'System prompt' }).fill('Answer in exactly three bullets.')
    await card.getByRole('button', { name: 'Approve', exact: true }).click()

    const answer = await whenWritten(answerFile)
    expect(answer).toMatchObject({
      ok: true,
      result: { model: 'mock/mock-mini', content: { text: '- one\n- two\n- three' } },
    })
    const body = mock.requests[0]?.body as {
      model: string
      messages: Array<{ role: string; content: unknown }>
    }
    expect(body.model).toBe('mock-mini')
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Answer in exactly three bullets.' })
    await expect
      .poll(() => page.getByTestId('approvals-bell').getAttribute('aria-label'))
      .toBe('Pending approvals: 0')
  })

  it('lists the request in the sampling activity view', async () => {
    await page.getByRole('button', { name: 'Activity', exact: true }).click()
    await expect
      .poll(async () => (await page.getByRole('table').textContent()) ?? '')
      .toContain('mock/mock-mini')
    await page.screenshot({ path: join(screenshots, 'sampling-activity.png'), animations: 'disabled' })
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
