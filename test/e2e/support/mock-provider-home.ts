import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The mock provider's settings block: its one model (with tool calling) is the default model. */
export function mockProviderModels(mockUrl: string) {
  return {
    providers: [
      {
        id: 'mock',
        name: 'Mock',
        preset: 'custom',
        baseUrl: mockUrl,
        models: [
          {
            id: 'mock-model',
            displayName: 'Mock Model',
            // Stated by the user: without a source, migration would read `true` as the old made-up default.
            capabilities: { toolCalling: true, sources: { toolCalling: 'user' } },
          },
        ],
      },
    ],
    defaultModel: 'mock/mock-model',
  }
}

/**
 * A fresh profile under the temp folder whose settings have the mock provider as the default model, the
 * given servers, and tool search off (so the model is offered every tool directly) unless `toolSearch`.
 */
export function mockProviderHome(
  prefix: string,
  mockUrl: string,
  servers: readonly Record<string, unknown>[],
  options: { toolSearch?: boolean } = {},
): string {
  const home = mkdtempSync(join(tmpdir(), `mcp-desk-e2e-${prefix}-`))
  const settings = {
    schemaVersion: 1,
    models: mockProviderModels(mockUrl),
    ...(options.toolSearch ? {} : { tools: { search: 'off' } }),
    servers,
  }
  writeFileSync(join(home, 'settings.json'), JSON.stringify(settings))
  return home
}
