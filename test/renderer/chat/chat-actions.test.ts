// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/app/app-store'
import type { RequestChannel } from '../../../src/shared/ipc/contract'
import {
  conversationId,
  conversationMetaFixture,
  recordFixture,
  toolCallCardFixture,
} from '../support/fake-chat'
import { FakeDeskApi } from '../support/fake-desk-api'
import { modelFixture, providerFixture } from '../support/fake-providers'

const first = conversationMetaFixture({ id: conversationId(1), title: 'Release notes' })
const second = conversationMetaFixture({
  id: conversationId(2),
  title: 'Budget',
  updatedAt: '2026-01-05T00:00:00.000Z',
})

function apiWithModel(): FakeDeskApi {
  const mock = providerFixture({ id: 'mock', models: [modelFixture('m')] })
  return new FakeDeskApi({
    settings: { models: { providers: [mock], defaultModel: 'mock/m', recentModels: [] } },
  })
}

async function started(api = apiWithModel()) {
  const store = createAppStore({ api })
  await store.getState().start()
  return { api, store }
}

type AppStore = Awaited<ReturnType<typeof started>>['store']

/** Resolves once the store's state satisfies `holds` (checked now and on every change). */
function stateWhere(store: AppStore, holds: (state: ReturnType<AppStore['getState']>) => boolean) {
  return new Promise<void>((resolve) => {
    if (holds(store.getState())) return resolve()
    const stop = store.subscribe((state) => {
      if (!holds(state)) return
      stop()
      resolve()
    })
  })
}

function notes(count: number) {
  return Array.from({ length: count }, (_, index) => recordFixture({ type: 'note', text: `n${index}` }))
}

const textsOf = (store: AppStore) =>
  store.getState().conversation?.records.map((record) => (record.type === 'note' ? record.text : record.type))

