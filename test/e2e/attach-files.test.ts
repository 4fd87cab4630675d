// The composer's Attach button in Chromium (issue 21, item 6): a text file picked from disk goes to the
// model inline, as data, with the message; at 800×600 the menu and chips fit the window.
import { rmSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { chatHome } from './support/chat-home'
import { shoot } from './support/screenshots'

describe('attaching a file in Chromium (built app, mock provider)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    ;({ home } = chatHome(mock.url))
    session = await openAppInChromium(home, { width: 800, height: 600, colorScheme: 'light' })
    ;({ page } = session)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('sends a picked text file with the message, framed as data', async () => {
    await page.getByRole('button', { name: 'New conversation' }).first().click()
    const composer = page.getByTestId('composer')
    await composer.getByRole('button', { name: 'Attach…' }).click()
    const panel = page.getByRole('dialog', { name: 'Attach to your message' })
    await panel.waitFor()
    await shoot(page, 'attach-menu-800x600.png')
    await page.getByTestId('attach-file-input').setInputFiles({
      name: 'agenda.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Agenda\n1. Budget\n2. Hiring\n'),
    })
    await composer.getByTestId('file-chip').waitFor()
    expect(await composer.getByTestId('file-chip').textContent()).toContain('agenda.md · text/markdown')
    await shoot(page, 'attach-chip-800x600.png')

    mock.enqueue({ kind: 'text', chunks: ['Two items: budget and hiring.'] })
    await composer.getByLabel('Message', { exact: true }).fill('What is on the agenda?')
    await composer.getByRole('button', { name: 'Send' }).click()
    await page.getByTestId('chat-assistant').filter({ hasText: 'Two items' }).waitFor()
    const body = JSON.stringify(
      mock.requests.find((request) => request.path === '/v1/chat/completions')?.body,
    )
    expect(body).toContain('[Resource file:///agenda.md (text/markdown) attached by the user')
    expect(body).toContain('# Agenda\\n1. Budget\\n2. Hiring')
    expect(await composer.getByTestId('file-chip').count()).toBe(0)
  })
})
