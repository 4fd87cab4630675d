import { afterEach, describe, expect, it } from 'vitest'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ConnectionManager } from '../../../../../src/main/core/mcp/connection-manager'
import { ServerConfigService } from '../../../../../src/main/core/mcp/server-config-service'
import { defaultTransportOpener } from '../../../../../src/main/core/mcp/default-transport-opener'
import { LiveToolIndex } from '../../../../../src/main/core/tools/loading/live-tool-index'
import type { ServerState } from '../../../../../src/shared/mcp/server-state'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'
import { simpleTool } from '../../../../fixtures/tool-catalogs/catalog-builders'
import { catalogServerCommand, MUTATE_TOOLS } from '../../../../fixtures/tool-catalogs/start-catalog-server'
import { fakeLayer, statusWhere } from './semantic-support'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('incremental embedding after tools/list_changed (a real stdio server)', () => {
  it('embeds only the tools that are new or changed once the user accepts them', async () => {
    const settings = new SettingsService(new MemoryJsonDocument())
    const configs = new ServerConfigService(settings, new MemorySecretStore())
    configs.add({
      name: 'notes',
      transport: 'stdio',
      ...catalogServerCommand({
        mutable: true,
        tools: [simpleTool('search_notes', 'Search notes'), simpleTool('delete_note', 'Delete a note')],
      }),
    })
    const manager = new ConnectionManager({
      settings,
      configs,
      opener: defaultTransportOpener,
      clientInfo: { name: 'mcp-desk-test', version: '0.0.0' },
      log: () => undefined,
    })
    cleanups.push(() => manager.shutdown())
    const { layer, sources } = fakeLayer({ settings })
    const index = new LiveToolIndex(manager, layer)
    cleanups.push(() => index.dispose())
    await manager.start()
    await statusWhere(layer, (status) => status.state === 'ready' && status.total === 3)
    const source = sources[0]
    expect(source?.background).toHaveLength(3)

    const changed = new Promise<ServerState>((resolve) => {
      const stop = manager.subscribe((states) => {
        const state = states.find((candidate) => candidate.id === 'notes')
        if (state && state.pendingChanges.length >= 2) {
          stop()
          resolve(state)
        }
      })
    })
    await manager.connection('notes').callTool(MUTATE_TOOLS, {
      tools: [
        simpleTool('search_notes', 'Search notes by their words and tags'),
        simpleTool('delete_note', 'Delete a note'),
        simpleTool('export_notes', 'Export every note as markdown'),
      ],
    })
    const pending = await changed
    // Pending changes are hidden from models, and so from search and the layer.
    expect(layer.status().total).toBe(2)
    manager.acceptToolChanges(
      'notes',
      pending.pendingChanges.map((change) => ({
        name: change.name,
        fingerprint: change.afterFingerprint ?? null,
      })),
    )
    await statusWhere(layer, (status) => status.state === 'ready' && status.total === 4)
    // Exactly the changed and the new definition were embedded again; nothing else.
    expect(source?.background.slice(3)).toEqual(
      expect.arrayContaining([expect.stringContaining('tags'), expect.stringContaining('markdown')]),
    )
    expect(source?.background).toHaveLength(5)
    const result = await index.search('markdown export', 3)
    expect(result.ranking).toBe('fused')
    expect(result.hits[0]?.name).toBe('export_notes')
  })
})
