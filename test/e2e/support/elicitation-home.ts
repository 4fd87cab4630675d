import { spawnCommandFor } from '../../support/spawn-command'
import { mockProviderHome } from './mock-provider-home'

/**
 * A profile for elicitation: the mock provider's model (with tool calling) as the default model and
 * server-everything over stdio as `everything`, whose `trigger-elicitation-request` and
 * `trigger-url-elicitation` tools the model sees as `mcp_everything_<tool>`. Tool search is off so the
 * model is offered those tools directly.
 */
export function elicitationHome(mockUrl: string): string {
  return mockProviderHome('elicitation', mockUrl, [
    { id: 'everything', name: 'Everything', transport: 'stdio', ...spawnCommandFor('server-everything') },
  ])
}
