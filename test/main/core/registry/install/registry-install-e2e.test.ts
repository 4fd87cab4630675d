// End to end in the core: a registry entry for the npm package @modelcontextprotocol/server-memory (in the
// repo's devDependencies) is previewed, applied with a typed placeholder, and the real ConnectionManager
// starts it with `npx` over real stdio and lists its tools. npx finds the package in the repo's
// node_modules (the test's working directory is the repo); `npm_config_offline` keeps npm off the network.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { BundleImportService } from '../../../../../src/main/core/config/import/bundle-import-service'
import { ImportService } from '../../../../../src/main/core/config/import/import-service'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ConnectionManager } from '../../../../../src/main/core/mcp/connection-manager'
import { defaultTransportOpener } from '../../../../../src/main/core/mcp/default-transport-opener'
import { ServerConfigService } from '../../../../../src/main/core/mcp/server-config-service'
import { createBundleDownloader } from '../../../../../src/main/core/registry/install/bundle-download'
import { findRuntime } from '../../../../../src/main/core/registry/install/find-runtime'
import { RegistryInstaller } from '../../../../../src/main/core/registry/install/registry-installer'
import { serverJsonSchema } from '../../../../../src/shared/registry/server-json'
import type { ServerState } from '../../../../../src/shared/mcp/server-state'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'
import { tempHome, type TempHome } from '../../../../support/temp-home'

const MEMORY = serverJsonSchema.parse({
  name: 'io.github.modelcontextprotocol/server-memory',
  title: 'Memory',
  description: 'Knowledge graph memory',
  version: '2026.8.31',
  repository: { url: 'https://github.com/modelcontextprotocol/servers', source: 'github' },
  packages: [
    {
      registryType: 'npm',
      registryBaseUrl: 'https://registry.npmjs.org',
      identifier: '@modelcontextprotocol/server-memory',
      version: '2026.8.31',
      transport: { type: 'stdio' },
      environmentVariables: [
        { name: 'MEMORY_FILE_PATH', isRequired: true, description: 'Where the graph is kept' },
        { name: 'npm_config_offline', value: 'true' },
      ],
    },
  ],
})

let home: TempHome
let manager: ConnectionManager | undefined
beforeEach(async () => {
  home = await tempHome('registry-e2e-')
})
afterEach(async () => {
  await manager?.shutdown()
  manager = undefined
  await home.cleanup()
})

it(
  'installs an npm server from its registry entry and connects to it over stdio',
  { timeout: 60_000 },
  async () => {
    const settings = new SettingsService(new MemoryJsonDocument())
    const secrets = new MemorySecretStore()
    const configs = new ServerConfigService(settings, secrets)
    manager = new ConnectionManager({
      settings,
      configs,
      opener: defaultTransportOpener,
      clientInfo: { name: 'registry-e2e', version: '0.0.0' },
      log: () => {},
    })
    await manager.start()
    const replace = (id: string, input: Parameters<ServerConfigService['update']>[1]) =>
      manager!.update(id, input)
    const imports = new ImportService({
      parse: parseMcpConfig,
      configs,
      replace,
      environment: () => process.env,
    })
    const installer = new RegistryInstaller({
      registry: {
        serverJson: () =>
          Promise.resolve({
            registryUrl: 'https://registry.modelcontextprotocol.io',
            server: MEMORY,
            meta: undefined,
          }),
      },
      imports,
      bundles: new BundleImportService({ bundlesDir: join(home.dir, 'bundles'), configs, replace }),
      download: createBundleDownloader(),
      findRuntime: (command) => findRuntime(command, process.env),
    })

    const preview = await installer.previewInstall({
      name: 'io.github.modelcontextprotocol/server-memory',
      option: { kind: 'package', index: 0 },
    })
    if (preview.kind !== 'config') throw new Error('expected a config preview')
    expect(preview.missingRuntimes).toEqual([])
    expect(preview.preview.rows[0]).toMatchObject({
      name: 'Memory',
      destination: 'npx -y @modelcontextprotocol/server-memory@2026.8.31',
    })

    const graphFile = join(home.dir, 'memory.jsonl')
    const connected = new Promise<ServerState>((resolve) => {
      const stop = manager!.subscribe((servers) => {
        const memory = servers.find((server) => server.name === 'Memory')
        if (memory?.status === 'connected' || memory?.status === 'failed') {
          stop()
          resolve(memory)
        }
      })
    })
    const result = await imports.apply({
      previewId: preview.preview.previewId,
      decisions: [],
      placeholderValues: { '${input:MEMORY_FILE_PATH}': graphFile },
    })
    expect(result.added).toHaveLength(1)
    const state = await connected
    expect(state.status).toBe('connected')
    expect(state.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['create_entities', 'read_graph', 'search_nodes']),
    )

    await manager.connection(state.id).callTool('create_entities', {
      entities: [{ name: 'MCP Desk', entityType: 'app', observations: ['installed from the registry'] }],
    })
    expect(existsSync(graphFile)).toBe(true)
  },
)
