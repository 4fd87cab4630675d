import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Locator, Page } from 'playwright-core'

/** Where every e2e screenshot goes, to be looked at after a run. */
export const SCREENSHOTS_DIR = resolve(import.meta.dirname, '../../../test-results/screenshots')

/** Saves a screenshot of the page (or one element) under test-results/screenshots. */
export async function shoot(target: Page | Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true })
  await target.screenshot({ path: join(SCREENSHOTS_DIR, name), animations: 'disabled' })
}
