// The main flows of sampling and models at 800×600 as well as 1280×800 (issue 21, item 2): the sampling
// approval card (with and without tools), the activity log, and adding a provider, discovering and adding its
// models, and editing one. On every screen the primary buttons are reachable and the page never scrolls as a
// whole (it used to by a few pixels once models were added); screenshots go to flow-*.png.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { openDrawer } from './support/a11y-check'
import { samplingHome, whenWritten } from './support/sampling-home'
import { checkAtEverySize, pageOverflow, SMALL_WINDOW, WINDOW_SIZES } from './support/window-sizes'

const small = { ...SMALL_WINDOW, colorScheme: 'light' } as const

/** Waits for the one pending sampling request and opens the approvals drawer on its card. */
async function openSamplingCard(page: Page) {
  await expect
    .poll(() => page.getByTestId('approvals-bell').getAttribute('aria-label'))
    .toBe('Pending approvals: 1')
  await page.getByTestId('approvals-bell').click()
  const card = page.getByTestId('approval-card')
  await card.waitFor()
  return card
}

describe.each([
  { name: 'sampling-card', args: [] as string[] },
  { name: 'sampling-tools-card', args: ['--tools'] },
])('the $name in a small window', ({ name, args }) => {
  let home: string
  let answerFile: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-large', 'mock-mini'] })
    ;({ home, answerFile } = samplingHome(mock.url, args))
    mock.enqueue({ kind: 'text', chunks: ['- one\n- two'] })
    session = await openAppInChromium(home, small)
    ;({ page } = session)
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('Approve and Deny are reachable; approved, the request shows in the activity log', async () => {
    const card = await openSamplingCard(page)
    // The toast that announced the request (shown 8 s) lies over the conversation, not over the card.
    const toast = page.getByTestId('approval-toast')
    for (const size of WINDOW_SIZES) {
      await page.setViewportSize(size)
      const [toastBox, drawerBox] = [
        await toast.boundingBox(),
        await page.getByTestId('drawer').boundingBox(),
      ]
      expect(toastBox!.x + toastBox!.width, `toast at ${size.width}×${size.height}`).toBeLessThanOrEqual(
        drawerBox!.x,
      )
    }
    const approve = card.getByRole('button', { name: 'Approve', exact: true })
    await checkAtEverySize(page, name, [approve, card.getByRole('button', { name: 'Deny', exact: true })])
    await approve.click()
    expect(await whenWritten(answerFile)).toMatchObject({ ok: true })
    await openDrawer(page, 'Activity')
    await expect.poll(async () => (await page.getByRole('table').textContent()) ?? '').toContain('mock-large')
    await checkAtEverySize(page, `${name}-activity`)
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})

describe('adding a provider and its models in a small window', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'mcp-desk-e2e-small-models-'))
    mock = await startMockOpenAI({ models: ['mock-large', 'mock-mini'] })
    session = await openAppInChromium(home, small)
    ;({ page } = session)
    await openDrawer(page, 'Models')
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  const providerCard = () => page.getByTestId('provider-card-custom')

  it('the provider form, then the discovery list', async () => {
    await checkAtEverySize(page, 'models-empty', [page.getByRole('button', { name: 'Add provider' })])
    await page.getByRole('button', { name: 'Add provider' }).click()
    const form = page.getByTestId('provider-form')
    await form.getByLabel('Preset').selectOption('custom')
    await form.getByLabel('Name', { exact: true }).fill('Mock')
    await form.getByLabel(/^Base URL/).fill(mock.url)
    await form.getByLabel(/^API key/).fill('sk-small-window-e2e')
    const submit = form.getByRole('button', { name: 'Add provider' })
    await checkAtEverySize(page, 'provider-form', [submit, form.getByRole('button', { name: 'Cancel' })])
    await submit.click()
    await expect.poll(() => providerCard().getByTestId('key-status').textContent()).toMatch(/key stored/i)

    await providerCard().getByRole('button', { name: 'Discover models at Mock' }).click()
    const discovery = providerCard().getByTestId('discovery')
    await discovery.getByText('mock-mini').waitFor()
    await discovery.getByText('mock-large').click()
    await discovery.getByText('mock-mini').click()
    await checkAtEverySize(page, 'models-discovery', [
      providerCard().getByRole('button', { name: /^Add selected/ }),
    ])
  })

  it('after adding models the page does not scroll as a whole', async () => {
    await providerCard()
      .getByRole('button', { name: /^Add selected/ })
      .click()
    await page.getByTestId('model-row-custom/mock-mini').waitFor()
    await page.getByTestId('model-row-custom/mock-large').waitFor()
    expect(await pageOverflow(page)).toEqual({ x: 0, y: 0 })
    await page.getByRole('radio', { name: 'Use mock-mini as the default model' }).check()
    await expect.poll(() => page.getByTestId('current-model').textContent()).toContain('mock-mini')
    await checkAtEverySize(page, 'models-added', [
      page.getByRole('button', { name: 'Edit model mock-mini' }),
      page.getByRole('button', { name: 'Add provider' }),
    ])
  })

  it('the model editor: Save reachable', async () => {
    await page.getByRole('button', { name: 'Edit model mock-mini' }).click()
    const editor = page.getByTestId('model-editor')
    await editor.getByLabel('Context window (tokens)').fill('128000')
    const save = editor.getByRole('button', { name: 'Save' })
    await checkAtEverySize(page, 'model-editor', [save])
    await save.click()
    await editor.waitFor({ state: 'detached' })
    expect(await pageOverflow(page)).toEqual({ x: 0, y: 0 })
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
