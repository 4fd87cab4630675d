// The views:* channels through the host's dispatcher (issue 22), against the app-server fixture and the npm
// basic App server over stdio, with the mock OpenAI provider: a view's calls wait on tool-call cards like the
// model's, reach only app-visible tools of the view's own server, are bounded per view, and what a view
// tells the model rides with the conversation's next message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ToolCallCard } from '../../../../src/shared/chat/tool-call-card'
import type { TranscriptRecord } from '../../../../src/shared/chat/transcript-schema'
import type { ViewOrigin } from '../../../../src/shared/apps/view-schema'
import { MAX_VIEW_CALLS_OUTSTANDING } from '../../../../src/main/core/apps/view-service'
import { appServer, connected, npmAppServer, startAppsHost, type AppsHost } from './support/apps-host'

let host: AppsHost
let conversationId: string
beforeAll(async () => {
  host = await startAppsHost([appServer('app'), npmAppServer('basic', 'server-basic-vanillajs')])
  await host.serverWhen('app', connected)
  await host.serverWhen('basic', connected)
  conversationId = (await host.call('chat:create', {})).id
})
afterAll(() => host.close())

function origin(instanceId: string, extra: Partial<ViewOrigin> = {}): ViewOrigin {
  return { instanceId, conversationId, serverId: 'app', toolName: 'show-probe', ...extra }
}

/** The pending card of this view instance, now or when it arrives. */
async function cardOf(instanceId: string): Promise<ToolCallCard> {
  const event = await host.events.waitFor('chat:tool-calls', ({ cards }) =>
    cards.some((card) => card.view?.instanceId === instanceId),
  )
  const card = event.cards.find((candidate) => candidate.view?.instanceId === instanceId)
  if (!card) throw new Error('no card')
  return card
}

async function pendingCards(): Promise<ToolCallCard[]> {
  return (await host.call('chat:tool-calls', {})).cards
}

function records(id: string): TranscriptRecord[] {
  return host.events
    .events('chat:record')
    .filter((event) => event.conversationId === id)
    .map((event) => event.record)
}

async function reportCount(): Promise<number> {
  const result = await host.composed.servers.connection('app').callTool('report', { probe: true })
  return (result.structuredContent as { count: number }).count
}

describe('app:info', () => {
  it('says where views are sandboxed', async () => {
    expect((await host.call('app:info', {})).viewSandbox).toEqual({ origin: 'http://127.0.0.1:1' })
  })
})

describe('views:open', () => {
  it("serves the approved view's HTML and declarations; refuses a tool without a view", async () => {
    const document = await host.call('views:open', { serverId: 'app', toolName: 'show-probe' })
    expect(document).toMatchObject({
      serverId: 'app',
      serverName: 'app',
      resourceUri: 'ui://app-server/probe',
    })
    expect(document.html).toContain('<title>Isolation probe</title>')
    expect(document.csp).toEqual({})
    await expect(host.call('views:open', { serverId: 'app', toolName: 'ping' })).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(host.call('views:open', { serverId: 'nope', toolName: 'ping' })).rejects.toMatchObject({
      code: 'not_found',
    })
  })
})

