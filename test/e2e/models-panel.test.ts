import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { filesUnder, openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots')
const canaryKey = 'sk-canary-e2e-31f7a9c2d4'

describe('models panel in Chromium (built app, mock provider)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'mcp-desk-e2e-models-'))
    mock = await startMockOpenAI({ models: ['mock-large', 'mock-mini'] })
    session = await openAppInChromium(home, { width: 1280, height: 900, colorScheme: 'dark' })
    ;({ page } = session)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('adds a provider with a key, discovers its models, adds them and makes one the default', async () => {
    await page.getByRole('button', { name: 'Models', exact: true }).click()
    await page.getByRole('button', { name: 'Add provider' }).click()
    const form = page.getByTestId('provider-form')
    await form.getByLabel('Preset').selectOption('custom')
    await form.getByLabel('Name', { exact: true }).fill('Mock')
    await form.getByLabel(/^Base URL/).fill(mock.url)
    await form.getByLabel(/^API key/).fill(canaryKey)
    await form.getByRole('button', { name: 'Add provider' }).click()

    const card = page.getByTestId('provider-card-custom')
    await expect.poll(() => card.getByTestId('key-status').textContent()).toMatch(/key stored/i)
    await card.getByRole('button', { name: 'Discover models at Mock' }).click()
    await card.getByTestId('discovery').getByText('mock-mini').click()
    await card.getByRole('button', { name: /^Add selected/ }).click()
    await page.getByTestId('model-row-custom/mock-mini').waitFor()
    await page.getByRole('radio', { name: 'Use mock-mini as the default model' }).check()
    await expect.poll(() => page.getByTestId('current-model').textContent()).toContain('mock-mini')

    const request = mock.requests.find((r) => r.path.endsWith('/models'))
    expect(request?.headers.authorization).toBe(`Bearer ${canaryKey}`)
    mkdirSync(screenshots, { recursive: true })
    await page.screenshot({ path: join(screenshots, 'models-panel-dark.png'), animations: 'disabled' })
  })

  it('never shows the key to the page or writes it in clear under --home', async () => {
    expect(await page.content()).not.toContain(canaryKey)
    for (const file of filesUnder(home)) expect(readFileSync(file).includes(canaryKey), file).toBe(false)
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
