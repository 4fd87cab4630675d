import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium'
import { startWebModeProcess, type WebModeProcess } from './web-mode-process'

export interface AppInChromium {
  app: WebModeProcess
  browser: Browser
  page: Page
  /** Console errors and warnings (CSP violations among them) and uncaught page errors. */
  consoleProblems: string[]
  close(): Promise<void>
}

/**
 * The built web mode on `home`, and a Chromium page on it that records every console problem. `beforeLoad`
 * sees the page before it loads the app, to listen from the start (e.g. to the page's WebSocket).
 */
export async function openAppInChromium(
  home: string,
  view: { width: number; height: number; colorScheme: 'light' | 'dark' },
  options: { beforeLoad?: (page: Page) => void } = {},
): Promise<AppInChromium> {
  const app = await startWebModeProcess(home)
  const browser = await launchChromium()
  const page = await browser.newPage({
    viewport: { width: view.width, height: view.height },
    colorScheme: view.colorScheme,
  })
  const consoleProblems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleProblems.push(message.text())
  })
  page.on('pageerror', (error) => consoleProblems.push(error.message))
  options.beforeLoad?.(page)
  await page.goto(app.url)
  return {
    app,
    browser,
    page,
    consoleProblems,
    close: async () => {
      await browser.close()
      await app.stop()
    },
  }
}

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })
}
