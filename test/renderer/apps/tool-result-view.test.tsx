import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TranscriptRecord } from '../../../src/shared/chat/transcript-schema'
import { recordFixture, toolCallCardFixture } from '../support/fake-chat'
import { FakeDeskApi } from '../support/fake-desk-api'
import { viewDocumentFixture } from '../support/fake-views'
import { modelFixture, providerFixture } from '../support/fake-providers'
import { renderOpenConversation } from '../support/render-chat'
import { serverStateFixture, stdioConfigFixture, toolFixture } from '../support/server-fixtures'

function viewApi(options: { sandbox?: boolean } = {}): FakeDeskApi {
  const config = stdioConfigFixture({ id: 'clock', name: 'Clock' })
  const mock = providerFixture({ id: 'mock', name: 'Mock', models: [modelFixture('m')] })
  const api = new FakeDeskApi({
    info: options.sandbox === false ? {} : { viewSandbox: { origin: 'http://127.0.0.1:4999' } },
    settings: { models: { providers: [mock], defaultModel: 'mock/m', recentModels: [] } },
    servers: [
      {
        config,
        state: serverStateFixture(config, {
          tools: [
            toolFixture(
              {
                name: 'get-time',
                title: 'Current time',
                ui: {
                  resourceUri: 'ui://clock/view.html',
                  view: { fingerprint: 'a'.repeat(64), bytes: 120, prefersBorder: true },
                },
              },
              'clock',
            ),
          ],
        }),
      },
    ],
  })
  api.views.documents.set('clock/get-time', viewDocumentFixture())
  return api
}

function records(): TranscriptRecord[] {
  return [
    recordFixture({ type: 'user', turnId: 't1', text: 'What time is it?' }),
    recordFixture({
      type: 'tool_call',
      turnId: 't1',
      callId: 'c1',
      exposedName: 'mcp_clock_get-time',
      serverId: 'clock',
      toolName: 'get-time',
      arguments: {},
    }),
    recordFixture({
      type: 'tool_result',
      turnId: 't1',
      callId: 'c1',
      state: 'completed',
      text: '12:00',
      view: { resourceUri: 'ui://clock/view.html', result: { content: [{ type: 'text', text: '12:00' }] } },
    }),
  ]
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('a tool result with a view', () => {
  it('shows the view under the result with its header, and folds the text result', async () => {
    await renderOpenConversation(records(), { api: viewApi() })
    const section = await screen.findByTestId('tool-result-view')
    expect(section.textContent).toContain('View of Current time · Clock')
    expect(section.classList.contains('tool-result-view--bordered')).toBe(true)
    expect(await within(section).findByTestId('app-view-frame')).toBeDefined()
    const result = screen.getByText('Result').closest('details')!
    expect(result.open).toBe(false)
    expect(result.textContent).toContain('12:00')
  })

  it('goes full screen with a visible exit, which Escape also takes, and gives focus back', async () => {
    await renderOpenConversation(records(), { api: viewApi() })
    await screen.findByTestId('app-view-frame')
    const button = screen.getByRole('button', { name: 'Show the view of Current time full screen' })
    button.focus()
    fireEvent.click(button)
    const overlay = screen.getByRole('dialog', { name: 'View of get-time · Clock' })
    expect(overlay.getAttribute('data-display-mode')).toBe('fullscreen')
    const exit = within(overlay).getByRole('button', { name: 'Exit full screen' })
    await waitFor(() => expect(document.activeElement).toBe(exit))
    // The same frame: moving an iframe would reload the view and lose its state.
    expect(within(overlay).getByTestId('app-view-frame')).toBeDefined()
    fireEvent.keyDown(document, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(button)
  })

  it('says why when the window has no sandbox for views, and keeps the text result', async () => {
    await renderOpenConversation(records(), { api: viewApi({ sandbox: false }) })
    expect((await screen.findByTestId('app-view-problem')).textContent).toBe(
      'This window cannot show tool views (it has no sandbox for them).',
    )
    const result = screen.getByText('Result').closest('details')!
    expect(result.textContent).toContain('12:00')
    // Nothing to look at in place of the view: the text result is unfolded.
    await waitFor(() => expect(result.open).toBe(true))
  })
})

describe('a message from a view', () => {
  it('says the view wrote it, and what views told the model with it', async () => {
    await renderOpenConversation(
      [
        recordFixture({
          type: 'user',
          turnId: 't2',
          text: 'Show Q4 too',
          fromView: { serverId: 'clock', toolName: 'get-time' },
          viewContext: [{ serverId: 'clock', toolName: 'get-time', text: 'Selected: Q3' }],
        }),
      ],
      { api: viewApi() },
    )
    expect(screen.getByTestId('chat-from-view').textContent).toBe('Sent by the view of get-time · Clock')
    const context = screen.getByTestId('chat-view-context')
    expect(context.textContent).toContain('get-time · Clock: Selected: Q3')
  })
})

describe('a tool-call card from a view', () => {
  const viewCard = (instanceId: string) =>
    toolCallCardFixture({
      id: 'view-card',
      serverId: 'clock',
      serverName: 'Clock',
      toolName: 'poll-stats',
      exposedName: 'mcp_clock_poll-stats',
      view: { instanceId, toolName: 'get-time' },
    })

  it('reads "from the view of" and waits in the drawer while its view is not on screen', async () => {
    const api = viewApi()
    const { store } = await renderOpenConversation([], { api })
    act(() => api.chat.showToolCall(viewCard('gone')))
    const card = await within(screen.getByTestId('transcript')).findByTestId('tool-call-card')
    expect(within(card).getByRole('heading').textContent).toBe(
      'Call poll-stats on Clock, from the view of get-time',
    )
    expect(card.textContent).toContain('Tool call from a view')
    expect(screen.getByTestId('approvals-bell').getAttribute('aria-label')).toBe('Pending approvals: 1')
    // Of no open conversation: the drawer has it.
    await act(() => store.getState().openConversation(api.chat.conversations.keys().next().value!))
    act(() => api.chat.showToolCall({ ...viewCard('gone'), conversationId: 'servers-panel' }))
    act(() => store.getState().openDrawer('approvals'))
    const drawer = await screen.findByTestId('approvals-panel')
    expect(within(drawer).getByTestId('tool-call-card').textContent).toContain(
      'From a view opened in the servers panel.',
    )
  })

  it('is shown beside its view, not again at the end of the transcript', async () => {
    const api = viewApi()
    const { store } = await renderOpenConversation(records(), { api })
    await screen.findByTestId('app-view-frame')
    const [instanceId] = store.getState().viewsOnScreen
    expect(instanceId).toBeDefined()
    act(() => api.chat.showToolCall(viewCard(instanceId!)))
    const view = screen.getByTestId('app-view')
    await within(view).findByTestId('tool-call-card')
    expect(screen.getAllByTestId('tool-call-card')).toHaveLength(1)
  })
})
