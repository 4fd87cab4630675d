import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { auditEntryFixture } from '../support/sampling-fixtures'

afterEach(cleanup)

async function openActivity(api: FakeDeskApi) {
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByRole('button', { name: 'Activity' }))
  const panel = screen.getByTestId('activity-panel')
  return { ...rendered, panel }
}

function rows(panel: HTMLElement): HTMLElement[] {
  return within(panel).queryAllByTestId('activity-row')
}

function cells(row: HTMLElement): string[] {
  return [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')
}

describe('sampling activity', () => {
  it('loads the last 200 entries and shows them newest first with every column', async () => {
    const api = new FakeDeskApi()
    api.approvals.entries = [
      auditEntryFixture({
        id: 'e2',
        time: '2026-01-01T10:05:00.000Z',
        serverName: 'Mail',
        decision: 'allowed',
        outcome: 'error',
        errorCode: -32603,
        message: 'provider said: model overloaded',
        outputTokens: undefined,
        durationMs: 850,
      }),
      auditEntryFixture({ id: 'e1' }),
    ]
    const { panel } = await openActivity(api)
    expect(screen.getByTestId('drawer').querySelector('h2')?.textContent).toBe('Sampling activity')
    await waitFor(() => expect(rows(panel)).toHaveLength(2))
    expect(api.callsTo('sampling:activity')).toEqual([{ limit: 200 }])
    expect([...within(panel).getAllByRole('columnheader')].map((header) => header.textContent)).toEqual([
      'Time',
      'Server',
      'Model',
      'Decision',
      'Outcome',
      'Tokens in / out',
      'Duration',
    ])

    const [newest, older] = rows(panel)
    expect(newest!.querySelector('time')?.getAttribute('datetime')).toBe('2026-01-01T10:05:00.000Z')
    expect(cells(newest!).slice(1)).toEqual([
      'Mail',
      'openai/gpt-4o-mini',
      'allowed (policy)',
      'errorcode -32603: provider said: model overloaded',
      '1,200 / ?',
      '850 ms',
    ])
    expect(newest!.classList.contains('activity-row--error')).toBe(true)
    expect(newest!.querySelector('.activity-outcome--error')?.textContent).toBe('error')

    expect(cells(older!).slice(1)).toEqual([
      'Notes',
      'openai/gpt-4o-mini',
      'approved',
      'completed',
      '1,200 / 345',
      '2.3 s',
    ])
    expect(older!.classList.contains('activity-row--ok')).toBe(true)
  })

  it('adds each new entry at the top as the host reports it', async () => {
    const api = new FakeDeskApi()
    api.approvals.entries = [auditEntryFixture({ id: 'e1' })]
    const { panel } = await openActivity(api)
    await waitFor(() => expect(rows(panel)).toHaveLength(1))
    act(() =>
      api.approvals.record(
        auditEntryFixture({
          id: 'e2',
          time: '2026-01-01T11:00:00.000Z',
          decision: 'denied',
          outcome: 'denied',
          model: undefined,
          inputTokens: undefined,
          outputTokens: undefined,
          durationMs: 12,
        }),
      ),
    )
    expect(rows(panel)).toHaveLength(2)
    const top = rows(panel)[0]!
    expect(cells(top).slice(1)).toEqual(['Notes', '—', 'denied', 'denied', '—', '12 ms'])
    expect(top.classList.contains('activity-row--refused')).toBe(true)
  })

  it('keeps entries that arrived while closed and says so when there are none', async () => {
    const api = new FakeDeskApi()
    await renderApp(api)
    act(() => api.approvals.record(auditEntryFixture({ id: 'early', outcome: 'stalled' })))
    fireEvent.click(screen.getByRole('button', { name: 'Activity' }))
    const panel = screen.getByTestId('activity-panel')
    await waitFor(() => expect(api.callsTo('sampling:activity')).toHaveLength(1))
    // The fake host also lists it: one row, not two.
    expect(rows(panel)).toHaveLength(1)
    cleanup()

    const { panel: empty } = await openActivity(new FakeDeskApi())
    await waitFor(() => expect(empty.textContent).toContain('No sampling requests yet.'))
  })

  it('says the log could not be loaded when the host fails', async () => {
    const api = new FakeDeskApi()
    api.fail('sampling:activity', { code: 'internal', message: 'audit log unreadable' })
    const { panel } = await openActivity(api)
    await waitFor(() => expect(panel.textContent).toContain('could not be loaded'))
    expect(screen.getByTestId('errors').textContent).toContain(
      'Could not load the sampling activity: audit log unreadable',
    )
  })
})
