// What the user sees when a provider fails (issue 12's fault suite, test/faults/provider-faults.test.ts):
// the exact reasons and audit entries the host produced there for each fault (a stall after the headers, a
// one byte a second drip, HTTP 500 and 429, malformed SSE, a connection reset), shown through the existing
// components: a chat turn's "Turn failed" row, and a sampling request's row in the activity view.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MODEL_REF, PROVIDER_FAULTS } from '../../faults/support/provider-fault-cases'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { renderOpenConversation } from '../support/render-chat'
import { auditEntryFixture } from '../support/sampling-fixtures'

afterEach(cleanup)

function composerButton(name: string): HTMLButtonElement | null {
  return within(screen.getByTestId('composer')).queryByRole<HTMLButtonElement>('button', { name })
}

describe('provider faults in the window', () => {
  it('ends each failed chat turn with "Turn failed" and its reason, and gives the composer back', async () => {
    const { api, meta, store } = await renderOpenConversation()
    for (const [index, fault] of PROVIDER_FAULTS.entries()) {
      await act(() => store.getState().sendMessage(`Attempt ${index + 1}`))
      expect(composerButton('Stop')).not.toBeNull()
      act(() => api.chat.endTurn(meta.id, 'error', { reason: fault.sampling.message }))

      const ends = within(screen.getByTestId('transcript')).getAllByTestId('chat-turn-end')
      expect(ends).toHaveLength(index + 1)
      const end = ends.at(-1)!
      expect(end.dataset.status).toBe('error')
      expect(end.textContent).toBe(`Turn failed: ${fault.sampling.message}`)
      expect(end.querySelector('strong')?.textContent).toBe('Turn failed')
      await waitFor(() => expect(composerButton('Send')).not.toBeNull())
    }
  })

  it('lists each failed sampling request in the activity view with its outcome, code and message', async () => {
    const api = new FakeDeskApi()
    await renderApp(api)
    fireEvent.click(screen.getByRole('button', { name: 'Activity' }))
    const panel = screen.getByTestId('activity-panel')
    await waitFor(() => expect(panel.textContent).toContain('No sampling requests yet.'))

    for (const [index, fault] of PROVIDER_FAULTS.entries()) {
      act(() =>
        api.approvals.record(
          auditEntryFixture({
            id: `fault-${index}`,
            time: `2026-01-01T10:0${index}:00.000Z`,
            serverId: 'sampler',
            serverName: 'sampler',
            model: MODEL_REF,
            decision: 'allowed',
            outcome: fault.sampling.outcome,
            errorCode: fault.sampling.code,
            message: `MCP error ${fault.sampling.code}: ${fault.sampling.message}`,
            inputTokens: undefined,
            outputTokens: undefined,
          }),
        ),
      )
    }

    // Newest first: the last fault recorded is the top row.
    const rows = within(panel).getAllByTestId('activity-row').reverse()
    expect(rows).toHaveLength(PROVIDER_FAULTS.length)
    for (const [index, fault] of PROVIDER_FAULTS.entries()) {
      const row = rows[index]!
      expect(row.classList.contains('activity-row--error')).toBe(true)
      expect(row.querySelector('.activity-outcome')?.textContent).toBe(fault.sampling.outcome)
      expect(row.querySelector('.activity-detail')?.textContent).toBe(
        `code ${fault.sampling.code}: ${fault.sampling.message}`,
      )
    }
  })
})
