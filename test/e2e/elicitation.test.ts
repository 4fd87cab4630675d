import { rmSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { elicitationHome } from './support/elicitation-home'
import { shoot } from './support/screenshots'

const FORM_TOOL = 'mcp_everything_trigger-elicitation-request'
const URL_TOOL = 'mcp_everything_trigger-url-elicitation'

describe('elicitation in Chromium (built app, server-everything, mock provider)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page
  let calls = 0

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    home = elicitationHome(mock.url)
    session = await openAppInChromium(home, { width: 1400, height: 1100, colorScheme: 'light' })
    ;({ page } = session)
    await page.locator('[data-testid="sidebar-server-everything"].sidebar-server--connected').waitFor()
    await page.getByRole('button', { name: 'New conversation' }).first().click()
    await page.getByTestId('conversation-title').filter({ hasText: 'New conversation' }).waitFor()
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  /**
   * The model calls `tool` once (then says `after`), the user approves the call, and the server's question
   * appears in the transcript: the card is returned.
   */
  async function modelCalls(tool: string, args: Record<string, unknown>, after: string): Promise<Locator> {
    calls++
    mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: `call_${calls}`, name: tool, arguments: JSON.stringify(args) }] },
      { kind: 'text', chunks: [after] },
    )
    const input = page.getByLabel('Message', { exact: true })
    await input.fill(`Please run ${tool}`)
    await input.press('Enter')
    const approval = page.getByTestId('tool-call-card')
    await approval.getByRole('button', { name: 'Approve', exact: true }).click()
    const card = page.getByTestId('transcript').getByTestId('elicitation-card')
    await card.waitFor()
    return card
  }

  /** The result text of the latest tool call, once the server answered it. */
  async function latestResult(): Promise<string> {
    const row = page.getByTestId('transcript').getByTestId('tool-call').last()
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('completed')
    return (await row.getByLabel('Result').textContent()) ?? ''
  }

  async function turnOver(after: string): Promise<void> {
    await page.getByTestId('chat-assistant').filter({ hasText: after }).waitFor()
    await page.getByTestId('composer').getByRole('button', { name: 'Send' }).waitFor()
  }

  it('fills the form with the server’s defaults; the user’s edits and the defaults reach the server', async () => {
    const card = await modelCalls(FORM_TOOL, {}, 'Thanks for the details.')
    expect(await card.getByRole('heading').textContent()).toBe('Everything asks for information')
    expect(await card.getByTestId('elicitation-message').textContent()).toBe(
      'Please provide inputs for the following fields:',
    )
    expect(await page.getByTestId('approvals-bell').getAttribute('aria-label')).toBe('Pending approvals: 1')
    expect(await card.getByLabel('String with default').inputValue()).toBe('It was a dark and stormy night.')
    expect(await card.getByLabel('Integer', { exact: true }).inputValue()).toBe('42')
    expect(await card.getByLabel('Untitled Single Select Enum').inputValue()).toBe('Monica')
    expect(await card.getByLabel('Superman').isChecked()).toBe(true)
    expect(await card.getByLabel('String with email format').getAttribute('type')).toBe('email')
    expect(await card.getByLabel('String with date format').getAttribute('type')).toBe('date')
    await card.getByRole('heading').scrollIntoViewIfNeeded()
    await shoot(page, 'elicitation-form-card.png')
    await card.getByRole('button', { name: 'Submit' }).scrollIntoViewIfNeeded()
    await shoot(page, 'elicitation-form-card-actions.png')

    // Submit without the required name: the problem is shown beside it and nothing is sent.
    await card.getByRole('button', { name: 'Submit' }).click()
    const name = card.getByLabel('String (required)', { exact: true })
    await expect
      .poll(() => name.evaluate((element) => element.ownerDocument.activeElement === element))
      .toBe(true)
    expect(await name.getAttribute('aria-invalid')).toBe('true')
    await card.getByText('Required', { exact: true }).waitFor()
    await shoot(page, 'elicitation-form-invalid.png')

    await name.fill('Ada Lovelace')
    await card.getByLabel('Integer', { exact: true }).fill('7')
    await card.getByLabel('Wonder Woman').check()
    await card.getByRole('button', { name: 'Submit' }).click()

    const result = await latestResult()
    expect(result).toContain('User provided the requested information!')
    expect(result).toContain('- Name: Ada Lovelace')
    expect(result).toContain('- Favorite Integer: 7')
    expect(result).toContain('- Favorite Number: 3.14')
    // The raw result: the edits, and every default the user left as it was.
    expect(result).toContain('"action": "accept"')
    expect(result).toContain('"titledSingleSelectEnum": "hero-3"')
    expect(result).toContain('"firstLine": "It was a dark and stormy night."')
    expect(result).toContain('"untitledSingleSelectEnum": "Monica"')
    expect(result).toContain('"legacyTitledEnum": "pet-1"')
    expect(result.replace(/\s+/g, '')).toContain('"untitledMultipleSelectEnum":["Guitar"]')
    expect(result.replace(/\s+/g, '')).toContain('"titledMultipleSelectEnum":["fish-1"]')
    await turnOver('Thanks for the details.')
    expect(await page.getByTestId('elicitation-card').count()).toBe(0)
    expect(await page.getByTestId('approvals-bell').getAttribute('aria-label')).toBe('Pending approvals: 0')
    await shoot(page, 'elicitation-form-answered.png')
  })

  it('Decline and Cancel give the server the spec’s results', async () => {
    const declined = await modelCalls(FORM_TOOL, {}, 'Understood, no details.')
    await declined.getByRole('button', { name: 'Decline' }).click()
    const declineResult = await latestResult()
    expect(declineResult).toContain('User declined to provide the requested information.')
    expect(declineResult).toContain('"action": "decline"')
    await turnOver('Understood, no details.')

    await modelCalls(FORM_TOOL, {}, 'Maybe later then.')
    // In another conversation the question waits in the approvals drawer, naming its conversation.
    await page.getByRole('button', { name: 'New conversation' }).first().click()
    await page.getByTestId('conversation-title').filter({ hasText: 'New conversation' }).waitFor()
    await page.getByTestId('approvals-bell').click()
    const inDrawer = page.getByTestId('drawer').getByTestId('elicitation-card')
    await inDrawer.waitFor()
    expect(await inDrawer.textContent()).toContain('In conversation “Please run')
    await shoot(page, 'elicitation-form-in-drawer.png')
    await inDrawer.getByRole('button', { name: 'Open conversation' }).click()
    const cancelled = page.getByTestId('transcript').getByTestId('elicitation-card')
    await page.getByTestId('approvals-bell').click()
    await cancelled.getByRole('button', { name: 'Cancel' }).click()
    const cancelResult = await latestResult()
    expect(cancelResult).toContain('User cancelled the elicitation dialog.')
    expect(cancelResult).toContain('"action": "cancel"')
    await turnOver('Maybe later then.')
  })

  it('shows a link with its host emphasised and opens it only on the click', async () => {
    // The page's window.open is recorded instead of opening a tab (there is no network in the tests).
    await page.evaluate(`(() => {
      window.__opened = []
      window.open = (...args) => { window.__opened.push(args); return null }
    })()`)
    const url = 'https://consent.example.com/authorize?session=42&scope=notes'
    const card = await modelCalls(URL_TOOL, { url, message: 'Sign in to finish connecting.' }, 'Connected.')
    expect(await card.getByRole('heading').textContent()).toBe('Everything asks you to open a link')
    expect(await card.getByTestId('elicitation-url').textContent()).toBe(url)
    expect(await card.getByTestId('elicitation-url-host').textContent()).toBe('consent.example.com')
    expect(await card.getByTestId('elicitation-url-host').evaluate((element) => element.tagName)).toBe(
      'STRONG',
    )
    expect(await card.getByTestId('elicitation-message').textContent()).toBe('Sign in to finish connecting.')
    expect(await page.evaluate('window.__opened.length')).toBe(0)
    await shoot(card, 'elicitation-url-card.png')

    await card.getByRole('button', { name: 'Open in browser' }).click()
    await card
      .getByTestId('elicitation-waiting')
      .filter({ hasText: 'Waiting for Everything to finish…' })
      .waitFor()
    expect(await page.evaluate('window.__opened')).toEqual([[url, '_blank', 'noopener']])
    const result = await latestResult()
    expect(result).toContain('User completed the URL elicitation flow.')
    expect(result).toContain('"action": "accept"')
    await turnOver('Connected.')
    await shoot(page, 'elicitation-url-waiting.png')

    // server-everything sends no completion notice: the user closes the card.
    await card.getByRole('button', { name: 'Dismiss' }).click()
    await expect.poll(() => page.getByTestId('elicitation-card').count()).toBe(0)

    await page.emulateMedia({ colorScheme: 'dark' })
    const declined = await modelCalls(URL_TOOL, { url }, 'Not connected.')
    await shoot(declined, 'elicitation-url-card-dark.png')
    await declined.getByRole('button', { name: 'Decline' }).click()
    expect(await latestResult()).toContain('User declined to open the URL')
    await turnOver('Not connected.')
    expect(await page.evaluate('window.__opened.length')).toBe(1)
    await page.emulateMedia({ colorScheme: 'light' })
    expect(session.consoleProblems).toEqual([])
  })
})
