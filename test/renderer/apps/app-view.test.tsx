import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppView } from '../../../src/renderer/src/apps/app-view'
import type { ViewDisplayMode } from '../../../src/renderer/src/apps/view-host-context'
import { createAppStore, type AppStore } from '../../../src/renderer/src/app/app-store'
import { StoreProvider } from '../../../src/renderer/src/app/store-context'
import { FakeDeskApi } from '../support/fake-desk-api'
import { FakeViewFrame } from '../support/fake-view-frame'
import { viewDocumentFixture } from '../support/fake-views'
import { serverStateFixture, stdioConfigFixture, toolFixture } from '../support/server-fixtures'

const SANDBOX = { origin: 'http://127.0.0.1:4999' }
const INPUT = { arguments: { zone: 'UTC' }, result: { content: [{ type: 'text', text: '12:00' }] } }

function clockApi(): FakeDeskApi {
  const config = stdioConfigFixture({ id: 'clock', name: 'Clock' })
  const api = new FakeDeskApi({
    info: { viewSandbox: SANDBOX },
    servers: [
      {
        config,
        state: serverStateFixture(config, {
          tools: [toolFixture({ name: 'get-time', title: 'Current time' }, 'clock')],
        }),
      },
    ],
  })
  api.views.documents.set(
    'clock/get-time',
    viewDocumentFixture({ csp: { connectDomains: ['https://api.example.com'] }, permissions: {} }),
  )
  return api
}

async function renderView(
  api: FakeDeskApi,
  props: { conversationId?: string; displayMode?: ViewDisplayMode; heightKey?: string } = {},
): Promise<{ store: AppStore; frame: FakeViewFrame; unmount: () => void; modes: ViewDisplayMode[] }> {
  const store = createAppStore({ api })
  await store.getState().start()
  const modes: ViewDisplayMode[] = []
  const view = render(
    <StoreProvider store={store}>
      <AppView
        serverId="clock"
        toolName="get-time"
        conversationId={props.conversationId}
        input={INPUT}
        displayMode={props.displayMode ?? 'inline'}
        onDisplayMode={(mode) => modes.push(mode)}
        {...(props.heightKey ? { heightKey: props.heightKey } : {})}
      />
    </StoreProvider>,
  )
  const iframe = await screen.findByTestId<HTMLIFrameElement>('app-view-frame')
  const frame = new FakeViewFrame(iframe.contentWindow!)
  await connected(store)
  return { store, frame, unmount: view.unmount, modes }
}

/** The bridge listens once the view is on screen (its instance known): only then can the proxy be heard. */
async function connected(store: AppStore): Promise<void> {
  await waitFor(() => expect(store.getState().viewsOnScreen).toHaveLength(1))
}

