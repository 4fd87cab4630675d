import { mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAI } from '../fixtures/mock-openai'
import { openAppInChromium, type AppInChromium } from './support/app-in-chromium'
import { callCount, chatHome, whenCallCount } from './support/chat-home'

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots')

interface SentRequest {
  tools?: Array<{ function: { name: string; description: string } }>
}

describe('tool search in Chromium (300 tools on a real stdio server, mock provider)', () => {
  let home: string
  let countFile: string
  let session: AppInChromium
  let mock: MockOpenAI
  let page: Page

  beforeAll(async () => {
    mock = await startMockOpenAI({ models: ['mock-model'] })
    ;({ home, countFile } = chatHome(mock.url, { extraTools: 300 }))
    session = await openAppInChromium(home, { width: 1400, height: 1000, colorScheme: 'light' })
    ;({ page } = session)
    await page.locator('[data-testid="sidebar-server-docs"].sidebar-server--connected').waitFor()
  })

  afterAll(async () => {
    await session?.close()
    await mock?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })

  it('the model searches, the found tool is loaded, and its call goes through the normal approval card', async () => {
    await page.getByRole('button', { name: 'New conversation' }).first().click()
    mock.enqueue(
      {
        kind: 'tool_calls',
        calls: [
          { id: 's1', name: 'mcp_tool_search', arguments: '{"query":"search the product documentation"}' },
        ],
      },
      { kind: 'tool_calls', calls: [{ id: 'q1', name: 'mcp_docs_query', arguments: '{"q":"pricing"}' }] },
      { kind: 'text', chunks: ['Pricing is on page 4.'] },
    )
    const input = page.getByLabel('Message', { exact: true })
    await input.fill('Where is pricing documented?')
    await input.press('Enter')

    const card = page.getByTestId('tool-call-card')
    await card.waitFor()
    expect(await card.textContent()).toContain('mcp_docs_query')

    // 302 tools are connected, yet the first request carried one tool: the search, with its catalog.
    const first = (await mock.waitForRequest(1)).body as SentRequest
    expect(first.tools?.map((tool) => tool.function.name)).toEqual(['mcp_tool_search'])
    expect(first.tools?.[0]?.function.description).toContain('untrusted metadata')
    const second = (await mock.waitForRequest(2)).body as SentRequest
    const offered = second.tools?.map((tool) => tool.function.name) ?? []
    expect(offered[0]).toBe('mcp_tool_search')
    expect(offered).toContain('mcp_docs_query')
    expect(offered.length).toBeLessThanOrEqual(9)
    expect(callCount(countFile)).toBe(0)

    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    await whenCallCount(countFile, 1)
    await page.getByTestId('chat-assistant').filter({ hasText: 'Pricing is on page 4.' }).waitFor()
    await page.getByTestId('composer').getByRole('button', { name: 'Send' }).waitFor()
    expect(await page.getByTestId('transcript').textContent()).toContain('search the product documentation')
    mkdirSync(screenshots, { recursive: true })
    await page.screenshot({ path: join(screenshots, 'tool-search.png'), animations: 'disabled' })
  })

  it('ran without console errors or CSP violations', () => {
    expect(session.consoleProblems).toEqual([])
  })
})
