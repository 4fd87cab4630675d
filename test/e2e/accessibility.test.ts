import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { blocking, describeViolations, runAxe } from './support/axe'
import { chatHome, whenCallCount } from './support/chat-home'
import { elicitationHome } from './support/elicitation-home'
import { samplingHome } from './support/sampling-home'
import { openServersPanelHome, type ServersPanelHome } from './support/servers-panel-home'
import { FIXTURE_STDIO_SERVER_PATH } from '../support/spawn-command'

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots')
const view = { width: 1280, height: 800, colorScheme: 'light' } as const

/**
 * Checks the screen as it is now in light and then dark: axe-core on the whole document (no serious or
 * critical violation, no missing h1, no duplicate landmark) and a screenshot of each. Reduced motion is on
 * so that no colour transition is half-way when axe measures contrast.
 */
async function checkBothSchemes(page: Page, state: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true })
  const reports: string[] = []
  let failing = 0
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await page.screenshot({
      path: join(screenshots, `a11y-${state}-${colorScheme}.png`),
      animations: 'disabled',
    })
    const violations = await runAxe(page)
    const bad = blocking(violations)
    failing += bad.length
    reports.push(describeViolations(`${state} (${colorScheme})`, violations))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  // Printed whether or not it passes, so the moderate and minor findings stay visible too.
  console.log(reports.join('\n'))
  expect(failing, reports.join('\n')).toBe(0)
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByLabel('Message', { exact: true })
  await input.fill(text)
  await input.press('Enter')
}

async function openDrawer(page: Page, name: string): Promise<void> {
  const toggle = page.getByRole('button', { name, exact: true })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
}

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
    await page.getByRole('button', { name: 'New conversation' }).first().click()
    await page.getByTestId('conversation-title').filter({ hasText: 'New conversation' }).waitFor()
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
    await page.getByRole('button', { name: 'New conversation' }).first().click()
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
})

describe('accessibility of the approvals drawer with a sampling card (axe-core, light and dark)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-large', 'mock-mini'] })
    ;({ home } = samplingHome(mock.url))
    session = await openAppInChromium(home, view)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('the approvals drawer with a sampling card', async () => {
    const { page } = session
    await expect
      .poll(() => page.getByTestId('approvals-bell').getAttribute('aria-label'))
      .toBe('Pending approvals: 1')
    await page.getByTestId('approvals-bell').click()
    await page.getByTestId('approval-card').waitFor()
    await checkBothSchemes(page, 'approvals-sampling')
  })
})

describe('accessibility of servers that failed or are starting (axe-core, light and dark)', () => {
  let opened: ServersPanelHome | undefined
  const node = process.execPath

  beforeAll(async () => {
    opened = await openServersPanelHome('mcp-desk-e2e-a11y-servers-', {
      schemaVersion: 1,
      servers: [
        { id: 'notes', name: 'Notes', transport: 'stdio', command: node, args: [FIXTURE_STDIO_SERVER_PATH] },
        { id: 'broken', name: 'Broken', transport: 'stdio', command: node, args: ['-e', 'process.exit(3)'] },
        {
          id: 'silent',
          name: 'Silent',
          transport: 'stdio',
          command: node,
          args: ['-e', 'setInterval(() => {}, 1000)'],
        },
      ],
    })
  })

  afterAll(() => opened?.close())

  it('the servers panel with connected, failed and starting cards, failure details open', async () => {
    const page = opened!.page
    await page.setViewportSize({ width: view.width, height: view.height })
    const status = (id: string) => page.getByTestId(`server-card-${id}`).getByTestId('status-pill')
    await expect.poll(() => status('notes').textContent()).toMatch(/connected/i)
    await expect.poll(() => status('broken').textContent()).toMatch(/failed/i)
    await page.getByTestId('server-card-broken').getByText('Details').click()
    await checkBothSchemes(page, 'servers-failed-starting')
  })

  it('the import dialog previewing a dropped Claude Desktop file', async () => {
    const page = opened!.page
    const config = {
      mcpServers: {
        Notes: { command: node, args: [FIXTURE_STDIO_SERVER_PATH] },
        Weather: { command: 'weather-mcp' },
      },
    }
    // Dropped as the OS drops a file (see import.test.ts); a string, as this file has no DOM library.
    await page.evaluate(`(() => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([${JSON.stringify(JSON.stringify(config))}], 'claude_desktop_config.json'))
      const target = document.querySelector('.conversation') ?? document.body
      for (const type of ['dragenter', 'dragover', 'drop'])
        target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }))
    })()`)
    await page.getByTestId('import-dialog').getByTestId('import-row-Weather').waitFor()
    await checkBothSchemes(page, 'import-preview')
  })
})

describe('accessibility of a server’s question in the transcript (axe-core, light and dark)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    home = elicitationHome(mock.url)
    session = await openAppInChromium(home, view)
    await session.page
      .locator('[data-testid="sidebar-server-everything"].sidebar-server--connected')
      .waitFor()
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('an elicitation form card', async () => {
    const { page } = session
    await page.getByRole('button', { name: 'New conversation' }).first().click()
    await page.getByTestId('conversation-title').filter({ hasText: 'New conversation' }).waitFor()
    mock.enqueue(
      {
        kind: 'tool_calls',
        calls: [{ id: 'call_1', name: 'mcp_everything_trigger-elicitation-request', arguments: '{}' }],
      },
      { kind: 'text', chunks: ['Thanks for the details.'] },
    )
    await send(page, 'Please ask me.')
    await page.getByTestId('tool-call-card').getByRole('button', { name: 'Approve', exact: true }).click()
    await page.getByTestId('transcript').getByTestId('elicitation-card').waitFor()
    await checkBothSchemes(page, 'elicitation-form')
  })
})
