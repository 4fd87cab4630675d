// Both protocol eras in Chromium, on the same engine and cards: the same MRTR fixture server
// (test/fixtures/mcp-servers/mrtr-server.ts over stdio) runs twice, once negotiated to 2026-07-28 (it asks
// for a completion inside its tool result) and once pinned to 2025-11-25 (its SDK shim sends a real
// sampling/createMessage request). In each, the model calls `summarize` in chat; the sampling card appears in
// the conversation under the call, the user approves it, the completion streams on the card, and its text
// reaches the tool result.
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { mockProviderHome } from './support/mock-provider-home'
import { shoot } from './support/screenshots'

const mrtrServer = fileURLToPath(new URL('../fixtures/mcp-servers/mrtr-server.ts', import.meta.url))

const eras = [
  { id: 'modern', name: 'Notes 2026', protocol: 'auto', version: '2026-07-28' },
  { id: 'legacy', name: 'Notes 2025', protocol: '2025-11-25', version: '2025-11-25' },
] as const

describe('a server asking for a completion, in both protocol eras (Chromium, mrtr-server, mock provider)', () => {
  let home: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    home = mockProviderHome(
      'eras',
      mock.url,
      eras.map((era) => ({
        id: era.id,
        name: era.name,
        transport: 'stdio',
        command: process.execPath,
        args: [mrtrServer],
        ...(era.protocol === 'auto' ? {} : { protocol: era.protocol }),
      })),
    )
    session = await openAppInChromium(home, { width: 1280, height: 800, colorScheme: 'light' })
    ;({ page } = session)
    for (const era of eras) {
      await page.locator(`[data-testid="sidebar-server-${era.id}"].sidebar-server--connected`).waitFor()
    }
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  for (const era of eras) {
    it(`${era.version}: the sampling card asks, streams, and the answer reaches the tool result`, async () => {
      await page.getByRole('button', { name: 'New conversation' }).first().click()
      await page.getByTestId('conversation-title').filter({ hasText: 'New conversation' }).waitFor()
      const chunks = ['The meeting ', 'moved the ', 'launch to ', 'Friday.']
      mock.enqueue(
        {
          kind: 'tool_calls',
          calls: [{ id: `c-${era.id}`, name: `mcp_${era.id}_summarize`, arguments: '{"text":"Notes."}' }],
        },
        { kind: 'drip', chunks, intervalMs: 120 },
        { kind: 'text', chunks: ['Summarized.'] },
      )
      const input = page.getByLabel('Message', { exact: true })
      await input.fill('Summarize my notes')
      await input.press('Enter')

      const toolCard = page.getByTestId('tool-call-card')
      await toolCard.getByRole('button', { name: 'Approve', exact: true }).click()
      const row = page.getByTestId('transcript').getByTestId('tool-call').last()
      if (era.version === '2026-07-28') {
        await expect
          .poll(() => row.getByTestId('tool-call-round').textContent())
          .toBe('Round 1: the server asked for a completion')
      }
      await expect
        .poll(() => page.getByTestId('approvals-bell').getAttribute('aria-label'))
        .toBe('Pending approvals: 1')
      // Inline, under the tool call that asked (issue 21), not in the drawer.
      const card = page.getByTestId('transcript').getByTestId('approval-card')
      await card.waitFor()
      await expect.poll(() => card.evaluate((element) => element.closest('.drawer') === null)).toBe(true)
      expect(await card.textContent()).toContain(era.name)
      expect(await card.getByTestId('system-prompt').textContent()).toContain('You summarize.')
      const askedInside = card.getByTestId('asked-inside')
      if (era.version === '2026-07-28') {
        expect(await askedInside.textContent()).toBe('asked inside tool “summarize”, round 1')
      } else {
        expect(await askedInside.count()).toBe(0)
      }
      await shoot(page, `protocol-${era.version}-card-1280x800.png`)
      await page.setViewportSize({ width: 800, height: 600 })
      await shoot(page, `protocol-${era.version}-card-800x600.png`)
      await page.setViewportSize({ width: 1280, height: 800 })

      await card.getByRole('button', { name: 'Approve', exact: true }).click()
      await expect.poll(() => card.getByTestId('stream-text').textContent()).toContain('The meeting')

      await expect.poll(() => row.getAttribute('data-state')).toBe('completed')
      expect(await row.textContent()).toContain('summary: The meeting moved the launch to Friday.')
      const rounds = row.getByTestId('tool-call-rounds')
      if (era.version === '2026-07-28') {
        expect(await rounds.textContent()).toBe('The server asked for input once before answering.')
      } else {
        expect(await rounds.count()).toBe(0)
      }
      await page.getByTestId('chat-assistant').filter({ hasText: 'Summarized.' }).waitFor()
      await shoot(page, `protocol-${era.version}-result-1280x800.png`)
      await page.setViewportSize({ width: 800, height: 600 })
      await shoot(page, `protocol-${era.version}-result-800x600.png`)
      await page.setViewportSize({ width: 1280, height: 800 })
    })
  }

  it('the servers panel names each server’s protocol', async () => {
    await page.getByRole('button', { name: 'Servers', exact: true }).click()
    for (const era of eras) {
      const card = page.getByTestId(`server-card-${era.id}`)
      await expect
        .poll(() => card.getByTestId('server-protocol').textContent())
        .toContain(`MCP ${era.version}`)
    }
    await shoot(page, 'protocol-servers-1280x800.png')
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
