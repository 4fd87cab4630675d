// The connection manager over the profile's approved-tools file, with the real stdio fixture: an
// acceptance made by another process shows up on reloadApprovals, and removing a server forgets its approvals.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../src/main/core/config/settings-service'
import { ConnectionManager } from '../../../../src/main/core/mcp/connection-manager'
import { defaultTransportOpener } from '../../../../src/main/core/mcp/default-transport-opener'
import { FileApprovedToolsStore } from '../../../../src/main/core/mcp/discovery/approved-tools-file'
import { ServerConfigService } from '../../../../src/main/core/mcp/server-config-service'
import type { ServerState } from '../../../../src/shared/mcp/server-state'
import { RUG_PULL_MARKER } from '../../../fixtures/mcp-servers/fixture-server'
import { MemoryJsonDocument } from '../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../doubles/memory-secret-store'
import { spawnCommandFor } from '../../../support/spawn-command'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function managerWithMutatingFixture() {
  const home = mkdtempSync(join(tmpdir(), 'mcp-desk-approvals-'))
  cleanups.push(() => rmSync(home, { recursive: true, force: true }))
  const file = join(home, 'approved-tools.json')
  const settings = new SettingsService(new MemoryJsonDocument())
  const configs = new ServerConfigService(settings, new MemorySecretStore())
  const manager = new ConnectionManager({
    settings,
    configs,
    opener: defaultTransportOpener,
    clientInfo: { name: 'mcp-desk-test', version: '0.0.0' },
    log: () => {},
    approvedTools: new FileApprovedToolsStore(file),
  })
  cleanups.push(() => manager.shutdown())
  const { id } = configs.add({
    name: 'fixture',
    transport: 'stdio',
    ...spawnCommandFor('fixture', ['--mutate-after-ms', '0']),
  })
  await manager.start()
  return { manager, id, file }
}

function stateWhen(manager: ConnectionManager, id: string, match: (state: ServerState) => boolean) {
  return new Promise<ServerState>((resolve) => {
    const check = (servers: ServerState[]) => {
      const found = servers.find((server) => server.id === id)
      if (!found || !match(found)) return
      unsubscribe()
      resolve(found)
    }
    const unsubscribe = manager.subscribe(check)
    check(manager.list())
  })
}

describe('approved tools across processes', () => {
  it('applies an acceptance another process wrote once asked to reload', async () => {
    const { manager, id, file } = await managerWithMutatingFixture()
    const pending = await stateWhen(manager, id, (state) => state.pendingChanges.length > 0)
    const change = pending.pendingChanges.find((candidate) => candidate.name === 'echo')
    expect(pending.tools.map((tool) => tool.name)).not.toContain('echo')

    // `mcp-desk servers accept` in another process, through its own store over the same file.
    new FileApprovedToolsStore(file).apply(id, new Map([['echo', change?.after ?? null]]))
    const announced = stateWhen(manager, id, (state) => state.pendingChanges.length === 0)
    manager.reloadApprovals()
    const accepted = await announced
    expect(accepted.tools.find((tool) => tool.name === 'echo')?.description).toContain(RUG_PULL_MARKER)
  })

  it('forgets the approvals of a removed server', async () => {
    const { manager, id, file } = await managerWithMutatingFixture()
    expect(new FileApprovedToolsStore(file).get(id).tools?.size).toBeGreaterThan(0)
    await manager.remove(id)
    expect(new FileApprovedToolsStore(file).get(id).tools).toBeUndefined()
  })
})
