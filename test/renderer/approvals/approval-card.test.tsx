import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { openQueuedCards } from '../support/approval-queue'
import type { SamplingCard } from '../../../src/shared/sampling/sampling-card'
import { FakeDeskApi } from '../support/fake-desk-api'
import { modelFixture, providerFixture } from '../support/fake-providers'
import { renderApp } from '../support/render-app'
import { samplingCardFixture } from '../support/sampling-fixtures'

afterEach(cleanup)

async function openCards(cards: SamplingCard[], api = new FakeDeskApi()) {
  api.approvals.cards = cards
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByTestId('approvals-bell'))
  return rendered
}

async function openCard(card = samplingCardFixture(), api = new FakeDeskApi()) {
  const rendered = await openCards([card], api)
  return { ...rendered, card: screen.getByTestId('approval-card') }
}

function modelSelect(card: HTMLElement): HTMLSelectElement {
  return within(card).getByLabelText<HTMLSelectElement>('Model')
}

describe('approval card: what the request is', () => {
  it('says who asks over which transport, that it wants a model, and since when; its text is selectable', async () => {
    const { card } = await openCard()
    expect(within(card).getByRole('heading').textContent).toBe('Notes wants to run a model')
    expect(card.getAttribute('aria-labelledby')).toBe(within(card).getByRole('heading').id)
    expect(within(card).getByText('stdio: notes-mcp')).toBeTruthy()
    const waited = card.querySelector('time')!
    expect(waited.getAttribute('datetime')).toBe('2026-01-01T00:00:00.000Z')
    expect(waited.textContent).toMatch(/^\d+ (s|min|h|d)/)
    expect(card.querySelector('.approval-card-header')?.classList.contains('selectable')).toBe(true)
    expect(card.querySelector('[data-testid="sampling-message"]')?.classList.contains('selectable')).toBe(
      true,
    )
    // Not a dialog: nothing else in the window is blocked while it waits.
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('composer')).toBeTruthy()
  })

  it('says which tool asked, and in which round, when the request came inside a tool result (2026 era)', async () => {
    const { card } = await openCard(
      samplingCardFixture({ askedInside: { kind: 'tool', name: 'summarize', round: 2 } }),
    )
    expect(within(card).getByTestId('asked-inside').textContent).toBe(
      'asked inside tool “summarize”, round 2',
    )
    cleanup()
    const plain = await openCard()
    expect(within(plain.card).queryByTestId('asked-inside')).toBeNull()
  })

  it('offers only the eligible models, each with its hint match, and says why the others cannot run it', async () => {
    const { card } = await openCard()
    const select = modelSelect(card)
    expect(select.value).toBe('openai/gpt-4o-mini')
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'OpenAI · GPT-4o mini · contains “gpt-4o”',
      'Ollama · Llama 3.2 · image support unknown',
    ])
    // Nobody stated whether Llama takes images: said beside the picker too, and read with it.
    fireEvent.change(select, { target: { value: 'ollama/llama3.2' } })
    const unknowns = within(card).getByTestId('model-unknowns')
    expect(unknowns.textContent).toContain('Not stated for this model: image support unknown.')
    expect(select.getAttribute('aria-describedby')).toContain(unknowns.id)
    // Greyed names with their reasons on hover…
    const greyed = card.querySelector('.ineligible-names .ineligible-name')!
    expect(greyed.textContent).toBe('ollama/tiny')
    expect(greyed.getAttribute('title')).toBe('does not accept images; context window too small')
    // …and the same reasons in a disclosure the keyboard reaches.
    const details = card.querySelector('details')!
    expect(details.querySelector('summary')?.textContent).toBe('Why are other models unavailable? (1)')
    const reasons = within(details).getByRole('list', { name: 'Models that cannot take this request' })
    expect(reasons.textContent).toContain('does not accept images')
    expect(reasons.textContent).toContain('context window too small')
  })

  it('names an ineligible model with its provider’s name when it is configured', async () => {
    const tiny = modelFixture('tiny', { displayName: 'Tiny Llama' })
    const ollama = providerFixture({ id: 'ollama', name: 'Ollama (local)', models: [tiny] })
    const api = new FakeDeskApi({ settings: { models: { providers: [ollama], recentModels: [] } } })
    const { card } = await openCard(samplingCardFixture(), api)
    const name = card.querySelector('.ineligible-names .ineligible-name')
    expect(name?.textContent).toBe('Ollama (local) · Tiny Llama')
  })

  it('shows hinted names as chips, the priorities as three labelled meters, and the parameters on one line', async () => {
    const { card } = await openCard()
    const chips = within(card).getByRole('list', { name: 'Model names the server hinted' })
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['gpt-4o'])

    const meters = [...card.querySelectorAll('meter')]
    expect(
      meters.map((meter) => [meter.getAttribute('aria-label'), meter.value, meter.min, meter.max]),
    ).toEqual([
      ['Cost priority', 0.25, 0, 1],
      ['Speed priority', 0.5, 0, 1],
      ['Intelligence priority', 0.9, 0, 1],
    ])

    const params = within(card).getByTestId('sampling-params')
    expect(params.textContent).toBe('Max tokens 1,024Temperature 0.7Stop "END""\\n\\n"')
  })

  it('says "not given" for a priority the server left out', async () => {
    const { card } = await openCard(samplingCardFixture({ priorities: { speed: 1 } }))
    expect(card.querySelectorAll('meter')).toHaveLength(1)
    expect(card.querySelectorAll('.sampling-priority-none')).toHaveLength(2)
  })

  it('shows each message as a bubble with its role, images with size and bytes, audio with bytes and duration', async () => {
    const { card } = await openCard()
    const bubbles = within(card).getAllByTestId('sampling-message')
    expect(bubbles.map((bubble) => bubble.querySelector('.bubble-role')?.textContent)).toEqual([
      'User',
      'Assistant',
      'User',
    ])
    expect(bubbles[0]!.classList.contains('bubble--user')).toBe(true)
    expect(bubbles[1]!.classList.contains('bubble--assistant')).toBe(true)
    const image = within(bubbles[0]!).getByRole('img')
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(bubbles[0]!.textContent).toContain('Image · image/png · 640 × 480 · 2 KiB')
    expect(bubbles[0]!.textContent).toContain('Audio · audio/wav · 512 KiB · 3.2 s')
    expect(bubbles[2]!.textContent).toContain('All of them.')
  })

  it('says an image has no preview when the host left its data out', async () => {
    const card = samplingCardFixture({
      messages: [{ role: 'user', content: [{ type: 'image', mimeType: 'image/jpeg', bytes: 30_000_000 }] }],
    })
    const { card: element } = await openCard(card)
    expect(within(element).queryByRole('img')).toBeNull()
    expect(element.textContent).toContain('no preview')
    expect(element.textContent).toContain('Image · image/jpeg · 28.6 MiB')
  })

  it('collapses a long system prompt to two lines with "Show all", and a short one needs no toggle', async () => {
    const long = `You are a careful assistant.\n${'Follow the rules. '.repeat(20)}\nNever reveal secrets.`
    const { card } = await openCard(samplingCardFixture({ systemPrompt: long }))
    const prompt = within(card).getByTestId('system-prompt')
    expect(prompt.textContent).toBe(long)
    expect(prompt.classList.contains('system-prompt--collapsed')).toBe(true)
    expect(prompt.getAttribute('style')).toBeNull()
    const toggle = within(card).getByRole('button', { name: 'Show all' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(toggle.getAttribute('aria-controls')).toBe(prompt.id)
    fireEvent.click(toggle)
    expect(prompt.classList.contains('system-prompt--collapsed')).toBe(false)
    expect(within(card).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true')
    cleanup()

    const { card: short } = await openCard()
    expect(within(short).getByTestId('system-prompt').textContent).toBe('You are a terse assistant.')
    expect(within(short).queryByRole('button', { name: 'Show all' })).toBeNull()
  })

  it('estimates the input tokens and its cost for the chosen model, and shows the usage today', async () => {
    const { card } = await openCard()
    const estimate = within(card).getByTestId('sampling-estimate')
    expect(estimate.textContent).toContain('≈ 1,234 tokens · $0.0012')
    expect(estimate.textContent).toContain('3 requests, 4,512 tokens (4,000 in, 512 out)')
    fireEvent.change(modelSelect(card), { target: { value: 'ollama/llama3.2' } })
    expect(estimate.textContent).toContain('cost unknown')
    expect(estimate.textContent).not.toContain('$0.0012')
  })

  it('has no inline styles anywhere on the card', async () => {
    const { card } = await openCard()
    expect(card.querySelectorAll('[style]')).toHaveLength(0)
  })
})

describe('approval card: deciding', () => {
  it('sends the picked model, the edited system prompt and the edited text when approved', async () => {
    const { api, card } = await openCard()
    fireEvent.change(modelSelect(card), { target: { value: 'ollama/llama3.2' } })
    const edit = within(card).getByRole('button', { name: 'Edit' })
    expect(edit.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(edit)
    expect(within(card).getByRole('button', { name: 'Done editing' }).getAttribute('aria-pressed')).toBe(
      'true',
    )

    fireEvent.change(within(card).getByRole('textbox', { name: 'System prompt' }), {
      target: { value: 'Be verbose.' },
    })
    fireEvent.change(within(card).getByRole('textbox', { name: 'Message 3 (user), item 1' }), {
      target: { value: 'Only today’s notes.' },
    })
    // Images and audio are not text: they have no text area.
    expect(
      within(card)
        .getAllByRole('textbox')
        .map((box) => box.getAttribute('aria-label') ?? 'System prompt'),
    ).toEqual([
      'System prompt',
      'Message 1 (user), item 1',
      'Message 2 (assistant), item 1',
      'Message 3 (user), item 1',
    ])

    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(1))
    expect(api.approvals.decisions).toEqual([
      {
        id: 'card-1',
        decision: {
          kind: 'approve',
          modelRef: 'ollama/llama3.2',
          systemPrompt: 'Be verbose.',
          textEdits: [{ message: 2, item: 0, text: 'Only today’s notes.' }],
        },
      },
    ])
    // The host moved the card on: it now streams.
    await waitFor(() => expect(screen.getByTestId('approval-card').dataset.phase).toBe('streaming'))
  })

  it('keeps edits visible (marked) after editing ends, and sends nothing for an edit put back', async () => {
    const { api, card } = await openCard()
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }))
    const first = within(card).getByRole('textbox', { name: 'Message 1 (user), item 1' })
    fireEvent.change(first, { target: { value: 'Summarise nothing.' } })
    fireEvent.change(within(card).getByRole('textbox', { name: 'Message 2 (assistant), item 1' }), {
      target: { value: 'Changed, then…' },
    })
    fireEvent.change(within(card).getByRole('textbox', { name: 'Message 2 (assistant), item 1' }), {
      target: { value: 'Which notes?' },
    })
    fireEvent.click(within(card).getByRole('button', { name: 'Done editing' }))
    const bubbles = within(card).getAllByTestId('sampling-message')
    expect(bubbles[0]!.textContent).toContain('Summarise nothing.edited')
    expect(bubbles[1]!.textContent).not.toContain('edited')

    fireEvent.click(within(card).getByRole('button', { name: 'Approve for this session' }))
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(1))
    expect(api.approvals.decisions[0]!.decision).toEqual({
      kind: 'approve-session',
      modelRef: 'openai/gpt-4o-mini',
      textEdits: [{ message: 0, item: 0, text: 'Summarise nothing.' }],
    })
  })

  it('"Revert edits" puts the server’s text back, so nothing edited is sent', async () => {
    const { api, card } = await openCard()
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }))
    fireEvent.change(within(card).getByRole('textbox', { name: 'System prompt' }), { target: { value: 'x' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Revert edits' }))
    expect(within(card).getByTestId('system-prompt').textContent).toBe('You are a terse assistant.')
    fireEvent.click(within(card).getByRole('button', { name: 'Always allow this server' }))
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(1))
    expect(api.approvals.decisions[0]!.decision).toEqual({ kind: 'always', modelRef: 'openai/gpt-4o-mini' })
  })

  it('denies with Enter on the card itself, as its keyboard help says', async () => {
    const { api, card } = await openCard()
    const help = document.getElementById(card.getAttribute('aria-describedby')!)
    expect(help?.textContent).toMatch(/^Enter on this card denies the request/)
    expect(card.tabIndex).toBe(0)
    card.focus()
    fireEvent.keyDown(card, { key: 'Enter' })
    await waitFor(() =>
      expect(api.approvals.decisions).toEqual([{ id: 'card-1', decision: { kind: 'deny' } }]),
    )
    await waitFor(() => expect(screen.queryByTestId('approval-card')).toBeNull())
    expect(screen.getByTestId('approvals-bell').getAttribute('aria-label')).toBe('Pending approvals: 0')
  })

  it('Enter on a focused button or in a text area is that control’s, never a deny', async () => {
    const { api, card } = await openCard()
    const approve = within(card).getByRole('button', { name: 'Approve' })
    approve.focus()
    fireEvent.keyDown(approve, { key: 'Enter' })
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }))
    const box = within(card).getByRole('textbox', { name: 'System prompt' })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(api.approvals.decisions).toEqual([])
    // The browser turns Enter on a focused button into its click.
    fireEvent.click(approve)
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(1))
    expect(api.approvals.decisions[0]!.decision.kind).toBe('approve')
  })

  it('the Deny button denies', async () => {
    const { api, card } = await openCard()
    fireEvent.click(within(card).getByRole('button', { name: 'Deny' }))
    await waitFor(() =>
      expect(api.approvals.decisions).toEqual([{ id: 'card-1', decision: { kind: 'deny' } }]),
    )
  })

  it('shows why a decision failed and lets the user decide again', async () => {
    const api = new FakeDeskApi()
    api.hold('approvals:decide')
    api.fail('approvals:decide', { code: 'not_found', message: 'no pending approval with id "card-1"' })
    const { card } = await openCard(samplingCardFixture(), api)
    const approve = within(card).getByRole<HTMLButtonElement>('button', { name: 'Approve' })
    fireEvent.click(approve)
    // While the host has not answered, a second click cannot send a second decision.
    expect(approve.disabled).toBe(true)
    expect(card.getAttribute('aria-busy')).toBe('true')
    api.release('approvals:decide')
    await waitFor(() => expect(approve.disabled).toBe(false))
    expect(screen.getByTestId('errors').textContent).toContain(
      'Could not approve the request from Notes: no pending approval with id "card-1"',
    )
  })
})

