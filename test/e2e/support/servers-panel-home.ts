import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { openAppInChromium, type AppInChromium } from './app-in-chromium'

export interface ServersPanelHome {
  home: string
  session: AppInChromium
  page: Page
  /** Closes the page and web mode, then removes the profile. */
  close(): Promise<void>
}

/**
 * A new profile holding `settings` as settings.json, the built web mode on it in Chromium (1280×900, light),
 * and the servers panel open: where the servers-panel tests start.
 */
export async function openServersPanelHome(prefix: string, settings: unknown): Promise<ServersPanelHome> {
  const home = mkdtempSync(join(tmpdir(), prefix))
  try {
    writeFileSync(join(home, 'settings.json'), JSON.stringify(settings))
    const session = await openAppInChromium(home, { width: 1280, height: 900, colorScheme: 'light' })
    const { page } = session
    await page.getByRole('button', { name: 'Servers', exact: true }).click()
    return {
      home,
      session,
      page,
      close: async () => {
        await session.close()
        rmSync(home, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(home, { recursive: true, force: true })
    throw error
  }
}
