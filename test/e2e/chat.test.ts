import { rmSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { callCount, chatHome, whenCallCount } from './support/chat-home'
import { shoot } from './support/screenshots'

/** Types a message in the composer and sends it with Enter. */
async function send(page: Page, text: string): Promise<void> {
  const input = page.getByLabel('Message', { exact: true })
  await input.fill(text)
  await input.press('Enter')
}

/** The tool-call rows of the transcript, newest last. */
function toolCallRows(page: Page): Locator {
  return page.getByTestId('transcript').getByTestId('tool-call')
}

/** Resolves once no turn runs: the composer's button is Send again. */
async function turnOver(page: Page): Promise<void> {
  await page.getByTestId('composer').getByRole('button', { name: 'Send' }).waitFor()
}

describe('chat in Chromium (built app, real MCP server, mock provider)', () => {
  let home: string
  let countFile: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    ;({ home, countFile } = chatHome(mock.url))
    session = await openAppInChromium(home, { width: 1400, height: 1000, colorScheme: 'light' })
    ;({ page } = session)
    await page.locator('[data-testid="sidebar-server-docs"].sidebar-server--connected').waitFor()
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('shows the call on a card, runs it once when approved, and never sends it when denied with Enter', async () => {
    await page.getByRole('button', { name: 'New conversation' }).first().click()
    await page.getByTestId('conversation-title').filter({ hasText: 'New conversation' }).waitFor()

    mock.enqueue(
      {
        kind: 'tool_calls',
        text: 'Let me look that up.',
        calls: [{ id: 'call_1', name: 'mcp_docs_query', arguments: '{"q":"release date"}' }],
      },
      { kind: 'text', chunks: ['The release ', 'is on **Friday**.\n\n```ts\nconst day = "Friday"\n```'] },
    )
    await send(page, 'When is the release?')

    const card = page.getByTestId('tool-call-card')
    await card.waitFor()
    const facts = (await card.locator('.tool-call-facts').textContent()) ?? ''
    expect(facts).toContain('Docs')
    expect(facts).toContain('docs-server.ts')
    expect(facts).toContain('query')
    expect(facts).toContain('mcp_docs_query')
    expect(await card.getByTestId('tool-call-arguments').textContent()).toContain('"q": "release date"')
    expect(await card.textContent()).toContain('Arguments are sent to this MCP server')
    // The model offered the tool under its exposed name, and the bell counts the waiting card.
    const offered = (mock.requests.find((request) => request.path === '/v1/chat/completions')?.body ??
      {}) as {
      tools?: Array<{ function: { name: string } }>
    }
    expect(offered.tools?.map((tool) => tool.function.name)).toContain('mcp_docs_query')
    expect(await page.getByTestId('approvals-bell').getAttribute('aria-label')).toBe('Pending approvals: 1')
    expect(callCount(countFile)).toBe(0)
    await shoot(page, 'chat-tool-call-card.png')

    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    await whenCallCount(countFile, 1)
    await expect.poll(() => toolCallRows(page).first().getAttribute('data-state')).toBe('completed')
    expect(await toolCallRows(page).first().textContent()).toContain('calls: 1')
    await page.getByTestId('chat-assistant').filter({ hasText: 'is on Friday' }).waitFor()
    await turnOver(page)
    expect(await page.locator('.markdown pre code.hljs .hljs-string').first().textContent()).toBe('"Friday"')

    mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call_2', name: 'mcp_docs_query', arguments: '{"q":"again"}' }] },
      { kind: 'text', chunks: ['Understood, I did not look it up again.'] },
    )
    await send(page, 'Check once more.')
    await card.waitFor()
    await card.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => toolCallRows(page).nth(1).getAttribute('data-state')).toBe('denied')
    await page.getByTestId('chat-assistant').filter({ hasText: 'did not look it up again' }).waitFor()
    await turnOver(page)
    expect(callCount(countFile)).toBe(1)
    expect(await page.getByTestId('approvals-bell').getAttribute('aria-label')).toBe('Pending approvals: 0')
    await shoot(page, 'chat-completed-and-denied.png')
  })

  it('Stop while the model streams ends the turn cancelled and aborts the provider request', async () => {
    const chunks = Array.from({ length: 60 }, (_, index) => `word${index} `)
    mock.enqueue({ kind: 'drip', chunks, intervalMs: 150 })
    await send(page, 'Tell me a long story.')
    await page.getByTestId('chat-live').waitFor()
    await page.getByTestId('composer').getByRole('button', { name: 'Stop' }).click()

    const disconnect = await mock.waitForDisconnect()
    expect(disconnect.scriptKind).toBe('drip')
    expect(disconnect.chunksSent).toBeLessThan(chunks.length)
    const ended = page.getByTestId('chat-turn-end').last()
    await ended.waitFor()
    expect(await ended.getAttribute('data-status')).toBe('cancelled')
    await turnOver(page)
    await shoot(page, 'chat-stopped.png')

    await page.emulateMedia({ colorScheme: 'dark' })
    await shoot(page, 'chat-dark.png')
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it('a call stopped while the server works is unknown, and the next message waits for the user’s word', async () => {
    mock.enqueue({ kind: 'tool_calls', calls: [{ id: 'call_3', name: 'mcp_docs_hang', arguments: '{}' }] })
    await send(page, 'Try the slow tool.')
    const card = page.getByTestId('tool-call-card')
    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    const row = toolCallRows(page).last()
    await expect.poll(() => row.getAttribute('data-state')).toBe('running')
    await page.getByTestId('composer').getByRole('button', { name: 'Stop' }).click()
    await expect.poll(() => row.getAttribute('data-state')).toBe('unknown')
    expect(await row.textContent()).toContain('The server may have acted; do not retry automatically.')
    await turnOver(page)

    const requestsBefore = mock.requests.length
    await send(page, 'Go on.')
    const bar = page.getByTestId('unknown-outcome-bar')
    await bar.waitFor()
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Go on.')
    expect(mock.requests.length).toBe(requestsBefore)
    await shoot(page, 'chat-unknown-outcome.png')

    mock.enqueue({ kind: 'text', chunks: ['Noted: the slow call may have run.'] })
    await bar.getByRole('button', { name: 'It may have run — send' }).click()
    await page.getByTestId('chat-assistant').filter({ hasText: 'may have run' }).waitFor()
    await turnOver(page)
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('')
    expect(await bar.count()).toBe(0)
  })

  it('a link in the answer shows its real host and asks before opening anything', async () => {
    await page.getByRole('button', { name: 'New conversation' }).first().click()
    // The new conversation is open once the previous one's messages are gone: a message typed before that
    // went to the previous conversation, and its answer never showed here (a flake on a loaded machine).
    await page.getByTestId('chat-assistant').first().waitFor({ state: 'detached' })
    mock.enqueue({
      kind: 'text',
      chunks: ['Pay here: [https://bank.example/pay](https://bank.example.evil.example/pay)'],
    })
    await send(page, 'Where do I pay?')
    const answer = page.getByTestId('chat-assistant').filter({ hasText: 'Pay here' })
    await answer.waitFor()
    await turnOver(page)
    expect(await answer.textContent()).toContain('https://bank.example/pay (bank.example.evil.example)')

    const pagesBefore = session.page.context().pages().length
    await answer.getByRole('link', { name: 'https://bank.example/pay' }).click()
    const dialog = page.getByRole('dialog', { name: 'Open this link outside MCP Desk?' })
    await dialog.waitFor()
    expect(await dialog.getByTestId('link-url-host').textContent()).toBe('bank.example.evil.example')
    await shoot(page, 'chat-link-confirm.png')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(session.page.context().pages()).toHaveLength(pagesBefore)
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