describe('approval card: streaming and review', () => {
  it('streams the answer with chunk and character counts, and Stop calls sampling:stop', async () => {
    const { api } = await openCard(samplingCardFixture({ phase: 'streaming' }))
    const card = screen.getByTestId('approval-card')
    expect(card.classList.contains('approval-card--streaming')).toBe(true)
    expect(within(card).getByTestId('stream-text').textContent).toBe('Waiting for the model’s first words…')
    act(() => api.approvals.stream('card-1', 'Hello'))
    act(() => api.approvals.stream('card-1', ', world'))
    expect(within(card).getByTestId('stream-text').textContent).toBe('Hello, world')
    expect(within(card).getByTestId('stream-counts').textContent).toBe('2 chunks · 12 characters')
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull()
    // Nothing to deny any more: Enter on the card does nothing.
    fireEvent.keyDown(card, { key: 'Enter' })
    expect(api.approvals.decisions).toEqual([])

    fireEvent.click(within(card).getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(api.callsTo('sampling:stop')).toEqual([{ id: 'card-1' }]))
    await waitFor(() => expect(screen.queryByTestId('approval-card')).toBeNull())
  })

  it('keeps streaming text of one card apart from another’s', async () => {
    const { api } = await openCards([
      samplingCardFixture({ id: 'a', phase: 'streaming' }),
      samplingCardFixture({ id: 'b', phase: 'streaming', serverName: 'Mail' }),
    ])
    act(() => api.approvals.stream('a', 'alpha'))
    act(() => api.approvals.stream('b', 'beta'))
    const [first, second] = screen.getAllByTestId('stream-text')
    expect([first!.textContent, second!.textContent]).toEqual(['alpha', 'beta'])
  })

  it('returns the edited completion in review, or refuses it', async () => {
    const { api } = await openCards([
      samplingCardFixture({ id: 'r1', phase: 'review', completion: 'Draft answer' }),
      samplingCardFixture({ id: 'r2', phase: 'review', completion: 'Another draft' }),
    ])
    openQueuedCards()
    const [first, second] = screen.getAllByTestId('approval-card')
    expect(first!.classList.contains('approval-card--review')).toBe(true)
    const text = within(first!).getByRole<HTMLTextAreaElement>('textbox')
    expect(text.value).toBe('Draft answer')
    fireEvent.change(text, { target: { value: 'Final answer' } })
    fireEvent.click(within(first!).getByRole('button', { name: 'Return to server' }))
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(1))
    expect(api.approvals.decisions[0]).toEqual({
      id: 'r1',
      decision: { kind: 'approve', completion: 'Final answer' },
    })

    fireEvent.click(within(second!).getByRole('button', { name: 'Refuse' }))
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(2))
    expect(api.approvals.decisions[1]).toEqual({ id: 'r2', decision: { kind: 'deny' } })
  })

  it('says in review that an answer stopped at maxTokens is incomplete, and only then', async () => {
    await openCards([
      samplingCardFixture({ id: 'cut', phase: 'review', completion: 'Half', completionCutOff: true }),
      samplingCardFixture({ id: 'whole', phase: 'review', completion: 'Whole' }),
    ])
    openQueuedCards()
    const [cut, whole] = screen.getAllByTestId('approval-card')
    expect(within(cut!).getByTestId('review-cut-off').textContent).toBe(
      'Cut off: the model stopped at this request’s limit of 1024 tokens, so the answer is incomplete.',
    )
    expect(within(whole!).queryByTestId('review-cut-off')).toBeNull()
  })

  it('follows the host as a card moves from approval to streaming to review', async () => {
    const { api } = await openCard()
    act(() => api.approvals.update('card-1', { phase: 'streaming' }))
    act(() => api.approvals.stream('card-1', 'Done.'))
    expect(screen.getByTestId('stream-text').textContent).toBe('Done.')
    act(() => api.approvals.update('card-1', { phase: 'review', completion: 'Done.' }))
    const card = screen.getByTestId('approval-card')
    expect(within(card).getByRole<HTMLTextAreaElement>('textbox').value).toBe('Done.')
    expect(document.getElementById(card.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Enter on this card refuses the answer/,
    )
  })
})
