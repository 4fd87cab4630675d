import type { CardDraft } from '../../../../src/main/core/approvals/approval-queue'
import {
  TOOL_CALL_ARGUMENTS_NOTE,
  toolCallCardSchema,
  type ToolCallCard,
} from '../../../../src/shared/chat/tool-call-card'
import {
  elicitationCardSchema,
  type FormElicitationCard,
  type UrlElicitationCard,
} from '../../../../src/shared/elicitation/elicitation-card'
import type { SamplingCard } from '../../../../src/shared/sampling/sampling-card'

/** The clock the tray and notice tests read waiting times against. */
export const NOTICES_NOW = new Date('2026-03-01T12:00:00.000Z')
export const minutesAgo = (minutes: number) =>
  new Date(NOTICES_NOW.getTime() - minutes * 60_000).toISOString()

/** A queued sampling card, waiting 3 minutes for approval unless told otherwise. */
export function samplingCard(overrides: Partial<SamplingCard> & { id: string }): SamplingCard {
  const { id, phase = 'approval', createdAt = minutesAgo(3), ...rest } = overrides
  return { ...cardDraft(rest), id, phase, createdAt }
}

/** Private data in the tool-call fixture's arguments, which must never reach a tray line or a notification. */
export const SECRET_ARGUMENT = 'hunter2'

/** A sampling card as the sampling service would queue it. */
export function cardDraft(overrides: Partial<CardDraft> = {}): CardDraft {
  return {
    kind: 'sampling',
    serverId: 'notes',
    serverName: 'Notes',
    transportLabel: 'stdio: notes-mcp',
    model: {
      chosen: 'local/llama',
      eligible: [{ ref: 'local/llama', displayName: 'Llama 3 (local)' }],
      ineligible: [],
    },
    hints: [],
    priorities: {},
    maxTokens: 200,
    stopSequences: [],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Summarise my notes' }] }],
    firstUserText: 'Summarise my notes',
    tools: [],
    estimatedInputTokens: 5,
    usageToday: { requests: 0, inputTokens: 0, outputTokens: 0 },
    ...overrides,
  }
}

/**
 * A tool-call card as the chat would show it, checked against the schema so the fixture never drifts from
 * what the host builds. Its arguments hold {@link SECRET_ARGUMENT}.
 */
export function toolCallCard(overrides: Partial<ToolCallCard> & { id: string }): ToolCallCard {
  return toolCallCardSchema.parse({
    kind: 'tool-call',
    conversationId: 'conv-1',
    serverId: 'notes',
    serverName: 'Notes',
    transportLabel: 'stdio: notes-mcp',
    destination: 'notes-mcp --vault ~/notes',
    toolName: 'search_notes',
    exposedName: 'notes__search_notes',
    toolTitle: 'Search notes',
    arguments: `{\n  "query": "my bank password is ${SECRET_ARGUMENT}"\n}`,
    argumentsTruncated: false,
    note: TOOL_CALL_ARGUMENTS_NOTE,
    createdAt: '2026-03-01T11:57:00.000Z',
    ...overrides,
  })
}

/** A default value in the question fixture's form, which must never reach a tray line or a notification. */
export const FIELD_DEFAULT = 'my-secret-default'

/** A server's question as the elicitation service shows it: a form by default, or a link (`mode: 'url'`). */
export function elicitationCard(
  overrides: Partial<FormElicitationCard> & { id: string },
): FormElicitationCard {
  return elicitationCardSchema.parse({
    kind: 'elicitation',
    serverId: 'notes',
    serverName: 'Notes',
    transportLabel: 'stdio: notes-mcp',
    conversationId: 'conv-1',
    createdAt: '2026-03-01T11:58:00.000Z',
    message: 'Which vault should I open?',
    mode: 'form',
    fields: [
      {
        name: 'vault',
        title: 'Vault',
        required: true,
        looksSecret: false,
        type: 'string',
        default: FIELD_DEFAULT,
      },
    ],
    ...overrides,
  }) as FormElicitationCard
}

export function urlElicitationCard(
  overrides: Partial<UrlElicitationCard> & { id: string },
): UrlElicitationCard {
  return elicitationCardSchema.parse({
    kind: 'elicitation',
    serverId: 'notes',
    serverName: 'Notes',
    transportLabel: 'stdio: notes-mcp',
    createdAt: '2026-03-01T11:58:00.000Z',
    message: 'Sign in to sync your notes.',
    mode: 'url',
    url: 'https://auth.example.com/sign-in?state=abc',
    host: 'auth.example.com',
    elicitationId: 'e-1',
    opened: false,
    completed: false,
    ...overrides,
  }) as UrlElicitationCard
}
