import { accessSync, constants } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/**
 * Debian's Chromium, driven by playwright-core (Playwright's own browser download does not work here).
 * Never skips: without a browser the e2e suite fails and says how to get one.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.CHROME_PATH, '/usr/bin/chromium'].filter((p): p is string => Boolean(p))
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK)
      return path
    } catch {
      // try the next candidate
    }
  }
  throw new Error(
    `No Chromium found (looked at ${candidates.join(', ')}). Install it with "apt-get install chromium" ` +
      'or point CHROME_PATH at a Chromium/Chrome executable.',
  )
}

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS, headless: true })
}
