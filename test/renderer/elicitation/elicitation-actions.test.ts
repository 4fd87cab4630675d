// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/app/app-store'
import { FakeDeskApi } from '../support/fake-desk-api'
import { formCardFixture, urlCardFixture } from '../support/elicitation-fixtures'

async function started(api = new FakeDeskApi()) {
  const store = createAppStore({ api })
  await store.getState().start()
  return { api, store }
}

describe('servers’ questions in the app store', () => {
  it('loads the questions at start and follows elicitation:changed', async () => {
    const api = new FakeDeskApi()
    api.elicitations.cards = [formCardFixture()]
    const { store } = await started(api)
    expect(store.getState().elicitations.map((card) => card.id)).toEqual(['question-1'])
    api.elicitations.ask(urlCardFixture())
    expect(store.getState().elicitations.map((card) => card.id)).toEqual(['question-1', 'link-1'])
  })

  it('shows a question asked while elicitation:list was still in flight once, not twice', async () => {
    const api = new FakeDeskApi()
    api.hold('elicitation:list')
    const store = createAppStore({ api })
    const starting = store.getState().start()
    api.elicitations.ask(formCardFixture({ id: 'fresh' }))
    api.release('elicitation:list')
    await starting
    expect(store.getState().elicitations.map((card) => card.id)).toEqual(['fresh'])
  })

  it('asks for the whole list again when it missed a change (e.g. across a reconnect)', async () => {
    const { api, store } = await started()
    api.elicitations.ask(formCardFixture({ id: 'first' }))
    // The host moved on by two changes the window never heard about.
    api.elicitations.cards = [formCardFixture({ id: 'missed' })]
    api.elicitations.seq = 3
    const listed = api.callsTo('elicitation:list').length
    api.emit('elicitation:changed', { seq: 4, upsert: [formCardFixture({ id: 'latest' })], remove: [] })
    await expect
      .poll(() => store.getState().elicitations.map((card) => card.id))
      .toEqual(['missed', 'latest'])
    expect(api.callsTo('elicitation:list')).toHaveLength(listed + 1)
  })

  it('sends answers and dismissals; a refused answer comes back to the card, other failures are shown', async () => {
    const { api, store } = await started()
    api.elicitations.ask(formCardFixture())
    await expect(
      store.getState().answerElicitation('question-1', 'accept', { index: 'main' }),
    ).resolves.toEqual({
      ok: true,
    })
    expect(api.elicitations.answers).toEqual([
      { id: 'question-1', action: 'accept', content: { index: 'main' } },
    ])

    api.elicitations.ask(formCardFixture({ id: 'question-2' }))
    api.fail('elicitation:answer', { code: 'validation_failed', message: '"index" is required' })
    await expect(store.getState().answerElicitation('question-2', 'accept', {})).resolves.toEqual({
      ok: false,
      refused: '"index" is required',
    })
    expect(store.getState().errors).toEqual([])

    api.fail('elicitation:answer', { code: 'internal', message: 'boom' })
    await expect(store.getState().answerElicitation('question-2', 'cancel')).resolves.toEqual({ ok: false })
    expect(store.getState().errors.map((error) => `${error.context}: ${error.message}`)).toEqual([
      'Could not cancel the request from Docs: boom',
    ])

    api.fail('elicitation:dismiss', { code: 'not_found', message: 'gone' })
    await expect(store.getState().dismissElicitation('question-2')).resolves.toBe(false)
    api.succeed('elicitation:dismiss')
    await expect(store.getState().dismissElicitation('question-2')).resolves.toBe(true)
    expect(store.getState().elicitations).toEqual([])
  })

  it('stops following the host on stop()', async () => {
    const { api, store } = await started()
    store.getState().stop()
    api.elicitations.ask(formCardFixture())
    expect(store.getState().elicitations).toEqual([])
  })
})