describe('views:call-tool', () => {
  it('waits on a card marked with the view; approve sends once, approve-for-conversation is remembered', async () => {
    const first = host.call('views:call-tool', {
      view: origin('v1'),
      toolName: 'report',
      arguments: { n: 1 },
    })
    const card = await cardOf('v1')
    expect(card).toMatchObject({
      conversationId,
      serverId: 'app',
      toolName: 'report',
      view: { instanceId: 'v1', toolName: 'show-probe' },
    })
    await host.call('chat:decide-tool-call', { id: card.id, decision: 'approve' })
    const answered = await first
    expect(answered.result.structuredContent).toMatchObject({ received: { n: 1 } })

    const mark = host.events.count()
    const second = host.call('views:call-tool', {
      view: origin('v1'),
      toolName: 'report',
      arguments: { n: 2 },
    })
    const again = await host.events.waitFor(
      'chat:tool-calls',
      ({ cards }) => cards.some((candidate) => candidate.view?.instanceId === 'v1'),
      { after: mark },
    )
    const secondCard = again.cards.find((candidate) => candidate.view?.instanceId === 'v1')
    await host.call('chat:decide-tool-call', {
      id: secondCard?.id ?? '',
      decision: 'approve-for-conversation',
    })
    await second
    // Remembered for this view: no card this time.
    const third = await host.call('views:call-tool', {
      view: origin('v1'),
      toolName: 'report',
      arguments: { n: 3 },
    })
    expect(third.result.structuredContent).toMatchObject({ received: { n: 3 } })
    expect(host.logs.some((line) => line.includes('view of show-probe (app) calling report: approved'))).toBe(
      true,
    )
    expect(host.logs.join('\n')).not.toContain('"n"')
  })

  it('denied: nothing is sent and the view gets a denied failure', async () => {
    const before = await reportCount()
    const call = host.call('views:call-tool', { view: origin('v2'), toolName: 'report', arguments: { n: 9 } })
    const card = await cardOf('v2')
    await host.call('chat:decide-tool-call', { id: card.id, decision: 'deny' })
    await expect(call).rejects.toMatchObject({ code: 'denied' })
    expect(await reportCount()).toBe(before + 1)
  })

  it("refuses another server's tools and model-only tools before any card", async () => {
    await expect(
      host.call('views:call-tool', { view: origin('v3'), toolName: 'get-time', arguments: {} }),
    ).rejects.toMatchObject({ code: 'not_found' })
    await expect(
      host.call('views:call-tool', { view: origin('v3', { serverId: 'basic' }), toolName: 'report' }),
    ).rejects.toMatchObject({ code: 'not_found' })
    await expect(
      host.call('views:call-tool', { view: origin('v3'), toolName: 'model-only' }),
    ).rejects.toMatchObject({ code: 'denied' })
    expect((await pendingCards()).some((card) => card.view?.instanceId === 'v3')).toBe(false)
  })

  it('a view in the servers panel has cards of its own (view:<instanceId>)', async () => {
    const call = host.call('views:call-tool', {
      view: { instanceId: 'panel-1', serverId: 'app', toolName: 'show-probe' },
      toolName: 'report',
    })
    const card = await cardOf('panel-1')
    expect(card.conversationId).toBe('view:panel-1')
    await host.call('chat:decide-tool-call', { id: card.id, decision: 'approve' })
    await expect(call).resolves.toMatchObject({
      result: { structuredContent: { count: expect.any(Number) } },
    })
  })

  it(`refuses a flood at once: 200 calls from one view leave ${MAX_VIEW_CALLS_OUTSTANDING} cards`, async () => {
    const before = await reportCount()
    const calls = Array.from({ length: 200 }, (_, n) =>
      host.call('views:call-tool', { view: origin('flood'), toolName: 'report', arguments: { n } }).then(
        () => 'sent',
        (error: { code?: string }) => error.code ?? 'threw',
      ),
    )
    const refused = await Promise.all(calls.slice(MAX_VIEW_CALLS_OUTSTANDING))
    expect(refused.every((code) => code === 'unavailable')).toBe(true)
    const cards = (await pendingCards()).filter((card) => card.view?.instanceId === 'flood')
    expect(cards).toHaveLength(MAX_VIEW_CALLS_OUTSTANDING)

    // Taking the view down closes its cards: denied, nothing sent.
    await host.call('views:closed', { instanceId: 'flood' })
    expect(await Promise.all(calls.slice(0, MAX_VIEW_CALLS_OUTSTANDING))).toEqual(
      Array.from({ length: MAX_VIEW_CALLS_OUTSTANDING }, () => 'denied'),
    )
    expect((await pendingCards()).some((card) => card.view?.instanceId === 'flood')).toBe(false)
    expect(await reportCount()).toBe(before + 1)
  })
})

