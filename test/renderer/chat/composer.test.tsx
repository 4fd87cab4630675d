import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeDeskApi } from '../support/fake-desk-api'
import { modelFixture, providerFixture } from '../support/fake-providers'
import { recordFixture } from '../support/fake-chat'
import { renderApp } from '../support/render-app'
import { chatApi, renderOpenConversation } from '../support/render-chat'

afterEach(cleanup)

function input(): HTMLTextAreaElement {
  return within(screen.getByTestId('composer')).getByLabelText<HTMLTextAreaElement>('Message')
}

function composerButton(name: string): HTMLButtonElement {
  return within(screen.getByTestId('composer')).getByRole<HTMLButtonElement>('button', { name })
}

function type(text: string): void {
  fireEvent.change(input(), { target: { value: text } })
}

describe('composer', () => {
  it('sends with Enter and clears the text only once the host accepted it; Shift+Enter does not send', async () => {
    const { api, meta } = await renderOpenConversation()
    type('First line')
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true })
    expect(api.callsTo('chat:send')).toEqual([])

    api.hold('chat:send')
    fireEvent.keyDown(input(), { key: 'Enter' })
    await waitFor(() => expect(api.callsTo('chat:send')).toEqual([{ id: meta.id, text: 'First line' }]))
    expect(input().value).toBe('First line')
    act(() => api.release('chat:send'))
    await waitFor(() => expect(input().value).toBe(''))
    expect(within(screen.getByTestId('transcript')).getByTestId('chat-user').textContent).toBe('First line')
  })

  it('keeps a refused message in the box and shows why', async () => {
    const { api } = await renderOpenConversation()
    api.fail('chat:send', {
      code: 'validation_failed',
      message: 'choose a model for this conversation first',
    })
    type('Hello')
    fireEvent.click(composerButton('Send'))
    await waitFor(() => expect(screen.getByTestId('errors').textContent).toContain('choose a model'))
    expect(input().value).toBe('Hello')
  })

  it('turns Send into Stop while a turn runs; Stop ends the turn', async () => {
    const { api } = await renderOpenConversation()
    type('Tell me a story')
    fireEvent.click(composerButton('Send'))
    const stop = await waitFor(() => composerButton('Stop'))
    expect(screen.getByTestId('composer').textContent).toContain('The model is answering')
    fireEvent.click(stop)
    await waitFor(() => expect(composerButton('Send')).toBeTruthy())
    expect(api.callsTo('chat:stop')).toHaveLength(1)
    const end = within(screen.getByTestId('transcript')).getByTestId('chat-turn-end')
    expect(end.textContent).toBe('Turn stopped: stopped by the user')
  })
})

describe('unknown-outcome confirmation', () => {
  const unknownTurn = [
    recordFixture({ type: 'turn', turnId: 't1', status: 'started' }),
    recordFixture({
      type: 'tool_call',
      turnId: 't1',
      callId: 'c1',
      exposedName: 'mcp_docs_hang',
      serverId: 'docs',
      toolName: 'hang',
      arguments: {},
    }),
    recordFixture({
      type: 'tool_result',
      turnId: 't1',
      callId: 'c1',
      state: 'unknown',
      text: 'no answer in 30 s',
    }),
    recordFixture({ type: 'turn', turnId: 't1', status: 'completed' }),
  ]

  it('holds the message above the composer; "Keep unsent" leaves it in the box', async () => {
    const { api } = await renderOpenConversation(unknownTurn, { awaitingConfirmation: true })
    type('Go on')
    fireEvent.keyDown(input(), { key: 'Enter' })
    const bar = await screen.findByTestId('unknown-outcome-bar')
    expect(bar.textContent).toContain('The previous tool call may have run.')
    expect(api.callsTo('chat:send')).toEqual([])
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Keep unsent'))

    fireEvent.click(within(bar).getByRole('button', { name: 'Keep unsent' }))
    await waitFor(() => expect(document.activeElement).toBe(input()))
    expect(screen.queryByTestId('unknown-outcome-bar')).toBeNull()
    expect(input().value).toBe('Go on')
    expect(api.callsTo('chat:send')).toEqual([])
  })

  it('"It may have run — send" sends with the confirmation and clears the box', async () => {
    const { api, meta } = await renderOpenConversation(unknownTurn, { awaitingConfirmation: true })
    type('Go on')
    fireEvent.click(composerButton('Send'))
    const bar = await screen.findByTestId('unknown-outcome-bar')
    fireEvent.click(within(bar).getByRole('button', { name: 'It may have run — send' }))
    await waitFor(() => expect(input().value).toBe(''))
    expect(api.callsTo('chat:send')).toEqual([{ id: meta.id, text: 'Go on', confirmUnknown: true }])
    expect(screen.queryByTestId('unknown-outcome-bar')).toBeNull()
  })
})

