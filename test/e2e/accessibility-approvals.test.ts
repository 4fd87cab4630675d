// Accessibility (issue 21, item 3) of what servers ask the user: sampling cards (with and without tools), the
// activity log after one, and the elicitation form (with its errors) and URL cards.
import { rmSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { a11yView as view, checkBothSchemes, newConversation, openDrawer, send } from './support/a11y-check'
import { elicitationHome } from './support/elicitation-home'
import { samplingHome, whenWritten } from './support/sampling-home'

/** Waits for the one pending sampling request and opens the approvals drawer on its card. */
async function openSamplingCard(page: Page): Promise<Locator> {
  await expect
    .poll(() => page.getByTestId('approvals-bell').getAttribute('aria-label'))
    .toBe('Pending approvals: 1')
  await page.getByTestId('approvals-bell').click()
  const card = page.getByTestId('approval-card')
  await card.waitFor()
  return card
}

describe('accessibility of a sampling card and the activity log (axe-core, light and dark)', () => {
  let home: string
  let answerFile: string
  let session: AppInChromium
  let mock: MockOpenAI

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-large', 'mock-mini'] })
    ;({ home, answerFile } = samplingHome(mock.url))
    mock.enqueue({ kind: 'text', chunks: ['- one\n- two'] })
    session = await openAppInChromium(home, view)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('the approvals drawer with a sampling card', async () => {
    await openSamplingCard(session.page)
    await checkBothSchemes(session.page, 'approvals-sampling')
  })

  it('the activity panel listing the approved request', async () => {
    const { page } = session
    await page.getByTestId('approval-card').getByRole('button', { name: 'Approve', exact: true }).click()
    expect(await whenWritten(answerFile)).toMatchObject({ ok: true })
    await openDrawer(page, 'Activity')
    await expect.poll(async () => (await page.getByRole('table').textContent()) ?? '').toContain('mock-large')
    await checkBothSchemes(page, 'activity-with-entry')
  })
})

describe('accessibility of a sampling card offering tools (axe-core, light and dark)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-large', 'mock-mini'] })
    ;({ home } = samplingHome(mock.url, ['--tools']))
    session = await openAppInChromium(home, view)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('the sampling card with its tools, one unchecked', async () => {
    const card = await openSamplingCard(session.page)
    await card.getByRole('checkbox', { name: 'weather' }).uncheck()
    await checkBothSchemes(session.page, 'sampling-tools')
  })
})

describe('accessibility of a server’s questions in the transcript (axe-core, light and dark)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page
  let calls = 0

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    home = elicitationHome(mock.url)
    session = await openAppInChromium(home, view)
    ;({ page } = session)
    await page.locator('[data-testid="sidebar-server-everything"].sidebar-server--connected').waitFor()
    await newConversation(page)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  /** The model calls `tool`, the user approves, and the server's question appears in the transcript. */
  async function modelCalls(tool: string, args: object, after: string): Promise<Locator> {
    calls++
    mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: `call_${calls}`, name: tool, arguments: JSON.stringify(args) }] },
      { kind: 'text', chunks: [after] },
    )
    await send(page, `Please run ${tool}`)
    await page.getByTestId('tool-call-card').getByRole('button', { name: 'Approve', exact: true }).click()
    const card = page.getByTestId('transcript').getByTestId('elicitation-card')
    await card.waitFor()
    return card
  }

  async function turnOver(after: string): Promise<void> {
    await page.getByTestId('chat-assistant').filter({ hasText: after }).waitFor()
    await page.getByTestId('composer').getByRole('button', { name: 'Send' }).waitFor()
  }

  it('an elicitation form card', async () => {
    await modelCalls('mcp_everything_trigger-elicitation-request', {}, 'Thanks for the details.')
    await checkBothSchemes(page, 'elicitation-form')
  })

  it('the elicitation form showing a missing required field', async () => {
    const card = page.getByTestId('transcript').getByTestId('elicitation-card')
    await card.getByRole('button', { name: 'Submit' }).click()
    await card.getByText('Required', { exact: true }).waitFor()
    await checkBothSchemes(page, 'elicitation-form-errors')
    await card.getByRole('button', { name: 'Decline' }).click()
    await turnOver('Thanks for the details.')
  })

  it('a URL elicitation card', async () => {
    const url = 'https://consent.example.com/authorize?session=42&scope=notes'
    const card = await modelCalls(
      'mcp_everything_trigger-url-elicitation',
      { url, message: 'Sign in to finish connecting.' },
      'Not connected.',
    )
    await card.getByTestId('elicitation-url-host').waitFor()
    await checkBothSchemes(page, 'elicitation-url')
    await card.getByRole('button', { name: 'Decline' }).click()
    await turnOver('Not connected.')
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
