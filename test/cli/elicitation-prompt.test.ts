import { describe, expect, it } from 'vitest'
import {
  FORM_QUESTION,
  TerminalElicitationPrompter,
  URL_QUESTION,
  type ElicitationAnswerer,
} from '../../src/cli/elicitation-prompt'
import {
  SECRET_FIELD_WARNING,
  type ElicitationAnswer,
  type ElicitationCard,
  type ElicitationField,
} from '../../src/shared/elicitation/elicitation-card'
import { withDefaults } from '../../src/shared/elicitation/field-defaults'
import { validateContent } from '../../src/shared/elicitation/validate-content'
import { IpcFailure } from '../../src/shared/ipc/ipc-error'

/** A terminal whose user answers when the test says so; each question is an event the test awaits. */
class ScriptedTerminal {
  output = ''
  readonly #questions: Array<(answer: string | null) => void> = []
  readonly #waiters: Array<() => void> = []

  readonly io = {
    stderr: (s: string) => {
      this.output += s
    },
    readLine: () =>
      new Promise<string | null>((resolve) => {
        this.#questions.push(resolve)
        this.#waiters.shift()?.()
      }),
  }

  /** Resolves with everything shown so far once the next question waits. */
  async question(): Promise<string> {
    if (this.#questions.length === 0) await new Promise<void>((resolve) => this.#waiters.push(resolve))
    return this.output
  }

  /** Waits for the next question and answers it. */
  async answer(line: string | null): Promise<string> {
    const seen = await this.question()
    this.#questions.shift()!(line)
    return seen
  }
}

/**
 * The service's card list and answer rules (defaults, then the schema check, then `validation_failed` with
 * issues), without servers: what the prompter sees and what it sends.
 */
class FakeElicitations implements ElicitationAnswerer {
  cards: ElicitationCard[] = []
  readonly answers: ElicitationAnswer[] = []
  readonly #listeners = new Set<(cards: ElicitationCard[]) => void>()

  show(card: ElicitationCard): void {
    this.cards = [...this.cards, card]
    this.#emit()
  }

  withdraw(id: string): void {
    this.cards = this.cards.filter((card) => card.id !== id)
    this.#emit()
  }

  list(): ElicitationCard[] {
    return this.cards
  }

