// The main flows of chat at 800×600 as well as 1280×800 (issue 21, item 2): a tool call's approval card, the
// answer, the servers panel and its form, settings, the import preview and a server's questions (form and
// link). On every screen the primary buttons are reachable and the page never scrolls as a whole; a
// screenshot of each screen at each size goes to test-results/screenshots/flow-*.png.
import { rmSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { FIXTURE_STDIO_SERVER_PATH } from '../support/spawn-command'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { dropConfig, newConversation, openDrawer, send } from './support/a11y-check'
import { chatHome, whenCallCount } from './support/chat-home'
import { elicitationHome } from './support/elicitation-home'
import { checkAtEverySize, SMALL_WINDOW } from './support/window-sizes'

const small = { ...SMALL_WINDOW, colorScheme: 'light' } as const

describe('chat, servers, settings and import in a small window', () => {
  let home: string
  let countFile: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    ;({ home, countFile } = chatHome(mock.url))
    session = await openAppInChromium(home, small)
    ;({ page } = session)
    await page.getByTestId('sidebar-toggle').click()
    await page.locator('[data-testid="sidebar-server-docs"].sidebar-server--connected').waitFor()
    await page.getByTestId('sidebar-toggle').click()
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  const composer = () => page.getByTestId('composer')

  it('a tool call waits for approval in the conversation, then the answer arrives', async () => {
    await newConversation(page)
    mock.enqueue(
      {
        kind: 'tool_calls',
        text: 'Let me look that up.',
        calls: [{ id: 'call_1', name: 'mcp_docs_query', arguments: '{"q":"release date"}' }],
      },
      { kind: 'text', chunks: ['The release is on **Friday**.\n\n```ts\nconst day = "Friday"\n```'] },
    )
    await send(page, 'When is the release?')
    const card = page.getByTestId('tool-call-card')
    await card.waitFor()
    await checkAtEverySize(page, 'chat-approval', [
      card.getByRole('button', { name: 'Approve', exact: true }),
      card.getByRole('button', { name: 'Deny', exact: true }),
    ])

    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    await whenCallCount(countFile, 1)
    await page.getByTestId('chat-assistant').filter({ hasText: 'is on Friday' }).waitFor()
    await composer().getByRole('button', { name: 'Send' }).waitFor()
    await checkAtEverySize(page, 'chat-answer', [
      page.getByLabel('Message', { exact: true }),
      composer().getByRole('button', { name: 'Send' }),
    ])
  })

  it('the servers panel and the form that adds a server', async () => {
    await openDrawer(page, 'Servers')
    await page.getByTestId('server-card-docs').waitFor()
    await checkAtEverySize(page, 'servers-panel', [page.getByRole('button', { name: 'Add server' })])

    await page.getByRole('button', { name: 'Add server' }).click()
    const form = page.getByTestId('server-form')
    await form.getByLabel('Name', { exact: true }).fill('Notes')
    await form.getByLabel('Command', { exact: true }).fill(process.execPath)
    await form.getByLabel('Arguments', { exact: true }).fill(FIXTURE_STDIO_SERVER_PATH)
    const submit = form.getByRole('button', { name: 'Add server' })
    await checkAtEverySize(page, 'server-form', [submit, form.getByRole('button', { name: 'Cancel' })])
    await submit.click()
    await expect
      .poll(() => page.getByTestId('server-card-notes').getByTestId('status-pill').textContent())
      .toMatch(/connected/i)
    // Back in the conversation the drawer and the composer share the narrow window.
    await checkAtEverySize(page, 'servers-added', [composer().getByRole('button', { name: 'Send' })])
  })

  it('settings, down to the folders', async () => {
    await openDrawer(page, 'Settings')
    const roots = page.getByTestId('roots-settings')
    await roots.waitFor()
    await checkAtEverySize(page, 'settings', [
      page.getByTestId('tool-search-settings').getByRole('radio', { name: 'Always' }),
      roots.getByRole('button', { name: 'Add', exact: true }),
    ])
  })

  it('the import preview of a dropped file', async () => {
    await dropConfig(page, {
      mcpServers: {
        Weather: { command: 'weather-mcp' },
        Files: { command: 'files-mcp', env: { FILES_TOKEN: 'x' } },
      },
    })
    const dialog = page.getByTestId('import-dialog')
    await dialog.getByTestId('import-row-Weather').waitFor()
    await checkAtEverySize(page, 'import-preview', [
      dialog.getByRole('button', { name: /^Import \d server/ }),
      dialog.getByRole('button', { name: 'Cancel' }),
    ])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})

describe('a server’s questions in a small window', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page
  let calls = 0

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    home = elicitationHome(mock.url)
    session = await openAppInChromium(home, small)
    ;({ page } = session)
    await page.getByTestId('sidebar-toggle').click()
    await page.locator('[data-testid="sidebar-server-everything"].sidebar-server--connected').waitFor()
    await newConversation(page)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  async function modelCalls(tool: string, args: object, after: string) {
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

  it('the elicitation form card: Submit and Decline reachable, with the problem shown', async () => {
    const card = await modelCalls('mcp_everything_trigger-elicitation-request', {}, 'Thanks.')
    const submit = card.getByRole('button', { name: 'Submit' })
    await checkAtEverySize(page, 'elicitation-form', [submit, card.getByRole('button', { name: 'Decline' })])
    await submit.click()
    await card.getByText('Required', { exact: true }).waitFor()
    await checkAtEverySize(page, 'elicitation-form-invalid', [submit])
    await card.getByLabel('String (required)', { exact: true }).fill('Ada Lovelace')
    await submit.click()
    await turnOver('Thanks.')
  })

  it('the URL elicitation card: Open in browser and Decline reachable', async () => {
    const url = 'https://consent.example.com/authorize?session=42&scope=notes'
    const card = await modelCalls(
      'mcp_everything_trigger-url-elicitation',
      { url, message: 'Sign in to finish connecting.' },
      'Not connected.',
    )
    await checkAtEverySize(page, 'elicitation-url', [
      card.getByRole('button', { name: 'Open in browser' }),
      card.getByRole('button', { name: 'Decline' }),
    ])
    await card.getByRole('button', { name: 'Decline' }).click()
    await turnOver('Not connected.')
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
