// Issue 19 item 11: a markdown link's text may say one thing and go elsewhere, and https links opened
// without asking. Now a link whose text is not its destination shows the destination's host beside it,
// and every link asks first in an in-app dialog naming the full destination with its host emphasised;
// only "Open in browser" opens it (the desktop window's open handler then applies the link policy).
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { recordFixture } from '../support/fake-chat'
import { renderOpenConversation } from '../support/render-chat'

let open: MockInstance<typeof window.open>

beforeEach(() => {
  open = vi.spyOn(window, 'open').mockImplementation(() => null)
})

afterEach(() => {
  cleanup()
  open.mockRestore()
})

async function renderAnswer(text: string): Promise<HTMLElement> {
  await renderOpenConversation([recordFixture({ type: 'assistant', turnId: 't1', step: 0, text })])
  return within(screen.getByTestId('transcript')).getByTestId('chat-assistant')
}

const DECEPTIVE = '[https://bank.example/login](https://bank.example.evil.example/login?next=%2Fpay)'

describe('markdown links', () => {
  it('show the real host beside a link whose text differs from where it goes, and the URL on hover', async () => {
    const answer = await renderAnswer(`${DECEPTIVE} and [docs](https://example.com/docs)`)
    const [deceptive, docs] = [...answer.querySelectorAll('a')]
    expect(deceptive?.getAttribute('title')).toContain('https://bank.example.evil.example/login?next=%2Fpay')
    expect(answer.textContent).toContain('https://bank.example/login (bank.example.evil.example)')
    expect(docs?.getAttribute('title')).toContain('https://example.com/docs')
    expect(answer.textContent).toContain('docs (example.com)')
  })

  it('do not repeat the host when the text is the destination itself', async () => {
    const answer = await renderAnswer('See https://example.com/docs for more.')
    expect(answer.querySelector('a')?.getAttribute('href')).toBe('https://example.com/docs')
    expect(answer.querySelector('.markdown-link-host')).toBeNull()
  })

  it('ask before opening: the dialog names the full destination with its host emphasised', async () => {
    const answer = await renderAnswer(DECEPTIVE)
    fireEvent.click(answer.querySelector('a')!)
    expect(open).not.toHaveBeenCalled()

    const dialog = screen.getByRole('dialog', { name: 'Open this link outside MCP Desk?' })
    expect(within(dialog).getByTestId('link-url').textContent).toBe(
      'https://bank.example.evil.example/login?next=%2Fpay',
    )
    expect(within(dialog).getByTestId('link-url-host').textContent).toBe('bank.example.evil.example')
    expect(within(dialog).getByTestId('link-text').textContent).toBe('https://bank.example/login')
    // The safe answer has focus: Enter or Escape opens nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))

    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(open).not.toHaveBeenCalled()

    fireEvent.click(answer.querySelector('a')!)
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Open in browser' }))
    expect(open).toHaveBeenCalledWith(
      'https://bank.example.evil.example/login?next=%2Fpay',
      '_blank',
      'noopener',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('ask before opening on a middle click too', async () => {
    const answer = await renderAnswer('[docs](https://example.com/docs)')
    fireEvent(
      answer.querySelector('a')!,
      new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }),
    )
    expect(open).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Open this link outside MCP Desk?' })).toBeTruthy()
  })
})
