import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { blocking, describeViolations, runAxe } from './axe'
import { shoot } from './screenshots'

/** The window the accessibility files check in (the wide layout; small-window-*.test.ts checks 800×600). */
export const a11yView = { width: 1280, height: 800, colorScheme: 'light' } as const

/**
 * Checks the screen as it is now in light and then dark: axe-core on the whole document (no serious or
 * critical violation, no missing h1, no duplicate landmark) and a screenshot of each. Reduced motion is on
 * so that no colour transition is half-way when axe measures contrast.
 */
export async function checkBothSchemes(page: Page, state: string): Promise<void> {
  const reports: string[] = []
  let failing = 0
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await shoot(page, `a11y-${state}-${colorScheme}.png`)
    const violations = await runAxe(page)
    failing += blocking(violations).length
    reports.push(describeViolations(`${state} (${colorScheme})`, violations))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  // Printed whether or not it passes, so the moderate and minor findings stay visible too.
  console.log(reports.join('\n'))
  expect(failing, reports.join('\n')).toBe(0)
}

/** Types `text` into the composer and sends it with Enter. */
export async function send(page: Page, text: string): Promise<void> {
  const input = page.getByLabel('Message', { exact: true })
  await input.fill(text)
  await input.press('Enter')
}

/** Opens the title bar's drawer `name` (Servers, Models, Activity, Settings) unless it is open already. */
export async function openDrawer(page: Page, name: string): Promise<void> {
  const toggle = page.getByRole('button', { name, exact: true })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
}

/** A new conversation, open and empty. */
export async function newConversation(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New conversation' }).first().click()
  await page.getByTestId('conversation-title').filter({ hasText: 'New conversation' }).waitFor()
}

/** Drops `config` (a Claude Desktop file's JSON) on the window as the OS drops a file (see import.test.ts). */
export async function dropConfig(page: Page, config: unknown): Promise<void> {
  // A string, as the e2e files have no DOM library.
  await page.evaluate(`(() => {
    const transfer = new DataTransfer()
    transfer.items.add(new File([${JSON.stringify(JSON.stringify(config))}], 'claude_desktop_config.json'))
    const target = document.querySelector('.conversation') ?? document.body
    for (const type of ['dragenter', 'dragover', 'drop'])
      target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }))
  })()`)
}

/** WCAG contrast ratio of two computed colours (`rgb(r, g, b)`, opaque). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (high! + 0.05) / (low! + 0.05)
}
