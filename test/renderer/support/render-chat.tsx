import { act } from '@testing-library/react'
import type { ConversationMeta, TranscriptRecord } from '../../../src/shared/chat/transcript-schema'
import { conversationMetaFixture } from './fake-chat'
import { FakeDeskApi } from './fake-desk-api'
import { modelFixture, providerFixture } from './fake-providers'
import { renderApp } from './render-app'

/** A host with one provider (`mock`, models `m` and `big`) and `mock/m` as the default model. */
export function chatApi(): FakeDeskApi {
  const mock = providerFixture({
    id: 'mock',
    name: 'Mock',
    models: [modelFixture('m', { displayName: 'Mock M' }), modelFixture('big', { displayName: 'Mock Big' })],
  })
  return new FakeDeskApi({
    settings: { models: { providers: [mock], defaultModel: 'mock/m', recentModels: [] } },
  })
}

/** Renders the window with one saved conversation holding `records`, and opens it. */
export async function renderOpenConversation(
  records: TranscriptRecord[] = [],
  options: {
    api?: FakeDeskApi
    meta?: ConversationMeta
    warnings?: string[]
    awaitingConfirmation?: boolean
  } = {},
) {
  const api = options.api ?? chatApi()
  const meta = options.meta ?? conversationMetaFixture()
  api.chat.seed(meta, records, {
    warnings: options.warnings ?? [],
    awaitingConfirmation: options.awaitingConfirmation ?? false,
  })
  const rendered = await renderApp(api)
  await act(() => rendered.store.getState().openConversation(meta.id))
  return { ...rendered, meta }
}
