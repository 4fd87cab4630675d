// Settings → Tool search → "Search by meaning" (issue 23) in the built web mode: with the docs fixture
// connected, the status line reaches "Ready" on the bundled model; turned off it says "Off", and on again it
// loads the model and embeds the tools once more; a provider's embedding model (the mock's /v1/embeddings)
// can be chosen instead. Screenshots at 1280×800 and 800×600, light and dark, with axe-core on each.
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { checkBothSchemes, openDrawer } from './support/a11y-check'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { chatHome } from './support/chat-home'
import { shoot } from './support/screenshots'
import { checkAtEverySize } from './support/window-sizes'

/** Loading the bundled model and embedding the docs server's tools on a loaded 2-core machine. */
const SETTLE_MS = 45_000

/** `tools.semantic` as saved in the profile's settings.json. */
function storedSemantic(home: string): unknown {
  const settings = JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')) as {
    tools?: { semantic?: unknown }
  }
  return settings.tools?.semantic
}

describe('search by meaning in Chromium (the docs fixture connected, web mode)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page
  let section: Locator
  let status: Locator
  let toggle: Locator

  const waitForStatus = (text: RegExp) => status.filter({ hasText: text }).waitFor({ timeout: SETTLE_MS })

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    ;({ home } = chatHome(mock.url))
    session = await openAppInChromium(home, { width: 1280, height: 800, colorScheme: 'light' })
    ;({ page } = session)
    await page.locator('[data-testid="sidebar-server-docs"].sidebar-server--connected').waitFor()
    await openDrawer(page, 'Settings')
    section = page.getByTestId('semantic-search')
    status = section.getByTestId('semantic-status')
    toggle = section.getByRole('checkbox', { name: 'Search by meaning' })
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('reaches Ready on the built-in model, with the section shown at both window sizes', async () => {
    await waitForStatus(/^Ready: \d+ tools?.*Built-in model/)
    expect(await toggle.isChecked()).toBe(true)
    expect(await section.getByRole('radio', { name: 'Built-in model (runs offline)' }).isChecked()).toBe(true)
    expect(await status.getAttribute('role')).toBe('status')
    await checkAtEverySize(page, 'semantic-search-ready', [toggle])
    await page.setViewportSize({ width: 1280, height: 800 })
    await toggle.scrollIntoViewIfNeeded()
    await checkBothSchemes(page, 'semantic-search-ready')
    await shoot(section, 'semantic-search-section-ready.png')
  })

  it('turned off, the status says Off; turned on again, it loads and reaches Ready', async () => {
    await toggle.click()
    await waitForStatus(/^Off: search matches words only/)
    expect(await toggle.isChecked()).toBe(false)
    expect(storedSemantic(home)).toMatchObject({ enabled: false, source: { kind: 'bundled' } })
    await shoot(section, 'semantic-search-section-off.png')

    await toggle.click()
    await waitForStatus(/^Ready: \d+ tools?/)
    expect(await toggle.isChecked()).toBe(true)
    expect(storedSemantic(home)).toMatchObject({ enabled: true, source: { kind: 'bundled' } })
  })

  it('uses a provider’s embedding model once chosen and saved, and the built-in one again', async () => {
    await section.getByRole('radio', { name: 'An embedding model of one of my providers' }).click()
    const form = section.getByRole('form', { name: 'Embedding model of a provider' })
    await form.getByLabel('Provider').selectOption('mock')
    await form.getByLabel('Model id').fill('mock-embed')
    await page.setViewportSize({ width: 800, height: 600 })
    await checkAtEverySize(page, 'semantic-search-provider-form', [
      form.getByRole('button', { name: 'Save' }),
    ])
    await form.getByRole('button', { name: 'Save' }).click()

    await mock.embeddings.waitForRequest(1)
    await waitForStatus(/^Ready: \d+ tools?.*mock-embed/)
    expect(storedSemantic(home)).toEqual({
      enabled: true,
      source: { kind: 'provider', providerId: 'mock', model: 'mock-embed' },
    })
    await section.getByText('Saved.').waitFor()
    await shoot(section, 'semantic-search-section-provider.png')

    // The provider refuses the next model: the built-in one takes over, and a callout says so.
    mock.embeddings.enqueue({ kind: 'http_error', status: 401 })
    const model = form.getByLabel('Model id')
    await model.fill('mock-embed-refused')
    await form.getByRole('button', { name: 'Save' }).click()
    const note = section.getByTestId('semantic-status-note')
    await note
      .filter({ hasText: /Mock: mock-embed-refused was refused.*Using the built-in model instead\./ })
      .waitFor({
        timeout: SETTLE_MS,
      })
    await waitForStatus(/^Ready: \d+ tools?.*Built-in model/)
    await checkBothSchemes(page, 'semantic-search-fallback')
    await shoot(section, 'semantic-search-section-fallback.png')

    await section.getByRole('radio', { name: 'Built-in model (runs offline)' }).click()
    await note.waitFor({ state: 'detached' })
    await waitForStatus(/^Ready: \d+ tools?.*Built-in model/)
    await expect.poll(() => storedSemantic(home)).toEqual({ enabled: true, source: { kind: 'bundled' } })
    expect(await section.getByRole('form').count()).toBe(0)
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
