import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TranscriptRecord } from '../../../src/shared/chat/transcript-schema'
import { recordFixture } from '../support/fake-chat'
import { chatApi, renderOpenConversation } from '../support/render-chat'

/**
 * jsdom has no layout, so these tests give the page a small one: the transcript is 400 px tall, every
 * message 50 px, spacers as tall as their style says, and the list's 12 px gap between them. That is
 * enough for the row window to decide what to mount, as it does in Chromium (bench/renderer-transcript.ts
 * measures the real thing).
 */
const VIEWPORT = 400
const ROW = 50
const GAP = 12
const scrollTops = new WeakMap<Element, number>()
/** Height added below the list, for content that grew without a render (yet). */
let grownBy = 0

function isTranscript(element: Element): boolean {
  return element.getAttribute('data-testid') === 'transcript'
}

function contentHeight(element: Element): number {
  const list = element.querySelector('.chat-items')
  if (!list) return 0
  const heights = [...list.children].map((child) =>
    child.classList.contains('chat-items-space') ? parseFloat((child as HTMLElement).style.height) : ROW,
  )
  return heights.reduce((sum, height) => sum + height, 0) + Math.max(0, heights.length - 1) * GAP + grownBy
}

function fakeLayout(): void {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return isTranscript(this) ? VIEWPORT : 0
  })
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return isTranscript(this) ? 600 : 0
  })
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return isTranscript(this) ? contentHeight(this) : 0
  })
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
    return scrollTops.get(this) ?? 0
  })
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (this: Element, value) {
    const max = Math.max(0, (isTranscript(this) ? contentHeight(this) : 0) - VIEWPORT)
    scrollTops.set(this, Math.min(Math.max(0, value), max))
  })
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-row-key') ? ROW : 0
  })
}

beforeEach(fakeLayout)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** 300 rows: a question and an answer per turn, the last answer followed by a completed tool call. */
function longConversation(): TranscriptRecord[] {
  const records: TranscriptRecord[] = []
  for (let turn = 1; turn <= 149; turn++) {
    records.push(recordFixture({ type: 'user', turnId: `t${turn}`, text: `Question ${turn}` }))
    records.push(recordFixture({ type: 'assistant', turnId: `t${turn}`, step: 0, text: `Answer ${turn}` }))
  }
  records.push(recordFixture({ type: 'user', turnId: 't150', text: 'Question 150' }))
  records.push(
    recordFixture({
      type: 'tool_call',
      turnId: 't150',
      callId: 'c1',
      exposedName: 'mcp_docs_query',
      serverId: 'docs',
      toolName: 'query',
      arguments: { q: 'last' },
    }),
  )
  records.push(
    recordFixture({
      type: 'tool_result',
      turnId: 't150',
      callId: 'c1',
      state: 'completed',
      text: 'found it',
    }),
  )
  return records
}

function transcript(): HTMLElement {
  return screen.getByRole('log', { name: 'Transcript' })
}

function mountedRows(): HTMLElement[] {
  return [...transcript().querySelectorAll<HTMLElement>('[data-row-key]')]
}

function scrollTo(top: number): void {
  const element = transcript()
  act(() => {
    element.scrollTop = top
    fireEvent.scroll(element)
  })
}

