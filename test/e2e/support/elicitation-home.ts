import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCommandFor } from '../../support/spawn-command'

/**
 * A profile for elicitation: the mock provider's model (with tool calling) as the default model and
 * server-everything over stdio as `everything`, whose `trigger-elicitation-request` and
 * `trigger-url-elicitation` tools the model sees as `mcp_everything_<tool>`. Tool search is off so the
 * model is offered those tools directly.
 */
export function elicitationHome(mockUrl: string): string {
  const home = mkdtempSync(join(tmpdir(), 'mcp-desk-e2e-elicitation-'))
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({
      schemaVersion: 1,
      models: {
        providers: [
          {
            id: 'mock',
            name: 'Mock',
            preset: 'custom',
            baseUrl: mockUrl,
            models: [{ id: 'mock-model', displayName: 'Mock Model', capabilities: { toolCalling: true } }],
          },
        ],
        defaultModel: 'mock/mock-model',
      },
      tools: { search: 'off' },
      servers: [
        { id: 'everything', name: 'Everything', transport: 'stdio', ...spawnCommandFor('server-everything') },
      ],
    }),
  )
  return home
}
