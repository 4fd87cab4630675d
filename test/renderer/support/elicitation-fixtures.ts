import {
  elicitationCardSchema,
  elicitationFieldSchema,
  type ElicitationField,
  type FormElicitationCard,
  type UrlElicitationCard,
} from '../../../src/shared/elicitation/elicitation-card'
import { conversationId } from './fake-chat'

const base = {
  kind: 'elicitation' as const,
  serverId: 'docs',
  serverName: 'Docs',
  transportLabel: 'stdio: docs-mcp',
  conversationId: conversationId(1),
  createdAt: '2026-01-01T00:00:00.000Z',
}

/** One field as core builds it from a requested schema: optional, not secret, titled by its name. */
export function fieldFixture(
  field: { name: string; type: ElicitationField['type'] } & Record<string, unknown>,
): ElicitationField {
  return elicitationFieldSchema.parse({ title: field.name, required: false, looksSecret: false, ...field })
}

/** A form from Docs about the first conversation, with one required text field unless `fields` says. */
export function formCardFixture(overrides: Partial<FormElicitationCard> = {}): FormElicitationCard {
  return elicitationCardSchema.parse({
    ...base,
    id: 'question-1',
    message: 'Which index should I search?',
    mode: 'form',
    fields: [fieldFixture({ name: 'index', title: 'Index', type: 'string', required: true })],
    ...overrides,
  }) as FormElicitationCard
}

/** A link Docs asks the user to open, not opened yet. */
export function urlCardFixture(overrides: Partial<UrlElicitationCard> = {}): UrlElicitationCard {
  return elicitationCardSchema.parse({
    ...base,
    id: 'link-1',
    message: 'Sign in to Docs Cloud to continue.',
    mode: 'url',
    url: 'https://login.docs.example/authorize?client=desk&state=xyz',
    host: 'login.docs.example',
    elicitationId: 'elicit-1',
    opened: false,
    completed: false,
    ...overrides,
  }) as UrlElicitationCard
}

/**
 * Every field type the card renders, with the shapes server-everything's `trigger-elicitation-request`
 * sends: formats, limits, defaults, few and many options, several choices.
 */
export function everyFieldType(): ElicitationField[] {
  return [
    fieldFixture({
      name: 'name',
      title: 'Full name',
      type: 'string',
      required: true,
      minLength: 2,
      maxLength: 40,
    }),
    fieldFixture({ name: 'email', title: 'Email', type: 'string', format: 'email' }),
    fieldFixture({ name: 'homepage', title: 'Homepage', type: 'string', format: 'uri' }),
    fieldFixture({
      name: 'birthdate',
      title: 'Birthdate',
      type: 'string',
      format: 'date',
      default: '1990-05-17',
    }),
    fieldFixture({ name: 'meeting', title: 'Meeting', type: 'string', format: 'date-time' }),
    fieldFixture({
      name: 'firstLine',
      title: 'First line',
      type: 'string',
      default: 'It was a dark and stormy night.',
    }),
    fieldFixture({
      name: 'integer',
      title: 'Integer',
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 42,
    }),
    fieldFixture({
      name: 'number',
      title: 'Number',
      type: 'number',
      minimum: 0,
      maximum: 1000,
      default: 3.14,
    }),
    fieldFixture({ name: 'check', title: 'Agree to the terms', type: 'boolean' }),
    fieldFixture({
      name: 'hero',
      title: 'Hero',
      type: 'single-select',
      options: [
        { value: 'hero-1', label: 'Superman' },
        { value: 'hero-2', label: 'Green Lantern' },
        { value: 'hero-3', label: 'Wonder Woman' },
      ],
      default: 'hero-1',
    }),
    fieldFixture({
      name: 'friend',
      title: 'Friend',
      type: 'single-select',
      options: ['Monica', 'Rachel', 'Joey', 'Chandler', 'Ross', 'Phoebe'].map((value) => ({
        value,
        label: value,
      })),
      default: 'Monica',
    }),
    fieldFixture({
      name: 'instruments',
      title: 'Instruments',
      type: 'multi-select',
      options: ['Guitar', 'Piano', 'Violin'].map((value) => ({ value, label: value })),
      minItems: 1,
      maxItems: 2,
      default: ['Guitar'],
    }),
  ]
}