describe('transcript row window', () => {
  it('opens a long conversation at its end with only the rows near the viewport mounted', async () => {
    await renderOpenConversation(longConversation())
    const rows = mountedRows()
    expect(rows.length).toBeGreaterThan(VIEWPORT / ROW)
    expect(rows.length).toBeLessThan(60)
    expect(within(transcript()).getByTestId('tool-call').textContent).toContain('found it')
    expect(within(transcript()).queryByText('Question 1')).toBeNull()
    // The rows still say where they are in the whole list, and a spacer stands for the rest.
    expect(rows.at(-1)?.getAttribute('aria-posinset')).toBe('300')
    expect(rows.every((row) => row.getAttribute('aria-setsize') === '300')).toBe(true)
    const spacer = transcript().querySelector('.chat-items-space')
    expect(spacer?.getAttribute('aria-hidden')).toBe('true')
    expect(transcript().getAttribute('tabindex')).toBe('0')
  })

  it('opens at the end with the newest records, says older ones are loading, then joins them in front', async () => {
    const api = chatApi()
    api.hold('chat:records')
    const { store } = await renderOpenConversation(longConversation(), { api })
    expect(screen.getByTestId('transcript-loading-older').textContent).toBe('Loading earlier messages…')
    expect(within(transcript()).getByTestId('tool-call').textContent).toContain('found it')
    expect(mountedRows().at(-1)?.getAttribute('data-row-key')).toBe('299')

    await act(async () => {
      api.release('chat:records')
      await new Promise<void>((resolve) => {
        const stop = store.subscribe((state) => {
          if (state.conversation?.firstIndex !== 0) return
          stop()
          resolve()
        })
      })
    })
    expect(screen.queryByTestId('transcript-loading-older')).toBeNull()
    const element = transcript()
    expect(element.scrollTop + VIEWPORT).toBe(element.scrollHeight)
    // Rows keep their keys (their place in the whole transcript) across the join.
    expect(mountedRows().at(-1)?.getAttribute('data-row-key')).toBe('299')
    expect(mountedRows().at(-1)?.getAttribute('aria-setsize')).toBe('300')
    scrollTo(0)
    expect(within(transcript()).getByText('Question 1')).toBeTruthy()
  })

  it('says when the earlier messages could not be loaded, and loads them on Try again', async () => {
    const api = chatApi()
    api.fail('chat:records', { code: 'unavailable', message: 'transcript unreadable' })
    const { store } = await renderOpenConversation(longConversation(), { api })
    const failed = await screen.findByTestId('transcript-older-failed')
    expect(failed.textContent).toContain('Earlier messages could not be loaded.')
    expect(screen.queryByTestId('transcript-loading-older')).toBeNull()

    api.succeed('chat:records')
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(store.getState().conversation?.firstIndex).toBe(0))
    expect(screen.queryByTestId('transcript-older-failed')).toBeNull()
  })

  it('mounts the first rows when scrolled to the top, and keeps the row holding focus mounted', async () => {
    await renderOpenConversation(longConversation())
    const result = within(transcript()).getByLabelText('Result')
    act(() => result.focus())
    scrollTo(0)
    expect(within(transcript()).getByText('Question 1')).toBeTruthy()
    expect(within(transcript()).getByText('Answer 1')).toBeTruthy()
    expect(within(transcript()).queryByText('Answer 149')).toBeNull()
    expect(result.isConnected).toBe(true)
    expect(document.activeElement).toBe(result)

    act(() => result.blur())
    scrollTo(1)
    expect(within(transcript()).queryByTestId('tool-call')).toBeNull()
  })

  it('follows new rows at the end, and stays put while the user reads further up', async () => {
    const { api, meta } = await renderOpenConversation(longConversation())
    act(() => {
      api.chat.append(meta.id, { type: 'note', turnId: 't150', text: 'a new note at the end' })
    })
    expect(within(transcript()).getByTestId('chat-note').textContent).toBe('a new note at the end')
    const element = transcript()
    expect(element.scrollTop + VIEWPORT).toBe(element.scrollHeight)

    scrollTo(0)
    act(() => {
      api.chat.append(meta.id, { type: 'note', turnId: 't150', text: 'another note' })
    })
    expect(element.scrollTop).toBe(0)
    expect(within(transcript()).getByText('Question 1')).toBeTruthy()
  })

  it('keeps following when content grew below the view before a scroll event arrived', async () => {
    const { api, meta } = await renderOpenConversation(longConversation())
    const element = transcript()
    // The end moved 200 px down while scrollTop stayed: a scroll event now finds the view off the end.
    grownBy = 200
    act(() => {
      fireEvent.scroll(element)
    })
    grownBy = 0
    act(() => {
      api.chat.append(meta.id, { type: 'note', turnId: 't150', text: 'a new note at the end' })
    })
    expect(element.scrollTop + VIEWPORT).toBe(element.scrollHeight)
    expect(within(transcript()).getByTestId('chat-note')).toBeTruthy()
  })

  it('stops following when something brings an earlier message into view, such as focus', async () => {
    const { api, meta } = await renderOpenConversation(longConversation())
    const element = transcript()
    const top = element.scrollTop - 300
    scrollTo(top)
    act(() => {
      api.chat.append(meta.id, { type: 'note', turnId: 't150', text: 'a new note at the end' })
    })
    expect(element.scrollTop).toBe(top)
  })
})
