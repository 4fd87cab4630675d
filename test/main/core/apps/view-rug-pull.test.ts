// The rug-pull guard covers views (issue 22): a view whose HTML changes after approval makes its tools a
// pending change (field 'ui'), hidden from models and refused to views, until the user accepts; a view that
// cannot be read for a moment is not a change. The app-server fixture over stdio changes its own view.
import { afterEach, describe, expect, it } from 'vitest'
import type { ServerState } from '../../../../src/shared/mcp/server-state'
import { appServer, connected, startAppsHost, type AppsHost } from './support/apps-host'

const hosts: AppsHost[] = []
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close()
})

const probePending = (state: ServerState): boolean =>
  state.pendingChanges.some((change) => change.name === 'show-probe')

function offeredToolNames(host: AppsHost): string[] {
  const body = host.mock.requests.at(-1)?.body as { tools?: Array<{ function: { name: string } }> }
  return (body.tools ?? []).map((entry) => entry.function.name)
}

async function textTurn(host: AppsHost): Promise<void> {
  const { id } = await host.call('chat:create', {})
  host.mock.enqueue({ kind: 'text', chunks: ['Hello.'] })
  const { turnId } = await host.call('chat:send', { id, text: 'Say hello' })
  await host.events.waitFor('chat:turn', (event) => event.turnId === turnId && event.state !== 'running')
}

describe('a view changed after approval', () => {
  it('is a pending change of its tools (field ui), hidden and refused until accepted', async () => {
    const host = await startAppsHost([appServer('app')])
    hosts.push(host)
    const before = await host.serverWhen('app', connected)
    const approvedView = before.tools.find((tool) => tool.name === 'show-probe')?.ui?.view
    expect(approvedView).toBeDefined()
    const opened = await host.call('views:open', { serverId: 'app', toolName: 'show-probe' })
    expect(opened.fingerprint).toBe(approvedView?.fingerprint)

    await host.composed.servers.connection('app').callTool('bump-view', {})
    const changed = await host.serverWhen('app', probePending)
    const change = changed.pendingChanges.find((candidate) => candidate.name === 'show-probe')
    expect(change).toMatchObject({ kind: 'changed', fields: ['ui'] })
    expect(change?.after?.ui?.view?.fingerprint).not.toBe(approvedView?.fingerprint)
    // Both tools that name the view changed; the rest did not.
    expect(changed.pendingChanges.map((candidate) => candidate.name).sort()).toEqual(['report', 'show-probe'])
    expect(changed.tools.map((tool) => tool.name)).not.toContain('show-probe')
    expect(changed.tools.map((tool) => tool.name)).toContain('ping')

    await expect(host.call('views:open', { serverId: 'app', toolName: 'show-probe' })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('review the change in the servers panel'),
    })
    await expect(host.composed.servers.connection('app').callTool('show-probe', {})).rejects.toThrow(
      /changed its definition/,
    )
    await textTurn(host)
    expect(offeredToolNames(host)).not.toContain('mcp_app_show-probe')
    expect(offeredToolNames(host)).toContain('mcp_app_ping')

    const accepted = await host.call('servers:accept-tool-changes', {
      id: 'app',
      changes: changed.pendingChanges.map((pending) => ({
        name: pending.name,
        fingerprint: pending.afterFingerprint ?? null,
      })),
    })
    expect(accepted.pendingChanges).toEqual([])
    const reopened = await host.call('views:open', { serverId: 'app', toolName: 'show-probe' })
    expect(reopened.html).toContain('<!-- bump 1 -->')
    await textTurn(host)
    expect(offeredToolNames(host)).toContain('mcp_app_show-probe')
  })

  it('is not a change while it only cannot be read (viewError), and opens again once it can', async () => {
    const host = await startAppsHost([appServer('app')])
    hosts.push(host)
    const before = await host.serverWhen('app', connected)
    const fingerprint = before.tools.find((tool) => tool.name === 'show-probe')?.ui?.view?.fingerprint

    await host.composed.servers.connection('app').callTool('fail-view-reads', { fail: true })
    const failing = await host.serverWhen('app', (state) =>
      state.tools.some((tool) => tool.name === 'show-probe' && tool.ui?.viewError !== undefined),
    )
    expect(failing.pendingChanges).toEqual([])
    const probe = failing.tools.find((tool) => tool.name === 'show-probe')
    expect(probe?.ui?.viewError).toContain('the view is unavailable right now')
    // Judged by (and shown with) the approved view, so the tool stays usable, and its view still opens.
    expect(probe?.ui?.view?.fingerprint).toBe(fingerprint)
    const during = await host.call('views:open', { serverId: 'app', toolName: 'show-probe' })
    expect(during.fingerprint).toBe(fingerprint)

    await host.composed.servers.connection('app').callTool('fail-view-reads', { fail: false })
    const healed = await host.serverWhen('app', (state) =>
      state.tools.some((tool) => tool.name === 'show-probe' && tool.ui?.viewError === undefined),
    )
    expect(healed.pendingChanges).toEqual([])
    const opened = await host.call('views:open', { serverId: 'app', toolName: 'show-probe' })
    expect(opened.fingerprint).toBe(fingerprint)
  })
})
