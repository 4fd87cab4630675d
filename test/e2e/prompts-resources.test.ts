import { mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import type { RecordedRequest } from '../fixtures/mock-openai/script-types'
import { FIXTURE_STDIO_SERVER_PATH } from '../support/spawn-command'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { mockProviderHome } from './support/mock-provider-home'

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots')

/** The mock provider's model as the default, and the stdio fixture (prompt `greet`, resource `fixture://readme`). */
function promptsHome(mockUrl: string): string {
  return mockProviderHome('prompts', mockUrl, [
    {
      id: 'notes',
      name: 'Notes',
      transport: 'stdio',
      command: process.execPath,
      args: [FIXTURE_STDIO_SERVER_PATH],
    },
  ])
}

/** The text of every message the provider received, role first, in order. */
function messagesOf(request: RecordedRequest): string[] {
  const body = request.body as { messages: Array<{ role: string; content: unknown }> }
  return body.messages.map((message) => `${message.role}: ${JSON.stringify(message.content)}`)
}

describe('prompts and resources in Chromium (built app, fixture server, mock provider)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    home = promptsHome(mock.url)
    session = await openAppInChromium(home, { width: 1400, height: 1000, colorScheme: 'light' })
    ;({ page } = session)
    await page.locator('[data-testid="sidebar-server-notes"].sidebar-server--connected').waitFor()
    await page.getByRole('button', { name: 'New conversation' }).first().click()
    await page.getByTestId('conversation-title').filter({ hasText: 'New conversation' }).waitFor()
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('inserts a prompt with arguments through the / picker and attaches a resource; both reach the model', async () => {
    const input = page.getByLabel('Message', { exact: true })
    await input.fill('/gre')
    const picker = page.getByRole('listbox', { name: 'Prompts' })
    await picker.getByRole('option', { name: /notes:greet/ }).waitFor()
    await input.press('Enter')
    const form = page.getByTestId('prompt-arguments')
    await form.getByLabel(/name/).fill('Ada')
    await form.getByRole('button', { name: 'Insert prompt' }).click()
    await page.getByTestId('prompt-chip').filter({ hasText: 'notes:greet' }).waitFor()

    await page.getByRole('button', { name: 'Servers', exact: true }).click()
    const card = page.getByTestId('server-card-notes')
    await card.getByTestId('resource-browser').locator('summary').click()
    await card.getByRole('button', { name: 'Attach Fixture readme' }).click()
    await page.getByTestId('resource-chip').waitFor()
    mkdirSync(screenshots, { recursive: true })
    await page.screenshot({
      path: join(screenshots, 'prompts-resources-composer.png'),
      animations: 'disabled',
    })

    mock.enqueue({ kind: 'text', chunks: ['Hello Ada! The readme is short.'] })
    await input.fill('Use the readme too.')
    await input.press('Enter')
    await page.getByTestId('chat-assistant').filter({ hasText: 'Hello Ada!' }).waitFor()

    const request = mock.requests.find((r) => r.path.endsWith('/chat/completions'))
    expect(request).toBeDefined()
    const messages = messagesOf(request!)
    const greet = messages.findIndex((m) => m.includes('Please greet Ada warmly.'))
    const own = messages.findIndex((m) => m.includes('Use the readme too.'))
    expect(greet).toBeGreaterThanOrEqual(0)
    expect(own).toBeGreaterThan(greet)
    expect(messages[greet]).toMatch(/^user: /)
    expect(messages[own]).toContain('This is the readme of')
    expect(messages[own]).toContain('fixture://readme')
    // Sent once: the chips are gone from the composer.
    expect(await page.getByTestId('prompt-chip').count()).toBe(0)
    expect(await page.getByTestId('resource-chip').count()).toBe(0)
    await page.screenshot({ path: join(screenshots, 'prompts-resources-sent.png'), animations: 'disabled' })
    expect(session.consoleProblems).toEqual([])
  })
})