async function ready(frame: FakeViewFrame): Promise<void> {
  frame.notify('ui/notifications/sandbox-proxy-ready')
  await waitFor(() => expect(frame.notifications('ui/notifications/sandbox-resource-ready')).toHaveLength(1))
  await frame.initialize((check) => waitFor(check))
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('AppView', () => {
  it('frames the sandbox proxy with a title, the strict sandbox and no allow list when nothing was asked', async () => {
    await renderView(clockApi())
    const iframe = screen.getByTestId<HTMLIFrameElement>('app-view-frame')
    expect(iframe.title).toBe('View of the tool get-time from the server Clock')
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin')
    expect(iframe.hasAttribute('allow')).toBe(false)
    const url = new URL(iframe.src)
    expect(url.origin).toBe(SANDBOX.origin)
    expect(JSON.parse(url.searchParams.get('csp')!)).toEqual({ connectDomains: ['https://api.example.com'] })
  })

  it('allows only the declared permissions', async () => {
    const api = clockApi()
    api.views.documents.set('clock/get-time', viewDocumentFixture({ permissions: { clipboardWrite: {} } }))
    await renderView(api)
    expect(screen.getByTestId('app-view-frame').getAttribute('allow')).toBe('clipboard-write')
  })

  it('sends the approved HTML once the proxy is ready, then the input and result once the view is initialized', async () => {
    const { frame } = await renderView(clockApi())
    expect(frame.notifications('ui/notifications/sandbox-resource-ready')).toHaveLength(0)
    frame.notify('ui/notifications/sandbox-proxy-ready')
    await waitFor(() =>
      expect(frame.notifications('ui/notifications/sandbox-resource-ready')).toHaveLength(1),
    )
    expect(frame.notifications('ui/notifications/sandbox-resource-ready')[0]!.params).toEqual({
      html: '<!doctype html><p>time</p>',
      csp: { connectDomains: ['https://api.example.com'] },
      permissions: {},
    })
    expect(frame.notifications('ui/notifications/tool-input')).toHaveLength(0)
    await frame.initialize((check) => waitFor(check))
    await waitFor(() => expect(frame.notifications('ui/notifications/tool-result')).toHaveLength(1))
    expect(frame.notifications('ui/notifications/tool-input')[0]!.params).toEqual({
      arguments: { zone: 'UTC' },
    })
    expect(frame.notifications('ui/notifications/tool-result')[0]!.params).toMatchObject(INPUT.result)
    const inputAt = frame.received.findIndex((m) => m.method === 'ui/notifications/tool-input')
    const resultAt = frame.received.findIndex((m) => m.method === 'ui/notifications/tool-result')
    expect(inputAt).toBeLessThan(resultAt)
  })

  it('tells the view its host context: theme, display modes, platform and the tool', async () => {
    const { frame } = await renderView(clockApi())
    frame.notify('ui/notifications/sandbox-proxy-ready')
    const id = frame.request('ui/initialize', {
      protocolVersion: '2026-01-26',
      appInfo: { name: 'v', version: '1' },
      appCapabilities: {},
    })
    await waitFor(() => expect(frame.answerTo(id)).toBeDefined())
    const context = frame.answerTo(id)!.result!.hostContext as Record<string, unknown>
    expect(context).toMatchObject({
      theme: 'light',
      displayMode: 'inline',
      availableDisplayModes: ['inline', 'fullscreen'],
      platform: 'desktop',
      toolInfo: { tool: { name: 'get-time', title: 'Current time' } },
    })
  })

  it('tells the view when the theme or the display mode changes', async () => {
    const api = clockApi()
    const store = createAppStore({ api })
    await store.getState().start()
    const tree = (mode: ViewDisplayMode) => (
      <StoreProvider store={store}>
        <AppView
          serverId="clock"
          toolName="get-time"
          input={INPUT}
          displayMode={mode}
          onDisplayMode={() => {}}
        />
      </StoreProvider>
    )
    const view = render(tree('inline'))
    const iframe = await screen.findByTestId<HTMLIFrameElement>('app-view-frame')
    const frame = new FakeViewFrame(iframe.contentWindow!)
    await connected(store)
    await ready(frame)
    await act(() => store.getState().setTheme('dark'))
    await waitFor(() =>
      expect(frame.notifications('ui/notifications/host-context-changed').at(-1)?.params).toMatchObject({
        theme: 'dark',
      }),
    )
    view.rerender(tree('fullscreen'))
    await waitFor(() =>
      expect(frame.notifications('ui/notifications/host-context-changed').at(-1)?.params).toMatchObject({
        displayMode: 'fullscreen',
      }),
    )
  })

  it('survives React’s development double mount: one session answers, and a closed instance id is never reused', async () => {
    const api = clockApi()
    api.views.results.set('get-time', { content: [] })
    const store = createAppStore({ api })
    await store.getState().start()
    render(
      <StrictMode>
        <StoreProvider store={store}>
          <AppView
            serverId="clock"
            toolName="get-time"
            input={INPUT}
            displayMode="inline"
            onDisplayMode={() => {}}
          />
        </StoreProvider>
      </StrictMode>,
    )
    const iframe = await screen.findByTestId<HTMLIFrameElement>('app-view-frame')
    const frame = new FakeViewFrame(iframe.contentWindow!)
    await connected(store)
    await ready(frame)
    expect(frame.notifications('ui/notifications/sandbox-resource-ready')).toHaveLength(1)
    const id = frame.request('tools/call', { name: 'get-time', arguments: {} })
    await waitFor(() => expect(frame.answerTo(id)?.result).toBeDefined())
    const [request] = api.callsTo('views:call-tool') as Array<{ view: { instanceId: string } }>
    expect(api.views.closed).not.toContain(request!.view.instanceId)
    expect(store.getState().viewsOnScreen).toEqual([request!.view.instanceId])
  })

  it('ignores messages that do not come from its frame', async () => {
    const { frame } = await renderView(clockApi())
    // The window itself stands in for any other sender (another frame, an extension).
    frame.post({ method: 'ui/notifications/sandbox-proxy-ready', params: {} }, window)
    await act(() => Promise.resolve())
    expect(frame.notifications('ui/notifications/sandbox-resource-ready')).toHaveLength(0)
  })

  it('sends a tools/call to views:call-tool with the view as origin, and returns a denial as a JSON-RPC error', async () => {
    const api = clockApi()
    api.views.results.set('get-time', { content: [{ type: 'text', text: '13:00' }] })
    const { frame } = await renderView(api, { conversationId: 'c1' })
    await ready(frame)
    const allowed = frame.request('tools/call', { name: 'get-time', arguments: { zone: 'CET' } })
    await waitFor(() => expect(frame.answerTo(allowed)).toBeDefined())
    expect(frame.answerTo(allowed)!.result).toMatchObject({ content: [{ type: 'text', text: '13:00' }] })
    const [request] = api.callsTo('views:call-tool') as Array<Record<string, unknown>>
    expect(request).toEqual({
      view: {
        instanceId: expect.any(String),
        conversationId: 'c1',
        serverId: 'clock',
        toolName: 'get-time',
      },
      toolName: 'get-time',
      arguments: { zone: 'CET' },
    })

    const denied = frame.request('tools/call', { name: 'delete-all', arguments: {} })
    await waitFor(() => expect(frame.answerTo(denied)).toBeDefined())
    expect(frame.answerTo(denied)!.error?.message).toContain('The user denied delete-all')
  })

  it('refuses a fifth tool call at once while four are outstanding', async () => {
    const api = clockApi()
    api.views.results.set('get-time', { content: [] })
    api.views.holdCalls = true
    const { frame } = await renderView(api)
    await ready(frame)
    const ids = [1, 2, 3, 4, 5].map(() => frame.request('tools/call', { name: 'get-time', arguments: {} }))
    await waitFor(() => expect(frame.answerTo(ids[4]!)).toBeDefined())
    expect(frame.answerTo(ids[4]!)!.error?.message).toMatch(/at most 4/)
    expect(ids.slice(0, 4).map((id) => frame.answerTo(id))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect(api.callsTo('views:call-tool')).toHaveLength(4)
    act(() => api.views.releaseCalls())
    await waitFor(() => expect(frame.answerTo(ids[3]!)?.result).toBeDefined())
  })

  it('asks before opening a link, naming its host, and opens it only on "Open in browser"', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const { frame } = await renderView(clockApi())
    await ready(frame)
    const declined = frame.request('ui/open-link', { url: 'https://evil.example.com/path?q=1' })
    const dialog = await screen.findByTestId('open-link-dialog')
    expect(screen.getByTestId('link-url-host').textContent).toBe('evil.example.com')
    expect(dialog.textContent).toContain('https://evil.example.com/path?q=1')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(frame.answerTo(declined)).toBeDefined())
    expect(frame.answerTo(declined)!.result).toEqual({ isError: true })
    expect(open).not.toHaveBeenCalled()

    const accepted = frame.request('ui/open-link', { url: 'https://docs.example.com/' })
    fireEvent.click(await screen.findByRole('button', { name: 'Open in browser' }))
    await waitFor(() => expect(frame.answerTo(accepted)).toBeDefined())
    expect(frame.answerTo(accepted)!.result).toEqual({})
    expect(open).toHaveBeenCalledWith('https://docs.example.com/', '_blank', 'noopener,noreferrer')
  })

  it('keeps what the view tells the model for its conversation', async () => {
    const api = clockApi()
    const { frame } = await renderView(api, { conversationId: 'c1' })
    await ready(frame)
    const id = frame.request('ui/update-model-context', {
      content: [{ type: 'text', text: 'Selected: Q3' }],
      structuredContent: { quarter: 3 },
    })
    await waitFor(() => expect(frame.answerTo(id)?.result).toEqual({}))
    const [update] = [...api.views.modelContext.values()]
    expect(update).toMatchObject({
      view: { conversationId: 'c1', serverId: 'clock', toolName: 'get-time' },
      content: [{ type: 'text', text: 'Selected: Q3' }],
      structuredContent: { quarter: 3 },
    })
  })

  it('refuses ui/message from a view outside any conversation, and posts it in its conversation otherwise', async () => {
    const api = clockApi()
    const outside = await renderView(api)
    await ready(outside.frame)
    const refused = outside.frame.request('ui/message', {
      role: 'user',
      content: [{ type: 'text', text: 'hi' }],
    })
    await waitFor(() => expect(outside.frame.answerTo(refused)).toBeDefined())
    expect(outside.frame.answerTo(refused)!.error?.message).toMatch(/not in a conversation/)
    expect(api.callsTo('chat:send')).toHaveLength(0)
    outside.unmount()

    const inside = await renderView(api, { conversationId: 'c1' })
    await ready(inside.frame)
    inside.frame.request('ui/message', { role: 'user', content: [{ type: 'text', text: 'Show Q4 too' }] })
    await waitFor(() => expect(api.callsTo('chat:send')).toHaveLength(1))
    expect(api.callsTo('chat:send')[0]).toEqual({
      id: 'c1',
      text: 'Show Q4 too',
      fromView: { serverId: 'clock', toolName: 'get-time' },
    })
  })

  it('asks the view to tear down and tells the host it is closed when unmounted', async () => {
    const api = clockApi()
    const { frame, unmount } = await renderView(api)
    await ready(frame)
    const [call] = api.callsTo('views:open')
    expect(call).toEqual({ serverId: 'clock', toolName: 'get-time' })
    unmount()
    await waitFor(() => expect(frame.notifications('ui/resource-teardown')).toHaveLength(1))
    const teardown = frame.notifications('ui/resource-teardown')[0]!
    frame.post({ id: teardown.id!, result: {} })
    await waitFor(() => expect(api.views.closed).toHaveLength(1))
    expect(api.views.closed[0]).toMatch(/[0-9a-f-]{36}/)
  })

  it('takes the view down when it asks (ui/request-teardown), and shows it again on the user’s word', async () => {
    const api = clockApi()
    const { frame, store } = await renderView(api)
    await ready(frame)
    frame.notify('ui/notifications/request-teardown')
    await screen.findByTestId('app-view-closed')
    expect(screen.queryByTestId('app-view-frame')).toBeNull()
    await waitFor(() => expect(api.views.closed).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Show the view again' }))
    await screen.findByTestId('app-view-frame')
    // A new session for the new frame: on screen again under a new instance id.
    await connected(store)
  })

  it('changes display mode on request and answers with the mode it now has', async () => {
    const { frame, modes } = await renderView(clockApi())
    await ready(frame)
    const id = frame.request('ui/request-display-mode', { mode: 'fullscreen' })
    await waitFor(() => expect(frame.answerTo(id)).toBeDefined())
    expect(frame.answerTo(id)!.result).toMatchObject({ mode: 'fullscreen' })
    expect(modes).toEqual(['fullscreen'])
    const pip = frame.request('ui/request-display-mode', { mode: 'pip' })
    await waitFor(() => expect(frame.answerTo(pip)).toBeDefined())
    expect(frame.answerTo(pip)!.result).toMatchObject({ mode: 'inline' })
  })

  it('clamps the size the view asks for and keeps only the last 50 log lines', async () => {
    const { frame } = await renderView(clockApi())
    await ready(frame)
    frame.notify('ui/notifications/size-changed', { height: 99999 })
    await waitFor(() => expect(screen.getByTestId('app-view-frame').style.height).toBe('2000px'))
    frame.notify('ui/notifications/size-changed', { height: 3 })
    await waitFor(() => expect(screen.getByTestId('app-view-frame').style.height).toBe('80px'))
    for (let line = 0; line < 60; line++)
      frame.notify('notifications/message', { level: 'info', data: `line ${line}` })
    await waitFor(() => expect(screen.getByText('View log (50)')).toBeDefined())
    expect(screen.getByTestId('app-view-log').textContent).toContain('line 59')
    expect(screen.getByTestId('app-view-log').textContent).not.toContain('line 9 ')
  })

  it('comes back at the height it had: a transcript row mounted again does not grow under the reader', async () => {
    const first = await renderView(clockApi(), { heightKey: 'turn-1/call-1' })
    await ready(first.frame)
    first.frame.notify('ui/notifications/size-changed', { height: 640 })
    await waitFor(() => expect(screen.getByTestId('app-view-frame').style.height).toBe('640px'))
    first.unmount()
    // Mounted again (scrolled back into the row window): the frame starts at 640 before the view says a word.
    await renderView(clockApi(), { heightKey: 'turn-1/call-1' })
    expect(screen.getByTestId('app-view-frame').style.height).toBe('640px')
    cleanup()
    await renderView(clockApi(), { heightKey: 'turn-2/call-1' })
    expect(screen.getByTestId('app-view-frame').style.height).toBe('240px')
  })

  it('says in one line why a view cannot be shown: no sandbox, or the host refused to open it', async () => {
    const api = clockApi()
    api.views.refusals.set('clock/get-time', 'the view changed and waits for your review')
    const store = createAppStore({ api })
    await store.getState().start()
    render(
      <StoreProvider store={store}>
        <AppView
          serverId="clock"
          toolName="get-time"
          input={INPUT}
          displayMode="inline"
          onDisplayMode={() => {}}
        />
      </StoreProvider>,
    )
    expect((await screen.findByTestId('app-view-problem')).textContent).toBe(
      'The view cannot be shown: the view changed and waits for your review',
    )
    expect(screen.queryByTestId('app-view-frame')).toBeNull()
  })
})
