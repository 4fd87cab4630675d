import type { AuditEntry, SamplingCard } from '../../../src/shared/sampling/sampling-card'

/** A card as the host builds it for a request from "Notes" over stdio, waiting for a decision. */
export function samplingCardFixture(overrides: Partial<SamplingCard> = {}): SamplingCard {
  return {
    id: 'card-1',
    kind: 'sampling',
    serverId: 'notes',
    serverName: 'Notes',
    transportLabel: 'stdio: notes-mcp',
    createdAt: '2026-01-01T00:00:00.000Z',
    phase: 'approval',
    model: {
      chosen: 'openai/gpt-4o-mini',
      eligible: [
        {
          ref: 'openai/gpt-4o-mini',
          displayName: 'OpenAI · GPT-4o mini',
          matchedHint: { index: 0, kind: 'substring' },
          estimatedInputCost: 0.0012,
        },
        { ref: 'ollama/llama3.2', displayName: 'Ollama · Llama 3.2', unknowns: ['image support unknown'] },
      ],
      ineligible: [{ ref: 'ollama/tiny', reasons: ['does not accept images', 'context window too small'] }],
    },
    hints: ['gpt-4o'],
    priorities: { cost: 0.25, speed: 0.5, intelligence: 0.9 },
    maxTokens: 1024,
    temperature: 0.7,
    stopSequences: ['END', '\n\n'],
    systemPrompt: 'You are a terse assistant.',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Summarise my notes.' },
          {
            type: 'image',
            mimeType: 'image/png',
            bytes: 2048,
            width: 640,
            height: 480,
            dataUrl: 'data:image/png;base64,iVBORw0KGgo=',
          },
          { type: 'audio', mimeType: 'audio/wav', bytes: 524_288, durationMs: 3200 },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Which notes?' }] },
      { role: 'user', content: [{ type: 'text', text: 'All of them.' }] },
    ],
    firstUserText: 'Summarise my notes.',
    tools: [],
    estimatedInputTokens: 1234,
    usageToday: { requests: 3, inputTokens: 4000, outputTokens: 512 },
    ...overrides,
  }
}

export function auditEntryFixture(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'entry-1',
    time: '2026-01-01T10:00:00.000Z',
    serverId: 'notes',
    serverName: 'Notes',
    model: 'openai/gpt-4o-mini',
    decision: 'approved',
    outcome: 'completed',
    inputTokens: 1200,
    outputTokens: 345,
    durationMs: 2300,
    ...overrides,
  }
}
