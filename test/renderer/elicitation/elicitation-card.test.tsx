import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SECRET_FIELD_WARNING, type ElicitationCard } from '../../../src/shared/elicitation/elicitation-card'
import { everyFieldType, fieldFixture, formCardFixture } from '../support/elicitation-fixtures'
import { chatApi, renderOpenConversation } from '../support/render-chat'

afterEach(cleanup)

/** The window with the first conversation open and `card` asked by Docs about it. */
async function cardInTranscript(card: ElicitationCard = formCardFixture()) {
  const api = chatApi()
  api.elicitations.cards = [card]
  const rendered = await renderOpenConversation([], { api })
  const element = await within(screen.getByTestId('transcript')).findByTestId('elicitation-card')
  return { ...rendered, card: element }
}

function input(card: HTMLElement, label: string | RegExp): HTMLInputElement {
  return within(card).getByLabelText<HTMLInputElement>(label)
}

const submit = (card: HTMLElement) => fireEvent.click(within(card).getByRole('button', { name: 'Submit' }))

describe('elicitation form card', () => {
  it('names the server, what it asks and how long it waited, in the transcript of its conversation', async () => {
    const { card } = await cardInTranscript()
    expect(within(card).getByRole('heading').textContent).toBe('Docs asks for information')
    expect(card.querySelector('.approval-card-meta')?.textContent).toMatch(
      /^stdio: docs-mcpQuestionwaited \d+ /,
    )
    expect(within(card).getByTestId('elicitation-message').textContent).toBe('Which index should I search?')
    // Not a dialog: the transcript and the composer stay usable.
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('approvals-bell').getAttribute('aria-label')).toBe('Pending approvals: 1')
  })

  it('renders each field type with its input, limits and default', async () => {
    const { card } = await cardInTranscript(formCardFixture({ fields: everyFieldType() }))
    const name = input(card, 'Full name (required)')
    expect(name.type).toBe('text')
    expect(name.getAttribute('aria-required')).toBe('true')
    expect(within(card).getByText('2 to 40 characters')).toBeTruthy()
    expect(input(card, 'Email').type).toBe('email')
    expect(input(card, 'Homepage').type).toBe('url')
    expect(input(card, 'Birthdate').type).toBe('date')
    expect(input(card, 'Birthdate').value).toBe('1990-05-17')
    expect(input(card, 'Meeting').type).toBe('datetime-local')
    expect(within(card).getByText('Your local time; sent in UTC')).toBeTruthy()
    expect(input(card, 'First line').value).toBe('It was a dark and stormy night.')
    expect(input(card, 'Integer').value).toBe('42')
    expect(input(card, 'Integer').inputMode).toBe('numeric')
    expect(within(card).getByText('A whole number, 1 to 100')).toBeTruthy()
    expect(input(card, 'Number').value).toBe('3.14')
    expect(within(card).getByText('A number, 0 to 1000')).toBeTruthy()
    expect(input(card, 'Agree to the terms').type).toBe('checkbox')
    expect(input(card, 'Agree to the terms').checked).toBe(false)

    // Three options: radios, the default chosen.
    const hero = within(card).getByRole('group', { name: 'Hero' })
    expect(within(hero).getAllByRole('radio')).toHaveLength(3)
    expect(within(hero).getByLabelText<HTMLInputElement>('Superman').checked).toBe(true)
    // Six options: a dropdown.
    const friend = within(card).getByLabelText<HTMLSelectElement>('Friend')
    expect(friend.tagName).toBe('SELECT')
    expect(friend.value).toBe('Monica')
    expect([...friend.options].map((option) => option.textContent)).toEqual([
      'Choose…',
      'Monica',
      'Rachel',
      'Joey',
      'Chandler',
      'Ross',
      'Phoebe',
    ])
    const instruments = within(card).getByRole('group', { name: 'Instruments' })
    expect(within(instruments).getAllByRole('checkbox')).toHaveLength(3)
    expect(within(instruments).getByLabelText<HTMLInputElement>('Guitar').checked).toBe(true)
    expect(within(instruments).getByText('Choose 1 to 2')).toBeTruthy()
  })

  it('sends the defaults with the user’s edits when submitted', async () => {
    const { api, card } = await cardInTranscript(formCardFixture({ fields: everyFieldType() }))
    fireEvent.change(input(card, 'Full name (required)'), { target: { value: 'Ada Lovelace' } })
    fireEvent.change(input(card, 'Email'), { target: { value: 'ada@example.com' } })
    fireEvent.change(input(card, 'Meeting'), { target: { value: '2025-01-31T09:30' } })
    fireEvent.change(input(card, 'Integer'), { target: { value: '7' } })
    fireEvent.click(input(card, 'Agree to the terms'))
    fireEvent.click(within(card).getByLabelText('Wonder Woman'))
    fireEvent.change(within(card).getByLabelText('Friend'), { target: { value: 'Joey' } })
    fireEvent.click(within(card).getByLabelText('Piano'))
    submit(card)

    await waitFor(() => expect(api.elicitations.answers).toHaveLength(1))
    expect(api.elicitations.answers[0]).toEqual({
      id: 'question-1',
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        birthdate: '1990-05-17',
        meeting: new Date('2025-01-31T09:30').toISOString().replace('.000Z', 'Z'),
        firstLine: 'It was a dark and stormy night.',
        integer: 7,
        number: 3.14,
        check: true,
        hero: 'hero-3',
        friend: 'Joey',
        instruments: ['Guitar', 'Piano'],
      },
    })
    await waitFor(() => expect(screen.queryByTestId('elicitation-card')).toBeNull())
    expect(screen.getByTestId('approvals-bell').getAttribute('aria-label')).toBe('Pending approvals: 0')
  })

  it('sends the server’s default for a field the user emptied (applyDefaults)', async () => {
    const { api, card } = await cardInTranscript(
      formCardFixture({
        fields: [fieldFixture({ name: 'firstLine', title: 'First line', type: 'string', default: 'Once' })],
      }),
    )
    const field = input(card, 'First line')
    fireEvent.change(field, { target: { value: '' } })
    expect(field.placeholder).toBe('Once')
    submit(card)
    await waitFor(() => expect(api.elicitations.answers[0]?.content).toEqual({ firstLine: 'Once' }))
  })

  it('checks the answer before sending: each problem beside its field, focus on the first, nothing sent', async () => {
    const { api, card } = await cardInTranscript(formCardFixture({ fields: everyFieldType() }))
    fireEvent.change(input(card, 'Email'), { target: { value: 'not an address' } })
    fireEvent.change(input(card, 'Integer'), { target: { value: '4x' } })
    fireEvent.change(input(card, 'Number'), { target: { value: '5000' } })
    fireEvent.click(within(card).getByLabelText('Guitar'))
    submit(card)

    const name = input(card, 'Full name (required)')
    await waitFor(() => expect(document.activeElement).toBe(name))
    const errorOf = (element: HTMLElement) =>
      element
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id))
        .find((note) => note?.classList.contains('field-error'))?.textContent
    expect(errorOf(name)).toBe('Required')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(errorOf(input(card, 'Email'))).toBe('Must be an email address')
    expect(errorOf(input(card, 'Integer'))).toBe('Must be a number')
    expect(errorOf(input(card, 'Number'))).toBe('Must be at most 1000')
    const instruments = within(card).getByRole('group', { name: 'Instruments' })
    expect(within(instruments).getByRole('alert').textContent).toBe('Needs at least 1 choice')
    expect(api.elicitations.answers).toEqual([])

    // Editing a field clears its problem; the others stay until the next Submit.
    fireEvent.change(name, { target: { value: 'A' } })
    expect(errorOf(name)).toBeUndefined()
    expect(errorOf(input(card, 'Email'))).toBe('Must be an email address')
    submit(card)
    await waitFor(() => expect(errorOf(name)).toBe('Must be at least 2 characters long'))
  })

  it('warns beside a field that looks like it wants a secret', async () => {
    const { card } = await cardInTranscript(
      formCardFixture({
        fields: [fieldFixture({ name: 'api_token', title: 'API token', type: 'string', looksSecret: true })],
      }),
    )
    const field = input(card, 'API token')
    expect(field.type).toBe('text')
    const warning = within(card).getByRole('note')
    expect(warning.textContent).toBe(SECRET_FIELD_WARNING)
    expect(field.getAttribute('aria-describedby')).toContain(warning.id)
  })

  it('Decline and Cancel send the spec’s results, without content', async () => {
    const { api, card } = await cardInTranscript()
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(api.elicitations.answers).toEqual([{ id: 'question-1', action: 'decline' }]))
    await waitFor(() => expect(screen.queryByTestId('elicitation-card')).toBeNull())

    act(() => api.elicitations.ask(formCardFixture({ id: 'question-2' })))
    const second = await screen.findByTestId('elicitation-card')
    fireEvent.change(input(second, 'Index (required)'), { target: { value: 'typed, then cancelled' } })
    fireEvent.click(within(second).getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(api.elicitations.answers.at(-1)).toEqual({ id: 'question-2', action: 'cancel' }),
    )
  })

  it('Enter on the card declines; Enter in a field never sends the answer', async () => {
    const { api, card } = await cardInTranscript()
    expect(document.getElementById(card.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Enter on this card declines the request/,
    )
    const field = input(card, 'Index (required)')
    fireEvent.change(field, { target: { value: 'main' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    fireEvent.submit(field.form!)
    expect(api.elicitations.answers).toEqual([])

    fireEvent.keyDown(card, { key: 'Enter' })
    await waitFor(() => expect(api.elicitations.answers).toEqual([{ id: 'question-1', action: 'decline' }]))
  })

  it('shows the host’s refusal of an answer on the card and keeps it open', async () => {
    const { api, card } = await cardInTranscript()
    api.fail('elicitation:answer', { code: 'validation_failed', message: '"index" must be one of: a, b' })
    fireEvent.change(input(card, 'Index (required)'), { target: { value: 'c' } })
    submit(card)
    const refusal = await within(card).findByText('Your answer was not sent: "index" must be one of: a, b')
    expect(refusal.getAttribute('role')).toBe('alert')
    expect(screen.queryByTestId('errors')?.textContent ?? '').not.toContain('must be one of')
    await waitFor(() =>
      expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(false),
    )

    api.fail('elicitation:answer', { code: 'not_found', message: 'the request is gone' })
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(screen.getByTestId('errors').textContent).toContain('the request is gone'))
    expect(screen.getByTestId('errors').textContent).toContain('Could not decline the request from Docs')
  })
})