  subscribe(listener: (cards: ElicitationCard[]) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  answer(answer: ElicitationAnswer): void {
    const card = this.cards.find((shown) => shown.id === answer.id)
    if (!card) throw new IpcFailure('not_found', `no pending elicitation with id "${answer.id}"`)
    if (answer.action === 'accept' && card.mode === 'form') {
      const check = validateContent(card.fields, withDefaults(card.fields, answer.content ?? {}))
      if (!check.ok) throw new IpcFailure('validation_failed', 'invalid', { issues: check.issues })
    }
    this.answers.push(answer)
    this.withdraw(card.id)
  }

  #emit(): void {
    for (const listener of this.#listeners) listener(this.cards)
  }
}

const base = { required: false, looksSecret: false }
const FIELDS: ElicitationField[] = [
  { ...base, name: 'name', title: 'Full name', type: 'string', required: true, description: 'As on your ID' },
  { ...base, name: 'email', title: 'email', type: 'string', format: 'email' },
  { ...base, name: 'age', title: 'Age', type: 'integer', minimum: 1, maximum: 120, default: 42 },
  { ...base, name: 'agree', title: 'Agree', type: 'boolean' },
  {
    ...base,
    name: 'pet',
    title: 'Pet',
    type: 'single-select',
    options: [
      { value: 'pet-1', label: 'Cats' },
      { value: 'pet-2', label: 'Dogs' },
    ],
    default: 'pet-1',
  },
  {
    ...base,
    name: 'tools',
    title: 'Tools',
    type: 'multi-select',
    options: [
      { value: 'Guitar', label: 'Guitar' },
      { value: 'Piano', label: 'Piano' },
      { value: 'Drums', label: 'Drums' },
    ],
    maxItems: 2,
    default: ['Guitar'],
  },
  { ...base, name: 'apiToken', title: 'API token', type: 'string', looksSecret: true },
]

function formCard(overrides: Partial<ElicitationCard> = {}): ElicitationCard {
  return {
    id: 'form-1',
    kind: 'elicitation',
    serverId: 'notes',
    serverName: 'Notes',
    transportLabel: 'stdio: notes-mcp',
    createdAt: '2025-01-01T00:00:00.000Z',
    message: 'Tell me about you.\n\x1b[31mred\x1b[0m',
    mode: 'form',
    fields: FIELDS,
    ...overrides,
  } as ElicitationCard
}

function urlCard(): ElicitationCard {
  return {
    id: 'url-1',
    kind: 'elicitation',
    serverId: 'notes',
    serverName: 'Notes',
    transportLabel: 'stdio: notes-mcp',
    createdAt: '2025-01-01T00:00:00.000Z',
    message: 'Sign in to continue.',
    mode: 'url',
    url: 'https://auth.example.com/consent?x=1',
    host: 'auth.example.com',
    elicitationId: 'e-1',
    opened: false,
    completed: false,
  }
}

function setup(): {
  service: FakeElicitations
  terminal: ScriptedTerminal
  prompter: TerminalElicitationPrompter
} {
  const service = new FakeElicitations()
  const terminal = new ScriptedTerminal()
  const prompter = new TerminalElicitationPrompter(service, terminal.io)
  prompter.start()
  return { service, terminal, prompter }
}

describe('TerminalElicitationPrompter', () => {
  it('shows who asks and why, warns about secret-looking fields, and asks first', async () => {
    const { service, terminal } = setup()
    service.show(formCard())
    const seen = await terminal.question()
    expect(seen).toBe(
      '\nNotes (stdio: notes-mcp) asks you for information:\n' +
        '  Tell me about you.\n' +
        '  \\x1b[31mred\\x1b[0m\n' +
        '  7 fields, 1 required\n' +
        `  Warning: "API token" looks like a secret. ${SECRET_FIELD_WARNING}\n` +
        FORM_QUESTION,
    )
  })

  it('asks each field with its default, re-asks a wrong answer, and sends the form', async () => {
    const { service, terminal, prompter } = setup()
    service.show(formCard())
    await terminal.answer('y')
    const nameQuestion = await terminal.answer('Ada Lovelace')
    expect(nameQuestion).toContain('Field 1 of 7: Full name (name), required\n    As on your ID\n  text: ')
    const emailQuestion = await terminal.answer('not an email')
    expect(emailQuestion.endsWith('Field 2 of 7: email\n  email address (Enter to skip): ')).toBe(true)
    expect(await terminal.answer('ada@example.com')).toMatch(
      /"email" must be an email address\n {2}email address \(Enter to skip\): $/,
    )
    expect(await terminal.answer('')).toMatch(
      /Field 3 of 7: Age \(age\)\n {2}whole number, 1 to 120 \[42\]: $/,
    )
    expect(await terminal.answer('maybe')).toMatch(
      /Field 4 of 7: Agree \(agree\)\n {2}y\/n \(Enter to skip\): $/,
    )
    expect(await terminal.answer('y')).toMatch(
      /"Agree" \(agree\) takes y or n\n {2}y\/n \(Enter to skip\): $/,
    )
    expect(await terminal.answer('Dogs')).toContain(
      'Field 5 of 7: Pet (pet)\n    1. Cats (pet-1)  (default)\n    2. Dogs (pet-2)\n  choose 1-2 [1]: ',
    )
    expect(await terminal.answer('1, 3, 2')).toContain(
      'Field 6 of 7: Tools (tools)\n    1. Guitar  (default)\n    2. Piano\n    3. Drums\n' +
        '  numbers separated by commas, at most 2 choices [1]: ',
    )
    expect(await terminal.answer('3,2')).toContain('"Tools" (tools) allows at most 2 choices')
    expect(await terminal.answer('')).toContain(
      `Field 7 of 7: API token (apiToken)\n    Warning: ${SECRET_FIELD_WARNING}\n  text (Enter to skip): `,
    )
    await prompter.settled()
    expect(service.answers).toEqual([
      {
        id: 'form-1',
        action: 'accept',
        content: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          agree: true,
          pet: 'pet-2',
          tools: ['Drums', 'Piano'],
        },
      },
    ])
    expect(terminal.output.endsWith('Sent to the server.\n')).toBe(true)
  })

  it('re-asks a required field left empty', async () => {
    const { service, terminal } = setup()
    service.show(formCard())
    await terminal.answer('y')
    expect(await terminal.answer('')).toMatch(/Field 1 of 7/)
    expect(await terminal.question()).toMatch(/"Full name" \(name\) is required\n {2}text: $/)
  })

  it.each([
    ['n', 'decline', 'Declined: the server was told you will not provide this.'],
    ['', 'decline', 'Declined: the server was told you will not provide this.'],
    ['c', 'cancel', 'Cancelled: the server was told you dismissed the request.'],
    [null, 'cancel', 'Cancelled: the server was told you dismissed the request.'],
  ] as const)('answers %o at the first question with %s', async (typed, action, said) => {
    const { service, terminal, prompter } = setup()
    service.show(formCard())
    await terminal.answer(typed)
    await prompter.settled()
    expect(service.answers).toEqual([{ id: 'form-1', action }])
    expect(terminal.output).toContain(said)
  })

  it('cancels when input ends in the middle of the form', async () => {
    const { service, terminal, prompter } = setup()
    service.show(formCard())
    await terminal.answer('y')
    await terminal.answer('Ada')
    await terminal.answer(null)
    await prompter.settled()
    expect(service.answers).toEqual([{ id: 'form-1', action: 'cancel' }])
  })

  it('shows a URL with its host and prints it to open on "y"', async () => {
    const { service, terminal, prompter } = setup()
    service.show(urlCard())
    const seen = await terminal.answer('y')
    expect(seen).toBe(
      '\nNotes (stdio: notes-mcp) asks you to open a link:\n' +
        '  Sign in to continue.\n' +
        '  Link: https://auth.example.com/consent?x=1\n' +
        '  It goes to: auth.example.com\n' +
        URL_QUESTION,
    )
    await prompter.settled()
    expect(service.answers).toEqual([{ id: 'url-1', action: 'accept' }])
    expect(terminal.output).toContain(
      'Open this link in your browser: https://auth.example.com/consent?x=1\n' +
        'The server was told you agreed to open it.\n',
    )
  })

  it('asks about one request at a time and skips one the server withdrew meanwhile', async () => {
    const { service, terminal, prompter } = setup()
    service.show(urlCard())
    service.show(formCard({ id: 'form-2' }))
    service.show(formCard({ id: 'form-3' }))
    const first = await terminal.question()
    expect(first).not.toContain('asks you for information')
    service.withdraw('form-2')
    await terminal.answer('n')
    await terminal.answer('c')
    await prompter.settled()
    expect(service.answers).toEqual([
      { id: 'url-1', action: 'decline' },
      { id: 'form-3', action: 'cancel' },
    ])
  })

  it('drops an answer for a request that ended while the user typed', async () => {
    const { service, terminal, prompter } = setup()
    service.show(formCard())
    await terminal.question()
    service.withdraw('form-1')
    await terminal.answer('n')
    await prompter.settled()
    expect(service.answers).toEqual([])
    expect(terminal.output).toContain('That request already ended; your answer was not used.')
  })
})
