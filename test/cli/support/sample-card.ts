// A complete approval card as the sampling engine builds it, for the terminal prompt's tests.
import type { SamplingCard } from '../../../src/shared/sampling/sampling-card'

export function sampleCard(overrides: Partial<SamplingCard> = {}): SamplingCard {
  return {
    id: 'card-1',
    kind: 'sampling',
    serverId: 'notes',
    serverName: 'Notes',
    transportLabel: 'stdio: notes-mcp',
    createdAt: '2025-01-01T00:00:00.000Z',
    phase: 'approval',
    model: {
      chosen: 'openai/gpt-4o',
      eligible: [
        { ref: 'openai/gpt-4o', displayName: 'GPT-4o', estimatedInputCost: 0.00125 },
        { ref: 'local/llama', displayName: 'Llama', unknowns: ['image support unknown'] },
      ],
      ineligible: [{ ref: 'local/tiny', reasons: ['does not take images'] }],
    },
    hints: ['gpt-4o'],
    priorities: { cost: 0.2, intelligence: 0.9 },
    maxTokens: 300,
    temperature: 0.5,
    stopSequences: ['END'],
    systemPrompt: 'Be brief.',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Summarise my notes' }] }],
    firstUserText: 'Summarise my notes',
    tools: [],
    estimatedInputTokens: 500,
    usageToday: { requests: 0, inputTokens: 0, outputTokens: 0 },
    ...overrides,
  }
}
