import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { catalogApi, promptFixture, promptResultFixture } from '../support/catalog-fixtures'
import type { FakeDeskApi } from '../support/fake-desk-api'
import { renderOpenConversation } from '../support/render-chat'

afterEach(cleanup)

function composer(): HTMLElement {
  return screen.getByTestId('composer')
}

function input(): HTMLTextAreaElement {
  return within(composer()).getByLabelText<HTMLTextAreaElement>('Message')
}

function type(text: string): void {
  fireEvent.change(input(), { target: { value: text } })
}

function key(name: string): void {
  fireEvent.keyDown(input(), { key: name })
}

function optionKeys(): string[] {
  return within(screen.getByRole('listbox', { name: 'Prompts' }))
    .getAllByRole('option')
    .map((option) => option.querySelector('.prompt-option-key')?.textContent ?? '')
}

function activeOption(): HTMLElement {
  const id = input().getAttribute('aria-activedescendant')
  expect(id).toBeTruthy()
  return document.getElementById(id!)!
}

const summarize = promptFixture({
  serverId: 'docs',
  name: 'summarize',
  title: 'Summarize a page',
  description: 'Summarizes one page of the docs.',
  arguments: [
    { name: 'page', description: 'Which page', required: true },
    { name: 'style', required: false },
  ],
  completions: true,
})
const greet = promptFixture({ serverId: 'docs', name: 'greet', description: 'Says hello.' })
const search = promptFixture({ serverId: 'notes', name: 'search-notes', serverName: 'Notes' })

function promptsApi(): FakeDeskApi {
  const api = catalogApi(['docs', 'notes'])
  api.catalog.prompts = [summarize, greet, search]
  api.catalog.promptResults.set(greet.key, promptResultFixture(greet, ['Hello there']))
  api.catalog.promptResults.set(summarize.key, promptResultFixture(summarize, ['Summarize', 'the page']))
  api.catalog.completions.set('docs:summarize:page', ['intro', 'install', 'usage'])
  return api
}

