// The drawer answers one server's requests at once (issue 21, item 1): approve-all and deny-all per server
// with more than one waiting; questions are declined by deny-all and never approved in bulk.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { formCardFixture } from '../support/elicitation-fixtures'
import { chatApi } from '../support/render-chat'
import { renderApp } from '../support/render-app'
import { samplingCardFixture } from '../support/sampling-fixtures'

afterEach(cleanup)

function withoutConversation<T extends { conversationId?: string | undefined }>(card: T): T {
  const { conversationId: _none, ...rest } = card
  return rest as T
}

function openDrawer(): HTMLElement {
  fireEvent.click(screen.getByTestId('approvals-bell'))
  return screen.getByTestId('drawer')
}

describe('approve-all and deny-all per server', () => {
  it("approves every one of a server's sampling requests, and leaves another server's alone", async () => {
    const api = chatApi()
    api.approvals.cards = [
      withoutConversation(samplingCardFixture({ id: 'a' })),
      withoutConversation(samplingCardFixture({ id: 'b' })),
      withoutConversation(samplingCardFixture({ id: 'c', serverId: 'files', serverName: 'Files' })),
    ]
    await renderApp(api)
    const drawer = openDrawer()
    expect(within(drawer).queryByTestId('approval-batch-files')).toBeNull()
    const notes = within(drawer).getByTestId('approval-batch-notes')
    expect(notes.textContent).toContain('Notes: 2 waiting')
    fireEvent.click(within(notes).getByRole('button', { name: 'Approve all 2' }))
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(2))
    expect(api.approvals.decisions.map((d) => [d.id, d.decision.kind]).sort()).toEqual([
      ['a', 'approve'],
      ['b', 'approve'],
    ])
  })

  it('denies a server’s requests and declines its questions, which it never approves', async () => {
    const api = chatApi()
    api.approvals.cards = [
      withoutConversation(samplingCardFixture({ id: 'a', serverId: 'docs', serverName: 'Docs' })),
    ]
    api.elicitations.cards = [withoutConversation(formCardFixture())]
    await renderApp(api)
    const docs = within(openDrawer()).getByTestId('approval-batch-docs')
    expect(within(docs).getByRole('button', { name: 'Approve 1 (not the questions)' })).toBeTruthy()
    fireEvent.click(within(docs).getByRole('button', { name: 'Deny all 2' }))
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(1))
    expect(api.approvals.decisions[0]).toMatchObject({ id: 'a', decision: { kind: 'deny' } })
    await waitFor(() => expect(api.elicitations.answers).toHaveLength(1))
    expect(api.elicitations.answers[0]).toMatchObject({ action: 'decline' })
  })
})