describe('empty conversation view, model picker and title bar', () => {
  it('offers "New conversation", which opens one ready to type in', async () => {
    await renderApp(chatApi())
    expect(input().disabled).toBe(true)
    const transcript = screen.getByTestId('transcript')
    fireEvent.click(within(transcript).getByRole('button', { name: 'New conversation' }))
    await waitFor(() => expect(screen.getByTestId('conversation-title').textContent).toBe('New conversation'))
    expect(input().disabled).toBe(false)
    expect(screen.getByTestId('current-model').textContent).toBe('Mock · Mock M')
  })

  it('asks for a model when there is no default, and sends once the conversation has one', async () => {
    const mock = providerFixture({
      id: 'mock',
      name: 'Mock',
      models: [modelFixture('m'), modelFixture('big')],
    })
    const api = new FakeDeskApi({ settings: { models: { providers: [mock], recentModels: [] } } })
    const { meta } = await renderOpenConversation([], { api })
    type('Hi')
    expect(screen.getByTestId('composer').textContent).toContain('Choose a model for this conversation')
    expect(composerButton('Send').disabled).toBe(true)
    expect(screen.getByTestId('current-model').textContent).toBe('No default model')

    const picker = within(screen.getByTestId('conversation')).getByLabelText<HTMLSelectElement>('Model')
    expect([...picker.options].map((option) => option.textContent)).toEqual(['Choose a model', 'm', 'big'])
    fireEvent.change(picker, { target: { value: 'mock/big' } })
    await waitFor(() => expect(composerButton('Send').disabled).toBe(false))
    expect(api.callsTo('chat:set-model')).toEqual([{ id: meta.id, model: 'mock/big' }])
    expect(screen.getByTestId('current-model').textContent).toBe('Mock · big')
    expect(screen.getByTestId('current-model').getAttribute('title')).toBe('Conversation model: mock/big')
  })

  it('keeps "Default (Provider · model)" selectable after a model is chosen, and goes back to it', async () => {
    const mock = providerFixture({
      id: 'mock',
      name: 'Mock',
      models: [modelFixture('m', { displayName: 'Mock M' }), modelFixture('big')],
    })
    const api = new FakeDeskApi({
      settings: { models: { providers: [mock], defaultModel: 'mock/m', recentModels: [] } },
    })
    const { meta } = await renderOpenConversation([], { api })
    const picker = within(screen.getByTestId('conversation')).getByLabelText<HTMLSelectElement>('Model')
    expect(picker.value).toBe('')
    fireEvent.change(picker, { target: { value: 'mock/big' } })
    await waitFor(() => expect(screen.getByTestId('current-model').textContent).toBe('Mock · big'))
    const options = [...picker.options]
    expect(options.map((option) => option.textContent)).toEqual(['Default (Mock · Mock M)', 'Mock M', 'big'])
    expect(options[0]?.disabled).toBe(false)

    fireEvent.change(picker, { target: { value: '' } })
    await waitFor(() => expect(screen.getByTestId('current-model').textContent).toBe('Mock · Mock M'))
    expect(api.callsTo('chat:set-model')).toEqual([
      { id: meta.id, model: 'mock/big' },
      { id: meta.id, model: null },
    ])
    expect(picker.value).toBe('')
  })
})
