// Requests queued behind the one being decided wait as one line each and open on demand (issue 21, item 1:
// each full card is ~460 px tall, so three queued ones filled the drawer).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { samplingCardFixture } from '../support/sampling-fixtures'

afterEach(cleanup)

async function drawerWith(ids: string[]): Promise<{ api: FakeDeskApi; drawer: HTMLElement }> {
  const api = new FakeDeskApi()
  api.approvals.cards = ids.map((id) => samplingCardFixture({ id }))
  await renderApp(api)
  fireEvent.click(screen.getByTestId('approvals-bell'))
  return { api, drawer: screen.getByTestId('drawer') }
}

const summaryIds = (container: HTMLElement) =>
  within(container)
    .queryAllByTestId('approval-summary')
    .map((line) => line.dataset.cardId)

describe('queued approvals', () => {
  it('shows the oldest waiting request whole and the others as one line that says who asks and for what', async () => {
    const { drawer } = await drawerWith(['a', 'b', 'c'])
    expect(
      within(drawer)
        .getAllByTestId('approval-card')
        .map((card) => card.id),
    ).toEqual(['approval-card-a'])
    expect(summaryIds(drawer)).toEqual(['b', 'c'])
    const line = within(drawer).getAllByTestId('approval-summary')[0]!
    const toggle = within(line).getByRole('button')
    expect(toggle.textContent).toBe('Notes wants to run a model · 3 messages Show request')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  it('opens a line in place and moves focus into its card', async () => {
    const { drawer } = await drawerWith(['a', 'b', 'c'])
    const toggle = within(within(drawer).getAllByTestId('approval-summary')[1]!).getByRole('button')
    toggle.focus()
    fireEvent.click(toggle)
    expect(summaryIds(drawer)).toEqual(['b'])
    expect(document.activeElement?.id).toBe('approval-card-c')
  })

  it('opens the next request when the one before it is decided, with focus on it', async () => {
    const { api, drawer } = await drawerWith(['a', 'b'])
    const deny = within(within(drawer).getByTestId('approval-card')).getByRole('button', { name: 'Deny' })
    deny.focus()
    fireEvent.click(deny)
    await waitFor(() => expect(document.activeElement?.id).toBe('approval-card-b'))
    expect(summaryIds(drawer)).toEqual([])
    expect(api.approvals.decisions).toEqual([{ id: 'a', decision: { kind: 'deny' } }])
  })

  it('opens a queued request that a notification click asks for', async () => {
    const { api, drawer } = await drawerWith(['a', 'b', 'c'])
    act(() => api.emit('approvals:focus', { id: 'c' }))
    await waitFor(() => expect(document.activeElement?.id).toBe('approval-card-c'))
    expect(summaryIds(drawer)).toEqual(['b'])
  })

  it('keeps a streaming completion in view and opens the next waiting request beside it', async () => {
    const { api, drawer } = await drawerWith(['a', 'b', 'c'])
    act(() => api.approvals.update('a', { phase: 'streaming' }))
    expect(
      within(drawer)
        .getAllByTestId('approval-card')
        .map((card) => card.id),
    ).toEqual(['approval-card-a', 'approval-card-b'])
    expect(summaryIds(drawer)).toEqual(['c'])
  })
})
