// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/app/app-store'
import { FakeDeskApi } from '../support/fake-desk-api'
import { auditEntryFixture, samplingCardFixture } from '../support/sampling-fixtures'

async function started(api = new FakeDeskApi()) {
  const store = createAppStore({ api })
  await store.getState().start()
  return { api, store }
}

describe('sampling in the app store', () => {
  it('loads the pending cards at start and counts the waiting ones for the bell', async () => {
    const api = new FakeDeskApi()
    api.approvals.cards = [
      samplingCardFixture({ id: 'a' }),
      samplingCardFixture({ id: 'b', phase: 'streaming' }),
    ]
    const { store } = await started(api)
    expect(store.getState().approvals.map((card) => card.id)).toEqual(['a', 'b'])
    expect(store.getState().pendingApprovals).toBe(1)
  })

  it('shows a card that arrived while approvals:list was still in flight once, not twice', async () => {
    const api = new FakeDeskApi()
    api.hold('approvals:list')
    const store = createAppStore({ api })
    const starting = store.getState().start()
    api.approvals.show(samplingCardFixture({ id: 'fresh' }))
    api.release('approvals:list')
    await starting
    expect(store.getState().approvals.map((card) => card.id)).toEqual(['fresh'])
    expect(store.getState().pendingApprovals).toBe(1)
  })

  it('accumulates streamed text and forgets it when the card goes', async () => {
    const { api, store } = await started()
    api.approvals.show(samplingCardFixture({ id: 'a', phase: 'streaming' }))
    api.approvals.stream('a', 'one ')
    api.approvals.stream('a', 'two')
    expect(store.getState().streams).toEqual({ a: { text: 'one two', chunks: 2, chars: 7 } })
    api.approvals.remove('a')
    expect(store.getState().streams).toEqual({})
  })

  it('opens the approvals drawer on approvals:focus with a new request each time', async () => {
    const { api, store } = await started()
    api.emit('approvals:focus', { id: 'x' })
    const first = store.getState().approvalFocus
    expect(store.getState().drawer).toBe('approvals')
    expect(first?.id).toBe('x')
    api.emit('approvals:focus', { id: 'x' })
    expect(store.getState().approvalFocus?.seq).toBeGreaterThan(first!.seq)
  })

  it('follows activity events even before the log is loaded, and stops following on stop()', async () => {
    const { api, store } = await started()
    api.approvals.record(auditEntryFixture({ id: 'e1' }))
    expect(store.getState().activity.map((entry) => entry.id)).toEqual(['e1'])
    expect(store.getState().activityLoaded).toBe(false)
    await store.getState().loadActivity()
    expect(store.getState().activityLoaded).toBe(true)

    store.getState().stop()
    for (const event of [
      'approvals:changed',
      'sampling:stream',
      'sampling:activity',
      'approvals:focus',
    ] as const) {
      expect(api.listenerCount(event)).toBe(0)
    }
  })

  it('says when a completion the user approved fails or stalls, and not when it completes or is stopped', async () => {
    const { api, store } = await started()
    api.approvals.record(auditEntryFixture({ id: 'ok' }))
    api.approvals.record(auditEntryFixture({ id: 'stop', outcome: 'cancelled' }))
    api.approvals.record(
      auditEntryFixture({
        id: 'bad',
        outcome: 'error',
        errorCode: -32603,
        message: 'MCP error -32603: provider said: model overloaded',
      }),
    )
    api.approvals.record(auditEntryFixture({ id: 'slow', decision: 'approved-session', outcome: 'stalled' }))
    expect(store.getState().errors.map(({ context, message }) => `${context}: ${message}`)).toEqual([
      'The completion you approved for Notes failed: code -32603: provider said: model overloaded',
      'The completion you approved for Notes stalled: no reason was given; the request is in Activity',
    ])
  })

  it('turns failed decisions, stops, loads and settings saves into visible errors', async () => {
    const api = new FakeDeskApi()
    api.approvals.cards = [samplingCardFixture({ id: 'a' })]
    api.fail('approvals:decide', { code: 'not_found', message: 'gone' })
    api.fail('sampling:stop', { code: 'internal', message: 'not running' })
    api.fail('sampling:update-settings', { code: 'validation_failed', message: 'bad' })
    const { store } = await started(api)
    expect(await store.getState().decideApproval('a', { kind: 'deny' })).toBe(false)
    expect(await store.getState().stopSampling('a')).toBe(false)
    expect(await store.getState().updateSamplingSettings({ reviewCompletion: true })).toBe(false)
    expect(store.getState().errors.map(({ context, message }) => `${context}: ${message}`)).toEqual([
      'Could not deny the request from Notes: gone',
      'Could not stop the completion for Notes: not running',
      'Could not save the sampling settings: bad',
    ])
  })

  it('reports a failed approvals:list at start and still finishes loading', async () => {
    const api = new FakeDeskApi()
    api.fail('approvals:list', { code: 'internal', message: 'queue unavailable' })
    const { store } = await started(api)
    expect(store.getState().loaded).toBe(true)
    expect(store.getState().errors).toMatchObject([
      { context: 'Could not list pending approvals', message: 'queue unavailable' },
    ])
  })

  it('stores the sampling settings the host answers with', async () => {
    const { api, store } = await started()
    expect(await store.getState().updateSamplingSettings({ maxPerMinutePerServer: 5 })).toBe(true)
    expect(api.callsTo('sampling:update-settings')).toEqual([{ maxPerMinutePerServer: 5 }])
    expect(store.getState().settings?.sampling.maxPerMinutePerServer).toBe(5)
    expect(store.getState().settings?.sampling.maxConcurrentPerServer).toBe(4)
  })
})
