import type { Page } from 'playwright-core'
import type { MockOpenAI } from '../../test/fixtures/mock-openai'
import { frameFigures, type FrameFigures } from './frame-figures'
import { startRecording, stopRecording, whenShown } from './frame-probe'
import { LAST_MESSAGE_MARKER } from './long-transcript'
import { STREAM_END_MARKER } from './streamed-answer'

/** After the page shows the result, recording goes on this long to catch work that lands a frame later. */
export const SETTLE_MS = 1000
// Generous: before the transcript was virtualised, a stream into it took two minutes to render.
const WAIT_MS = 300_000

export interface OpenRun extends FrameFigures {
  /** From the start of recording (the click follows it) until the last message shows, scrolled to the end. */
  openMs: number
  /** From the start of recording until every older record has been loaded behind the last message. */
  loadedMs: number
  /** Rows mounted in the transcript once open: all of them unless the list is virtualised. */
  mountedRows: number
}

export interface StreamRun extends FrameFigures {
  /** From the first streamed text on the page until the recorded answer replaced it. */
  streamMs: number
  /** Tokens over streamMs: what the page actually received, against the rate the mock was asked for. */
  tokensPerSecond: number
}

/**
 * Clicks the conversation in the sidebar and records until its last message shows and the older records
 * have all been loaded behind it (the window loads them page by page after showing the newest).
 */
export async function measureOpen(page: Page, title: string): Promise<OpenRun> {
  const row = page.getByRole('button', { name: title, exact: true })
  await row.waitFor()
  await startRecording(page)
  await row.click()
  const shownAt = await whenShown(page, { kind: 'lastAssistant', text: LAST_MESSAGE_MARKER }, WAIT_MS)
  const loadedAt = await whenShown(page, { kind: 'wholeTranscript', text: LAST_MESSAGE_MARKER }, WAIT_MS)
  const recording = await stopRecording(page, SETTLE_MS)
  const mountedRows = await page
    .locator('[data-testid="transcript"] .chat-items > li:not(.chat-items-space)')
    .count()
  return {
    ...frameFigures(recording),
    openMs: shownAt - recording.startedAt,
    loadedMs: loadedAt - recording.startedAt,
    mountedRows,
  }
}

/**
 * Sends a message in the open conversation while the mock streams `tokens` at `tokensPerSecond` (one
 * token per SSE chunk), and records from the send until the recorded answer replaced the streamed text.
 */
export async function measureStream(
  page: Page,
  mock: MockOpenAI,
  tokens: readonly string[],
  tokensPerSecond: number,
): Promise<StreamRun> {
  mock.enqueue({ kind: 'drip', chunks: [...tokens], intervalMs: 1000 / tokensPerSecond, paced: true })
  const input = page.getByLabel('Message', { exact: true })
  await input.fill('Explain the transcript format, with an example.')
  await startRecording(page)
  await input.press('Enter')
  const liveAt = await whenShown(page, { kind: 'live' }, WAIT_MS)
  const doneAt = await whenShown(page, { kind: 'lastAssistant', text: STREAM_END_MARKER }, WAIT_MS)
  const recording = await stopRecording(page, SETTLE_MS)
  await page.getByTestId('composer').getByRole('button', { name: 'Send' }).waitFor()
  const streamMs = doneAt - liveAt
  return { ...frameFigures(recording), streamMs, tokensPerSecond: (tokens.length / streamMs) * 1000 }
}

/**
 * Records `ms` of the page doing nothing (the long transcript open): the control. Any frame over 50 ms
 * here is the machine's (other processes taking the CPU), not the page's, and bounds what the other
 * figures can show on it.
 */
export async function measureIdle(page: Page, ms: number): Promise<FrameFigures> {
  await startRecording(page)
  return frameFigures(await stopRecording(page, ms))
}

/** Starts a new, empty conversation and waits until it is open. */
export async function openNewConversation(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New conversation' }).first().click()
  await page.getByTestId('conversation-title').filter({ hasText: 'New conversation' }).waitFor()
}
