// The composer's Attach button (issue 21, item 6): files and images from this computer, and a connected
// server's resources, go with the next message.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { catalogApi, resourceFixture } from '../support/catalog-fixtures'
import { chatApi, renderOpenConversation } from '../support/render-chat'

afterEach(cleanup)

const composer = () => screen.getByTestId('composer')

function pick(files: File[]): void {
  const input = screen.getByTestId<HTMLInputElement>('attach-file-input')
  Object.defineProperty(input, 'files', { value: files, configurable: true })
  fireEvent.change(input)
}

describe('attaching to a message', () => {
  it('sends picked files with the message: text as text, an image as base64', async () => {
    const api = chatApi()
    await renderOpenConversation([], { api })
    fireEvent.click(within(composer()).getByRole('button', { name: 'Attach…' }))
    expect(screen.getByRole('dialog', { name: 'Attach to your message' })).toBeTruthy()
    pick([
      new File(['# Notes\nBuy milk.'], 'notes.md', { type: '' }),
      new File([new Uint8Array([137, 80, 78, 71])], 'pixel.png', { type: 'image/png' }),
    ])
    await waitFor(() => expect(within(composer()).getAllByTestId('file-chip')).toHaveLength(2))
    expect(screen.queryByRole('dialog', { name: 'Attach to your message' })).toBeNull()
    expect(within(composer()).getAllByTestId('file-chip')[1]!.textContent).toContain(
      'pixel.png · image/png · 4 bytes',
    )

    fireEvent.change(within(composer()).getByLabelText('Message'), { target: { value: 'Look at these' } })
    fireEvent.click(within(composer()).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(api.callsTo('chat:send')).toHaveLength(1))
    expect(api.callsTo('chat:send')[0]).toMatchObject({
      text: 'Look at these',
      files: [
        { name: 'notes.md', mimeType: 'text/plain', text: '# Notes\nBuy milk.' },
        { name: 'pixel.png', mimeType: 'image/png', data: 'iVBORw==' },
      ],
    })
    await waitFor(() => expect(within(composer()).queryAllByTestId('file-chip')).toHaveLength(0))
  })

  it('refuses a file over the limit, naming its size, and removes a chip on request', async () => {
    await renderOpenConversation([])
    fireEvent.click(within(composer()).getByRole('button', { name: 'Attach…' }))
    const big = new File(['x'], 'huge.bin', { type: 'application/octet-stream' })
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 })
    pick([big, new File(['a'], 'a.txt', { type: 'text/plain' })])
    expect((await within(composer()).findByTestId('file-error')).textContent).toBe(
      'huge.bin is 11.0 MiB, over the 10.0 MiB limit for attaching files',
    )
    const chip = await within(composer()).findByTestId('file-chip')
    fireEvent.click(within(chip).getByRole('button', { name: 'Remove file a.txt' }))
    expect(within(composer()).queryByTestId('file-chip')).toBeNull()
  })

  it("attaches a connected server's resource from the menu, and closes on Escape", async () => {
    const api = catalogApi(['docs'])
    api.catalog.resources = [resourceFixture({ serverId: 'docs', uri: 'docs://readme', name: 'readme' })]
    await renderOpenConversation([], { api })
    const attach = within(composer()).getByRole('button', { name: 'Attach…' })
    fireEvent.click(attach)
    const panel = screen.getByRole('dialog', { name: 'Attach to your message' })
    fireEvent.click(within(panel).getByText('Docs'))
    const list = await within(panel).findByRole('list', { name: 'Resources of Docs' })
    fireEvent.click(within(list).getByRole('button', { name: /Attach/ }))
    expect(await within(composer()).findByTestId('resource-chip')).toBeTruthy()
    act(() => {
      fireEvent.keyDown(panel, { key: 'Escape' })
    })
    expect(screen.queryByRole('dialog', { name: 'Attach to your message' })).toBeNull()
    expect(document.activeElement).toBe(attach)
  })
})
