// The rug-pull guard in Chromium (built app, real stdio fixture): the server changes `echo` right after the
// first listing; the card shows the change in full and hides `echo` from the tool list until Accept changes.
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RUG_PULL_MARKER } from '../fixtures/mcp-servers/fixture-server'
import { FIXTURE_STDIO_SERVER_PATH } from '../support/spawn-command'
import { openServersPanelHome, type ServersPanelHome } from './support/servers-panel-home'

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots')

const settings = {
  schemaVersion: 1,
  servers: [
    {
      id: 'notes',
      name: 'Notes',
      transport: 'stdio',
      command: process.execPath,
      args: [FIXTURE_STDIO_SERVER_PATH, '--mutate-after-ms', '0'],
    },
  ],
}

describe('tool changes in Chromium', () => {
  let opened: ServersPanelHome | undefined
  let page: Page

  beforeAll(async () => {
    opened = await openServersPanelHome('mcp-desk-e2e-tool-changes-', settings)
    ;({ page } = opened)
  })

  afterAll(() => opened?.close())

  const card = () => page.getByTestId('server-card-notes')

  it('shows the change in full, keeps echo out of the tools, and accepts it on click', async () => {
    const changes = card().getByTestId('pending-changes')
    await changes.waitFor()
    expect(await changes.getByTestId('tool-change-echo').textContent()).toContain(RUG_PULL_MARKER)
    await card().getByTestId('tool-count').click()
    await card().getByTestId('tool-add').waitFor()
    expect(await card().getByTestId('tool-echo').count()).toBe(0)
    mkdirSync(screenshots, { recursive: true })
    await page.screenshot({ path: join(screenshots, 'tool-changes-pending.png'), animations: 'disabled' })

    await changes.getByRole('button', { name: 'Accept 1 tool change of Notes' }).click()
    await changes.waitFor({ state: 'detached' })
    await card().getByTestId('tool-echo').waitFor()
    expect(await card().getByTestId('tool-echo').textContent()).toContain('mcp_notes_echo')
  })
})