describe('prompt picker', () => {
  it('opens on "/" with every server:prompt and its description, and filters as the user types', async () => {
    await renderOpenConversation([], { api: promptsApi() })
    type('/')
    await waitFor(() =>
      expect(optionKeys()).toEqual(['/docs:summarize', '/docs:greet', '/notes:search-notes']),
    )
    const listbox = screen.getByRole('listbox', { name: 'Prompts' })
    expect(listbox.textContent).toContain('Summarizes one page of the docs.')
    expect(listbox.textContent).toContain('page*, style')
    expect(input().getAttribute('aria-controls')).toBe(listbox.id)

    // Names starting with the query come first; "docs:greet" only contains an "s".
    type('/s')
    expect(optionKeys()).toEqual(['/docs:summarize', '/notes:search-notes', '/docs:greet'])
    type('/sea')
    expect(optionKeys()).toEqual(['/notes:search-notes'])
    type('/notes')
    expect(optionKeys()).toEqual(['/notes:search-notes'])
    type('/zzz')
    expect(within(screen.getByTestId('prompt-picker')).queryByRole('option')).toBeNull()
    expect(screen.getByTestId('prompt-picker').textContent).toContain('No prompt matches “zzz”')

    // A space ends the command: the text is an ordinary message again.
    type('/etc/hosts is a file')
    expect(screen.queryByTestId('prompt-picker')).toBeNull()
  })

  it('moves the highlight with the arrows (wrapping), and Escape closes the list until the slash is retyped', async () => {
    const { api } = await renderOpenConversation([], { api: promptsApi() })
    type('/')
    await screen.findByRole('listbox', { name: 'Prompts' })
    expect(activeOption().textContent).toContain('docs:summarize')
    expect(activeOption().getAttribute('aria-selected')).toBe('true')
    key('ArrowDown')
    expect(activeOption().textContent).toContain('docs:greet')
    key('ArrowUp')
    key('ArrowUp')
    expect(activeOption().textContent).toContain('notes:search-notes')

    key('Escape')
    expect(screen.queryByTestId('prompt-picker')).toBeNull()
    expect(input().getAttribute('aria-activedescendant')).toBeNull()
    type('/g')
    expect(screen.queryByTestId('prompt-picker')).toBeNull()
    type('')
    type('/g')
    await screen.findByRole('listbox', { name: 'Prompts' })
    expect(api.callsTo('chat:send')).toEqual([])
  })

  it('inserts a prompt without arguments on Enter as a chip, and sends its messages with empty text', async () => {
    const { api, meta } = await renderOpenConversation([], { api: promptsApi() })
    type('/gr')
    await waitFor(() => expect(optionKeys()).toEqual(['/docs:greet']))
    key('Enter')
    const chip = await screen.findByTestId('prompt-chip')
    expect(chip.textContent).toContain('Prompt: docs:greet (1 message)')
    expect(chip.textContent).toContain('Hello there')
    expect(input().value).toBe('')
    expect(api.callsTo('chat:send')).toEqual([])
    expect(api.catalog.gets).toEqual([{ key: 'docs:greet', arguments: {} }])

    fireEvent.keyDown(input(), { key: 'Enter' })
    await waitFor(() => expect(screen.queryByTestId('prompt-chip')).toBeNull())
    expect(api.callsTo('chat:send')).toEqual([
      {
        id: meta.id,
        text: '',
        inserted: {
          source: { serverId: 'docs', prompt: 'greet' },
          messages: [{ role: 'user', text: 'Hello there', attachments: [] }],
        },
      },
    ])
  })

  it('chooses with a click too; the chip can be removed and then nothing is inserted', async () => {
    const { api, meta } = await renderOpenConversation([], { api: promptsApi() })
    type('/')
    const greetOption = await screen.findByRole('option', { name: /docs:greet/ })
    fireEvent.click(greetOption)
    const chip = await screen.findByTestId('prompt-chip')
    fireEvent.click(within(chip).getByRole('button', { name: 'Remove prompt docs:greet' }))
    expect(screen.queryByTestId('prompt-chip')).toBeNull()
    expect(document.activeElement).toBe(input())
    const send = within(composer()).getByRole<HTMLButtonElement>('button', { name: 'Send' })
    expect(send.disabled).toBe(true)
    type('Just text')
    fireEvent.click(send)
    await waitFor(() => expect(api.callsTo('chat:send')).toEqual([{ id: meta.id, text: 'Just text' }]))
  })

  it('asks for arguments (required marked and checked), suggests values, and sends them with the text', async () => {
    const { api, meta } = await renderOpenConversation([], { api: promptsApi() })
    type('/summ')
    await waitFor(() => expect(optionKeys()).toEqual(['/docs:summarize']))
    key('Enter')
    const form = await screen.findByTestId('prompt-arguments')
    expect(form.textContent).toContain('Arguments for docs:summarize')
    const page = within(form).getByLabelText<HTMLInputElement>(/^page/)
    const style = within(form).getByLabelText<HTMLInputElement>(/^style/)
    expect(page.required).toBe(true)
    expect(within(form).getByText('(required)')).toBeTruthy()
    expect(style.required).toBe(false)
    expect(form.textContent).toContain('Which page')
    await waitFor(() => expect(document.activeElement).toBe(page))

    fireEvent.click(within(form).getByRole('button', { name: 'Insert prompt' }))
    expect(within(form).getByRole('alert').textContent).toContain('Required')
    expect(page.getAttribute('aria-invalid')).toBe('true')
    expect(api.catalog.gets).toEqual([])

    fireEvent.change(page, { target: { value: 'in' } })
    const suggestions = screen.getByTestId('prompt-argument-0-suggestions')
    await waitFor(() =>
      expect([...suggestions.querySelectorAll('option')].map((option) => option.value)).toEqual([
        'intro',
        'install',
      ]),
    )
    expect(page.getAttribute('list')).toBe(suggestions.id)
    expect(api.callsTo('prompts:complete').at(-1)).toEqual({
      serverId: 'docs',
      prompt: 'summarize',
      argument: 'page',
      value: 'in',
    })

    fireEvent.change(page, { target: { value: 'install' } })
    fireEvent.keyDown(page, { key: 'Enter' })
    const chip = await screen.findByTestId('prompt-chip')
    expect(chip.textContent).toContain('Prompt: docs:summarize (2 messages)')
    expect(screen.queryByTestId('prompt-arguments')).toBeNull()
    expect(api.catalog.gets).toEqual([{ key: 'docs:summarize', arguments: { page: 'install' } }])
    expect(api.callsTo('chat:send')).toEqual([])

    type('Keep it short')
    fireEvent.keyDown(input(), { key: 'Enter' })
    await waitFor(() => expect(api.callsTo('chat:send')).toHaveLength(1))
    expect(api.callsTo('chat:send')[0]).toEqual({
      id: meta.id,
      text: 'Keep it short',
      inserted: {
        source: { serverId: 'docs', prompt: 'summarize' },
        messages: [
          { role: 'user', text: 'Summarize', attachments: [] },
          { role: 'user', text: 'the page', attachments: [] },
        ],
      },
    })
  })

  it('shows the host’s refusal in the form, and Escape cancels it', async () => {
    const api = promptsApi()
    const { store } = await renderOpenConversation([], { api })
    api.fail('prompts:get', { code: 'unavailable', message: 'server "docs" is not connected' })
    type('/summ')
    await waitFor(() => expect(optionKeys()).toEqual(['/docs:summarize']))
    key('Enter')
    const form = await screen.findByTestId('prompt-arguments')
    fireEvent.change(within(form).getByLabelText(/^page/), { target: { value: 'intro' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Insert prompt' }))
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'Could not insert docs:summarize: server "docs" is not connected',
      ),
    )
    expect(store.getState().insertedPrompt).toBeNull()
    fireEvent.keyDown(within(form).getByLabelText(/^page/), { key: 'Escape' })
    expect(screen.queryByTestId('prompt-arguments')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(input()))
  })

  it('names servers whose prompts could not be listed, and lists again when a server announces changes', async () => {
    const api = promptsApi()
    await renderOpenConversation([], { api })
    type('/')
    await screen.findByRole('listbox', { name: 'Prompts' })
    api.catalog.prompts = [...api.catalog.prompts, promptFixture({ serverId: 'notes', name: 'new-one' })]
    act(() => api.emit('prompts:changed', { serverId: 'notes' }))
    await waitFor(() => expect(optionKeys()).toContain('/notes:new-one'))

    api.fail('prompts:list', { code: 'unavailable', message: 'the host is busy' })
    act(() => api.emit('prompts:changed', { serverId: 'notes' }))
    await waitFor(() =>
      expect(within(screen.getByTestId('prompt-picker')).getByRole('alert').textContent).toBe(
        'Could not list prompts: the host is busy',
      ),
    )
    // The list it had is still offered.
    expect(optionKeys()).toContain('/notes:new-one')
  })
})