describe('views:try and views:read-resource', () => {
  it("calls the user's tool without a card and returns the raw result", async () => {
    const tried = await host.call('views:try', {
      serverId: 'app',
      toolName: 'show-probe',
      arguments: { label: 'x' },
    })
    expect(tried.result).toMatchObject({ structuredContent: { label: 'x' }, content: [{ type: 'text' }] })
    await expect(host.call('views:try', { serverId: 'app', toolName: 'ping' })).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it("reads a resource of the view's own server", async () => {
    const read = await host.call('views:read-resource', { view: origin('r1'), uri: 'ui://app-server/probe' })
    const contents = read.result.contents as Array<{ text?: string }>
    expect(contents[0]?.text).toContain('<title>Isolation probe</title>')
  })
})

describe("a view's model context and messages", () => {
  it('the latest context per view goes with the next message only, recorded with it', async () => {
    const { id } = await host.call('chat:create', {})
    const view = { instanceId: 'c1', conversationId: id, serverId: 'app', toolName: 'show-probe' }
    await host.call('views:update-model-context', {
      view,
      content: [{ type: 'text', text: 'Selected row 7' }],
    })
    await host.call('views:update-model-context', {
      view,
      content: [{ type: 'text', text: 'Selected row 9' }],
      structuredContent: { row: 9 },
    })
    const seen = host.mock.requests.length
    host.mock.enqueue({ kind: 'text', chunks: ['Row 9.'] })
    const { turnId } = await host.call('chat:send', {
      id,
      text: 'Which row is selected?',
      fromView: { serverId: 'app', toolName: 'show-probe' },
    })
    await host.events.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
    const sent = host.mock.requests
      .slice(seen)
      .map((request) => request.rawBody)
      .join('\n')
    expect(sent).toContain('Context from the view of show-probe (app): Selected row 9')
    expect(sent).toContain('{\\"row\\":9}')
    expect(sent).not.toContain('Selected row 7')
    const user = records(id).find((record) => record.type === 'user')
    expect(user).toMatchObject({
      text: 'Which row is selected?',
      fromView: { serverId: 'app', toolName: 'show-probe' },
      viewContext: [
        { serverId: 'app', toolName: 'show-probe', text: expect.stringContaining('Selected row 9') },
      ],
    })

    // Taken: the next message goes without it (the history still carries it where it was said).
    const next = host.mock.requests.length
    host.mock.enqueue({ kind: 'text', chunks: ['Ok.'] })
    const again = await host.call('chat:send', { id, text: 'Thanks' })
    await host.events.waitFor(
      'chat:turn',
      (event) => event.turnId === again.turnId && event.state !== 'running',
    )
    const body = host.mock.requests[next]?.body as { messages: Array<{ role: string; content: unknown }> }
    const lastUser = body.messages.filter((message) => message.role === 'user').at(-1)
    expect(JSON.stringify(lastUser)).not.toContain('Context from the view')
  })

  it("refuses a model's call of an app-only tool before anything is sent", async () => {
    const before = await reportCount()
    const { id } = await host.call('chat:create', {})
    host.mock.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call-r', name: 'mcp_app_report', arguments: '{}' }] },
      { kind: 'text', chunks: ['Could not.'] },
    )
    const seen = host.mock.requests.length
    const { turnId } = await host.call('chat:send', { id, text: 'Report something' })
    await host.events.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
    const offered = (host.mock.requests[seen]?.body as { tools?: Array<{ function: { name: string } }> })
      .tools
    expect(offered?.map((tool) => tool.function.name)).not.toContain('mcp_app_report')
    expect(records(id).find((record) => record.type === 'tool_result')).toMatchObject({ sent: false })
    expect(await reportCount()).toBe(before + 1)
  })

  it("a model's call of a tool with a view keeps the raw result for the view, not structuredContent for the model", async () => {
    const { id } = await host.call('chat:create', {})
    host.mock.enqueue(
      {
        kind: 'tool_calls',
        calls: [{ id: 'call-1', name: 'mcp_app_show-probe', arguments: JSON.stringify({ label: 'shown' }) }],
      },
      { kind: 'text', chunks: ['Shown.'] },
    )
    const seen = host.mock.requests.length
    const { turnId } = await host.call('chat:send', { id, text: 'Show the probe' })
    const card = await host.events.waitFor('chat:tool-calls', ({ cards }) =>
      cards.some((candidate) => candidate.conversationId === id),
    )
    const modelCard = card.cards.find((candidate) => candidate.conversationId === id)
    expect(modelCard?.view).toBeUndefined()
    await host.call('chat:decide-tool-call', { id: modelCard?.id ?? '', decision: 'approve' })
    await host.events.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')

    const result = records(id).find((record) => record.type === 'tool_result')
    expect(result).toMatchObject({
      state: 'completed',
      text: 'probe shown: shown',
      view: {
        resourceUri: 'ui://app-server/probe',
        result: { structuredContent: { label: 'shown', shownAt: 1 } },
      },
    })
    const toModel = host.mock.requests
      .slice(seen)
      .map((request) => request.rawBody)
      .join('\n')
    expect(toModel).toContain('probe shown: shown')
    expect(toModel).not.toContain('shownAt')
  })
})
