import type { FakeImportFile } from '../support/fake-imports'
import type { ImportRow } from '../../../src/shared/import/import-preview'
import { serverInputSchema } from '../../../src/shared/mcp/server-input'
import type { RegistryEntryView } from '../../../src/shared/registry/registry-view'

export const OFFICIAL = 'https://registry.modelcontextprotocol.io'

/** The memory server as the official registry lists it: an npm package, and a Docker image too. */
export function memoryEntry(overrides: Partial<RegistryEntryView> = {}): RegistryEntryView {
  return {
    registryUrl: OFFICIAL,
    name: 'io.github.modelcontextprotocol/server-memory',
    title: 'Knowledge Graph Memory',
    description: 'A knowledge graph that remembers entities and relations across conversations.',
    version: '2026.8.31',
    status: 'active',
    repositoryUrl: 'https://github.com/modelcontextprotocol/servers',
    websiteUrl: 'https://modelcontextprotocol.io',
    hasIcon: false,
    options: [
      {
        kind: 'package',
        index: 0,
        label: 'npm @modelcontextprotocol/server-memory 2026.8.31',
        registryType: 'npm',
        runtime: 'npx',
        supported: true,
      },
      {
        kind: 'package',
        index: 1,
        label: 'NuGet Memory.Server 1.0.0',
        registryType: 'nuget',
        supported: false,
        note: 'MCP Desk cannot install NuGet packages',
      },
    ],
    ...overrides,
  }
}

export function weatherEntry(overrides: Partial<RegistryEntryView> = {}): RegistryEntryView {
  return {
    registryUrl: OFFICIAL,
    name: 'io.example/weather',
    title: 'Weather',
    description: 'Forecasts by city.',
    version: '1.0.0',
    status: 'active',
    hasIcon: false,
    options: [
      {
        kind: 'package',
        index: 0,
        label: 'MCP bundle weather.mcpb',
        registryType: 'mcpb',
        supported: true,
      },
    ],
    ...overrides,
  }
}

function row(name: string, destination: string): ImportRow {
  return {
    sourceName: name,
    name,
    transport: 'stdio',
    destination,
    sampling: 'ask',
    fileAllowsSampling: false,
    env: [],
    headers: [],
    status: 'new',
    changes: [],
    notes: [],
    actions: ['add', 'rename', 'skip'],
    defaultAction: 'add',
  }
}

/** What installing the memory entry's npm package previews. */
export function memoryInstall(): FakeImportFile {
  return {
    preview: {
      format: 'mcp-registry',
      formatLabel: 'MCP registry entry (server.json)',
      origin: 'the MCP registry at registry.modelcontextprotocol.io',
      rows: [row('server-memory', 'npx -y @modelcontextprotocol/server-memory@2026.8.31')],
      placeholders: [],
      notes: [],
    },
    inputs: {
      'server-memory': serverInputSchema.parse({
        name: 'server-memory',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'],
      }),
    },
  }
}

export const cursorLink =
  'cursor://anysphere.cursor-deeplink/mcp/install?name=echo&config=eyJjb21tYW5kIjoibm9kZSIsImFyZ3MiOlsiZWNoby5qcyJdfQ=='

/** What the Cursor link previews: one server, added turned off. */
export function echoLinkInstall(): FakeImportFile {
  return {
    preview: {
      format: 'install-link',
      formatLabel: 'Install link (mcp-desk://, vscode:, cursor://, cherrystudio://)',
      origin: 'an install link (cursor://anysphere.cursor-deeplink)',
      addsDisabled: true,
      rows: [row('echo', 'node echo.js')],
      placeholders: [],
      notes: [],
    },
    inputs: {
      echo: serverInputSchema.parse({
        name: 'echo',
        transport: 'stdio',
        command: 'node',
        args: ['echo.js'],
        enabled: false,
      }),
    },
  }
}