describe('chat in the app store', () => {
  it('lists conversations (most recent first) and waiting tool calls at start; both count on the bell', async () => {
    const api = apiWithModel()
    api.chat.seed(first)
    api.chat.seed(second)
    api.chat.cards = [toolCallCardFixture()]
    const { store } = await started(api)
    expect(store.getState().conversations.map((meta) => meta.title)).toEqual(['Budget', 'Release notes'])
    expect(store.getState().toolCalls.map((card) => card.id)).toEqual(['call-card-1'])
  })

  it('keeps the chat:conversations and chat:tool-calls events that arrived while the first answers were in flight', async () => {
    const api = apiWithModel()
    api.chat.seed(first)
    api.chat.cards = [toolCallCardFixture({ id: 'stale' })]
    api.hold('chat:list')
    api.hold('chat:tool-calls')
    const store = createAppStore({ api })
    const starting = store.getState().start()
    api.emit('chat:conversations', { conversations: [second] })
    api.emit('chat:tool-calls', { cards: [toolCallCardFixture({ id: 'fresh' })] })
    api.release('chat:list')
    api.release('chat:tool-calls')
    await starting
    expect(store.getState().conversations.map((meta) => meta.id)).toEqual([second.id])
    expect(store.getState().toolCalls.map((card) => card.id)).toEqual(['fresh'])
  })

  it('creates and opens a conversation, then follows a turn: records, streamed text, the end', async () => {
    const { api, store } = await started()
    expect(await store.getState().createConversation()).toBe(true)
    const id = store.getState().conversation!.id
    expect(store.getState().conversations.map((meta) => meta.id)).toEqual([id])

    expect(await store.getState().sendMessage('Hi')).toBe('sent')
    expect(store.getState().conversation?.runningTurnId).toBe('turn-1')
    api.chat.stream(id, 'Hel')
    api.chat.stream(id, 'lo')
    expect(store.getState().conversation?.live).toBe('Hello')
    api.chat.append(id, { type: 'assistant', turnId: 'turn-1', step: 0, text: 'Hello' })
    expect(store.getState().conversation?.live).toBe('')
    api.chat.endTurn(id, 'completed')
    const open = store.getState().conversation!
    expect(open.runningTurnId).toBeUndefined()
    expect(open.records.map((record) => record.type)).toEqual(['turn', 'user', 'assistant', 'turn'])
  })

  it('adds the records that arrived while a slow chat:open was in flight, without doubling any', async () => {
    const api = apiWithModel()
    api.chat.seed(first)
    const { store } = await started(api)
    await store.getState().openConversation(first.id)
    await store.getState().sendMessage('Hi')

    api.hold('chat:open')
    const reopening = store.getState().openConversation(first.id)
    api.chat.append(first.id, { type: 'assistant', turnId: 'turn-1', step: 0, text: 'Hello' })
    api.release('chat:open')
    api.chat.endTurn(first.id, 'completed')
    await reopening
    expect(store.getState().conversation?.records.map((record) => record.type)).toEqual([
      'turn',
      'user',
      'assistant',
      'turn',
    ])
    expect(store.getState().conversation?.runningTurnId).toBeUndefined()
  })

  it('opens a long conversation with its newest records, then joins the older ones in front page by page', async () => {
    const api = apiWithModel()
    const saved = notes(1200)
    api.chat.seed(first, [...saved])
    const { store } = await started(api)
    api.hold('chat:records')
    expect(await store.getState().openConversation(first.id)).toBe(true)
    expect(api.callsTo('chat:open')).toEqual([{ id: first.id, tail: 200 }])
    expect(store.getState().conversation).toMatchObject({ firstIndex: 1000 })
    expect(store.getState().conversation?.records).toEqual(saved.slice(1000))

    // A record written while the older pages load joins at the end, as usual.
    api.chat.append(first.id, { type: 'note', text: 'new' })
    api.release('chat:records')
    await stateWhere(store, (state) => state.conversation?.firstIndex === 0)
    expect(textsOf(store)).toEqual([...saved.map((_, index) => `n${index}`), 'new'])
    expect(api.callsTo('chat:records')).toEqual([
      { id: first.id, before: 1000, limit: 500 },
      { id: first.id, before: 500, limit: 500 },
    ])
  })

  it('stops loading older records when another conversation opens; a page that fails is reported and retried', async () => {
    const api = apiWithModel()
    api.chat.seed(first, notes(700))
    api.chat.seed(second, notes(300))
    const { store } = await started(api)
    api.hold('chat:records')
    await store.getState().openConversation(first.id)
    await store.getState().openConversation(second.id)
    api.release('chat:records')
    await stateWhere(store, (state) => state.conversation?.firstIndex === 0)
    expect(store.getState().conversation?.id).toBe(second.id)
    expect(store.getState().conversation?.records).toHaveLength(300)
    // The first conversation's late page was dropped, not joined onto the second.
    expect(textsOf(store)?.[0]).toBe('n0')

    api.fail('chat:records', { code: 'not_found', message: 'transcript gone' })
    await store.getState().openConversation(first.id)
    await stateWhere(store, (state) => state.errors.length > 0)
    expect(store.getState().errors.map((error) => `${error.context}: ${error.message}`)).toEqual([
      'Could not load the earlier messages of “Release notes”: transcript gone',
    ])
    expect(store.getState().conversation).toMatchObject({ id: first.id, firstIndex: 500, olderFailed: true })

    // On the user's word they load again.
    api.succeed('chat:records')
    store.getState().retryOlderRecords()
    expect(store.getState().conversation?.olderFailed).toBeUndefined()
    await stateWhere(store, (state) => state.conversation?.firstIndex === 0)
    expect(store.getState().conversation?.records).toHaveLength(700)
  })

  it('shows the conversation opened last when an earlier chat:open answers late', async () => {
    const api = apiWithModel()
    api.chat.seed(first)
    api.chat.seed(second)
    const { store } = await started(api)
    api.hold('chat:open')
    const slow = store.getState().openConversation(first.id)
    const fast = store.getState().openConversation(second.id)
    api.release('chat:open')
    expect(await fast).toBe(true)
    expect(await slow).toBe(false)
    expect(store.getState().conversation?.id).toBe(second.id)
  })

  it('holds a message after an unknown outcome until the user confirms, then sends it with confirmUnknown', async () => {
    const api = apiWithModel()
    api.chat.seed(first)
    const { store } = await started(api)
    await store.getState().openConversation(first.id)
    await store.getState().sendMessage('Run it')
    api.chat.endTurn(first.id, 'cancelled', { unknownOutcome: true })
    expect(store.getState().conversation?.awaitingConfirmation).toBe(true)

    expect(await store.getState().sendMessage('Next')).toBe('confirm')
    expect(api.callsTo('chat:send')).toHaveLength(1)
    expect(await store.getState().sendMessage('Next', { confirmUnknown: true })).toBe('sent')
    expect(api.callsTo('chat:send').at(-1)).toEqual({ id: first.id, text: 'Next', confirmUnknown: true })
    expect(store.getState().conversation?.awaitingConfirmation).toBe(false)
  })

  it('asks for confirmation, without an error, when the host knew of an unknown outcome the window missed', async () => {
    const api = apiWithModel()
    api.chat.seed(first, [], { awaitingConfirmation: false })
    const { store } = await started(api)
    await store.getState().openConversation(first.id)
    api.chat.conversations.get(first.id)!.awaitingConfirmation = true
    expect(await store.getState().sendMessage('Next')).toBe('confirm')
    expect(store.getState().errors).toEqual([])
  })

  it('closes the open conversation when it disappears from the list, and follows renames made elsewhere', async () => {
    const api = apiWithModel()
    api.chat.seed(first)
    const { store } = await started(api)
    await store.getState().openConversation(first.id)
    api.emit('chat:conversations', { conversations: [{ ...first, title: 'Renamed elsewhere' }] })
    expect(store.getState().conversation?.meta.title).toBe('Renamed elsewhere')
    api.emit('chat:conversations', { conversations: [second] })
    expect(store.getState().conversation).toBeNull()
  })

  it('renames, chooses a model, decides a tool call and deletes, updating the list', async () => {
    const api = apiWithModel()
    api.chat.seed(first)
    api.chat.cards = [toolCallCardFixture()]
    const { store } = await started(api)
    await store.getState().openConversation(first.id)
    expect(await store.getState().renameConversation(first.id, 'Launch')).toBe(true)
    expect(await store.getState().setConversationModel(first.id, 'mock/m')).toBe(true)
    expect(store.getState().conversation?.meta).toMatchObject({ title: 'Launch', model: 'mock/m' })
    expect(await store.getState().decideToolCall('call-card-1', 'approve-for-conversation')).toBe(true)
    expect(api.chat.decisions).toEqual([{ id: 'call-card-1', decision: 'approve-for-conversation' }])
    expect(store.getState().toolCalls).toEqual([])
    expect(await store.getState().deleteConversation(first.id)).toBe(true)
    expect(store.getState().conversations).toEqual([])
    expect(store.getState().conversation).toBeNull()
  })

  it('turns every failed chat call into a visible error that names what was attempted', async () => {
    const api = apiWithModel()
    api.chat.seed(first)
    api.chat.cards = [toolCallCardFixture()]
    const { store } = await started(api)
    await store.getState().openConversation(first.id)
    await store.getState().sendMessage('Hi')
    const failing: RequestChannel[] = [
      'chat:create',
      'chat:open',
      'chat:rename',
      'chat:set-model',
      'chat:delete',
      'chat:send',
      'chat:stop',
      'chat:decide-tool-call',
    ]
    for (const channel of failing) api.fail(channel, { code: 'internal', message: `${channel} broke` })
    expect(await store.getState().createConversation()).toBe(false)
    expect(await store.getState().renameConversation(first.id, 'X')).toBe(false)
    expect(await store.getState().setConversationModel(first.id, 'mock/m')).toBe(false)
    expect(await store.getState().sendMessage('Again')).toBe('failed')
    expect(await store.getState().stopTurn()).toBe(false)
    expect(await store.getState().decideToolCall('call-card-1', 'deny')).toBe(false)
    expect(await store.getState().deleteConversation(first.id)).toBe(false)
    expect(await store.getState().openConversation(first.id)).toBe(false)
    expect(store.getState().errors.map((error) => `${error.context}: ${error.message}`)).toEqual([
      'Could not create a conversation: chat:create broke',
      'Could not rename “Release notes”: chat:rename broke',
      'Could not choose mock/m for “Release notes”: chat:set-model broke',
      'Could not send the message to “Release notes”: chat:send broke',
      'Could not stop the turn in “Release notes”: chat:stop broke',
      'Could not deny the call to query on Docs: chat:decide-tool-call broke',
      'Could not delete “Release notes”: chat:delete broke',
      'Could not open “Release notes”: chat:open broke',
    ])
  })

  it('reports a failed first load, and stops following chat events on stop()', async () => {
    const api = apiWithModel()
    api.fail('chat:list', { code: 'unavailable', message: 'transcripts unreadable' })
    api.fail('chat:tool-calls', { code: 'internal', message: 'queue gone' })
    const { store } = await started(api)
    expect(store.getState().errors.map((error) => error.context)).toEqual([
      'Could not list conversations',
      'Could not list the tool calls waiting for approval',
    ])
    store.getState().stop()
    for (const event of [
      'chat:conversations',
      'chat:record',
      'chat:delta',
      'chat:turn',
      'chat:tool-calls',
    ] as const) {
      expect(api.listenerCount(event)).toBe(0)
    }
  })
})
