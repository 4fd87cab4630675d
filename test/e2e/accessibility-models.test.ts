// Accessibility (issue 21, item 3) of the models panel while a provider is added: the provider form showing
// its errors, the discovery list, the panel with the added models, and the model editor showing its errors.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { a11yView as view, checkBothSchemes, openDrawer } from './support/a11y-check'

describe('accessibility of adding a provider and its models (axe-core, light and dark)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'mcp-desk-e2e-a11y-models-'))
    mock = await startMockOpenAI({ models: ['mock-large', 'mock-mini'] })
    session = await openAppInChromium(home, view)
    ;({ page } = session)
    await openDrawer(page, 'Models')
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  const providerCard = () => page.getByTestId('provider-card-custom')

  it('the provider form showing what is missing', async () => {
    await page.getByRole('button', { name: 'Add provider' }).click()
    const form = page.getByTestId('provider-form')
    await form.getByLabel('Preset').selectOption('custom')
    await form.getByRole('button', { name: 'Add provider' }).click()
    await form.locator('[aria-invalid="true"]').first().waitFor()
    await checkBothSchemes(page, 'provider-form-errors')
  })

  it('the discovery list of a new provider', async () => {
    const form = page.getByTestId('provider-form')
    await form.getByLabel('Name', { exact: true }).fill('Mock')
    await form.getByLabel(/^Base URL/).fill(mock.url)
    await form.getByLabel(/^API key/).fill('sk-a11y-e2e')
    await form.getByRole('button', { name: 'Add provider' }).click()
    await expect.poll(() => providerCard().getByTestId('key-status').textContent()).toMatch(/key stored/i)
    await providerCard().getByRole('button', { name: 'Discover models at Mock' }).click()
    await providerCard().getByTestId('discovery').getByText('mock-mini').waitFor()
    await checkBothSchemes(page, 'models-discovery')
  })

  it('the models panel after adding models', async () => {
    const discovery = providerCard().getByTestId('discovery')
    await discovery.getByText('mock-large').click()
    await discovery.getByText('mock-mini').click()
    await providerCard()
      .getByRole('button', { name: /^Add selected/ })
      .click()
    await page.getByTestId('model-row-custom/mock-mini').waitFor()
    await page.getByRole('radio', { name: 'Use mock-mini as the default model' }).check()
    await expect.poll(() => page.getByTestId('current-model').textContent()).toContain('mock-mini')
    await checkBothSchemes(page, 'models-added')
  })

  it('the model editor showing its errors', async () => {
    await page.getByRole('button', { name: 'Edit model mock-mini' }).click()
    const editor = page.getByTestId('model-editor')
    await editor.getByLabel('Context window (tokens)').fill('a lot')
    await editor.getByLabel('Max output tokens').fill('-5')
    await editor.getByRole('button', { name: 'Save' }).click()
    await editor.locator('[aria-invalid="true"]').first().waitFor()
    await checkBothSchemes(page, 'model-editor-errors')
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
