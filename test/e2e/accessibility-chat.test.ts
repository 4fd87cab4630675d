// Accessibility (issue 21, item 3) of the first-run window, chat and the drawers, Settings' sections among
// them: axe-core in light and dark, with a screenshot of each (support/a11y-check.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { a11yView as view, checkBothSchemes, newConversation, openDrawer, send } from './support/a11y-check'
import { chatHome, whenCallCount } from './support/chat-home'

describe('accessibility of the first-run window (axe-core, light and dark)', () => {
  let home: string
  let session: AppInChromium

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'mcp-desk-e2e-a11y-first-'))
    session = await openAppInChromium(home, view)
    await session.page.getByRole('button', { name: 'New conversation' }).first().waitFor()
  })

  afterAll(async () => {
    await session?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('the empty first-run window', async () => {
    await checkBothSchemes(session.page, 'first-run')
  })
})

describe('accessibility of chat and the drawers (axe-core, light and dark)', () => {
  let home: string
  let countFile: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    ;({ home, countFile } = chatHome(mock.url))
    session = await openAppInChromium(home, view)
    ;({ page } = session)
    await page.locator('[data-testid="sidebar-server-docs"].sidebar-server--connected').waitFor()
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('a new conversation with the disabled Send button', async () => {
    await newConversation(page)
    await checkBothSchemes(page, 'new-conversation')
  })

  it('in dark, the disabled Send button does not look like the enabled one', async () => {
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' })
    const sendButton = page.getByTestId('composer').getByRole('button', { name: 'Send' })
    const look = () =>
      sendButton.evaluate((el) => {
        const style = el.ownerDocument.defaultView!.getComputedStyle(el)
        return { background: style.backgroundColor, color: style.color, opacity: style.opacity }
      })
    expect(await sendButton.isDisabled()).toBe(true)
    const disabled = await look()
    await page.getByLabel('Message', { exact: true }).fill('x')
    expect(await sendButton.isEnabled()).toBe(true)
    const enabled = await look()
    await page.getByLabel('Message', { exact: true }).fill('')
    await page.emulateMedia({ colorScheme: 'light' })
    // Not the accent merely dimmed (which read as enabled in dark): another background and label colour.
    expect(disabled.background).not.toBe(enabled.background)
    expect(disabled.color).not.toBe(enabled.color)
  })

  it('a tool-call card waiting for approval', async () => {
    mock.enqueue(
      {
        kind: 'tool_calls',
        text: 'Let me look that up.',
        calls: [{ id: 'call_1', name: 'mcp_docs_query', arguments: '{"q":"release date"}' }],
      },
      { kind: 'text', chunks: ['The release is on **Friday**.\n\n```ts\nconst day = "Friday"\n```'] },
    )
    await send(page, 'When is the release?')
    await page.getByTestId('tool-call-card').waitFor()
    await checkBothSchemes(page, 'tool-call-waiting')
  })

  it('a completed tool call and the answer', async () => {
    await page.getByTestId('tool-call-card').getByRole('button', { name: 'Approve', exact: true }).click()
    await whenCallCount(countFile, 1)
    await page.getByTestId('chat-assistant').filter({ hasText: 'is on Friday' }).waitFor()
    await page.getByTestId('composer').getByRole('button', { name: 'Send' }).waitFor()
    await checkBothSchemes(page, 'tool-call-completed')
  })

  it('a denied call and a call stopped with an unknown outcome, its bar above the composer', async () => {
    mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call_2', name: 'mcp_docs_query', arguments: '{"q":"again"}' }] },
      { kind: 'text', chunks: ['Understood, I did not look it up again.'] },
      { kind: 'tool_calls', calls: [{ id: 'call_3', name: 'mcp_docs_hang', arguments: '{}' }] },
    )
    await send(page, 'Check once more.')
    const card = page.getByTestId('tool-call-card')
    await card.getByRole('button', { name: 'Deny', exact: true }).click()
    await page.getByTestId('chat-assistant').filter({ hasText: 'did not look it up again' }).waitFor()
    await page.getByTestId('composer').getByRole('button', { name: 'Send' }).waitFor()
    await send(page, 'Try the slow tool.')
    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    const row = page.getByTestId('transcript').getByTestId('tool-call').last()
    await expect.poll(() => row.getAttribute('data-state')).toBe('running')
    await page.getByTestId('composer').getByRole('button', { name: 'Stop' }).click()
    await expect.poll(() => row.getAttribute('data-state')).toBe('unknown')
    await page.getByTestId('composer').getByRole('button', { name: 'Send' }).waitFor()
    await send(page, 'Go on.')
    await page.getByTestId('unknown-outcome-bar').waitFor()
    await checkBothSchemes(page, 'tool-call-denied-unknown')
  })

  it('the dialog that asks before opening a link', async () => {
    await page.getByTestId('unknown-outcome-bar').getByRole('button', { name: 'Keep unsent' }).click()
    await newConversation(page)
    mock.enqueue({
      kind: 'text',
      chunks: ['Pay here: [https://bank.example/pay](https://bank.example.evil.example/pay)'],
    })
    await send(page, 'Where do I pay?')
    const answer = page.getByTestId('chat-assistant').filter({ hasText: 'Pay here' })
    await answer.getByRole('link', { name: 'https://bank.example/pay' }).click()
    const dialog = page.getByRole('dialog', { name: 'Open this link outside MCP Desk?' })
    await dialog.waitFor()
    await checkBothSchemes(page, 'link-confirm')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it('the servers panel', async () => {
    await openDrawer(page, 'Servers')
    await page.getByTestId('server-card-docs').waitFor()
    await checkBothSchemes(page, 'servers-panel')
  })

  it('the models panel', async () => {
    await openDrawer(page, 'Models')
    await page.getByTestId('model-row-mock/mock-model').waitFor()
    await checkBothSchemes(page, 'models-panel')
  })

  it('the activity panel', async () => {
    await openDrawer(page, 'Activity')
    await page.getByTestId('drawer').waitFor()
    await checkBothSchemes(page, 'activity-panel')
  })

  it('the settings panel', async () => {
    await openDrawer(page, 'Settings')
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    await checkBothSchemes(page, 'settings-panel')
  })

  it('Settings → tool search, switched to Always', async () => {
    const section = page.getByTestId('tool-search-settings')
    await section.scrollIntoViewIfNeeded()
    await section.getByRole('radio', { name: 'Always' }).check()
    await expect.poll(() => section.getByRole('radio', { name: 'Always' }).isChecked()).toBe(true)
    await checkBothSchemes(page, 'settings-tool-search')
  })

  it('Settings → folders, with one default folder and a refused path', async () => {
    const section = page.getByTestId('roots-settings')
    await section.scrollIntoViewIfNeeded()
    const field = section.getByLabel('Add folder (absolute path)')
    await field.fill(home)
    await section.getByRole('button', { name: 'Add', exact: true }).click()
    await section.getByRole('button', { name: `Remove ${home}` }).waitFor()
    await field.fill('projects/relative')
    await section.getByRole('button', { name: 'Add', exact: true }).click()
    await section.getByRole('alert').waitFor()
    await checkBothSchemes(page, 'settings-folders')
  })
})
