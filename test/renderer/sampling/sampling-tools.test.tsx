import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SamplingCard } from '../../../src/shared/sampling/sampling-card'
import { FakeDeskApi } from '../support/fake-desk-api'
import { renderApp } from '../support/render-app'
import { samplingCardFixture } from '../support/sampling-fixtures'

afterEach(cleanup)

const searchTool = {
  name: 'search_notes',
  description: 'Searches the notes.\nReturns\u200b matching titles.',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
}
const readTool = { name: 'read_note', inputSchema: { type: 'object' } }
/** A schema whose pretty JSON is well past 2 KiB. */
const bigSchema = {
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 60 }, (_, index) => [`field_${index}`, { type: 'string', description: 'a field' }]),
  ),
}

async function openCard(overrides: Partial<SamplingCard>, api = new FakeDeskApi()) {
  api.approvals.cards = [samplingCardFixture(overrides)]
  const rendered = await renderApp(api)
  fireEvent.click(screen.getByTestId('approvals-bell'))
  const card = screen.getByTestId('approval-card')
  return { ...rendered, card }
}

function approveButtons(card: HTMLElement): HTMLButtonElement[] {
  return ['Approve', 'Approve for this session', 'Always allow this server'].map((name) =>
    within(card).getByRole<HTMLButtonElement>('button', { name }),
  )
}

describe('approval card: tools offered', () => {
  it('has no tools section when the request offers no tools', async () => {
    const { card } = await openCard({ tools: [] })
    expect(within(card).queryByTestId('sampling-tools')).toBeNull()
    expect(within(card).queryByRole('checkbox')).toBeNull()
  })

  it('lists each tool checked, with its monospace name, its full description made visible and its mode', async () => {
    const { card } = await openCard({ tools: [searchTool, readTool], toolChoice: 'auto' })
    const section = within(card).getByTestId('sampling-tools')
    expect(within(card).getByRole('region', { name: 'Tools offered' })).toBe(section)
    expect(within(section).getByTestId('tool-choice').textContent).toBe(
      'auto: the model may call these tools',
    )
    const rows = within(section).getAllByTestId('sampling-tool')
    expect(rows).toHaveLength(2)
    const search = within(rows[0]!).getByRole<HTMLInputElement>('checkbox', { name: 'search_notes' })
    expect(search.checked).toBe(true)
    expect(rows[0]!.querySelector('.sampling-tool-name')?.textContent).toBe('search_notes')
    // The whole description, the hidden zero-width space shown as an escape and named on hover.
    const description = document.getElementById(search.getAttribute('aria-describedby')!)!
    expect(description.textContent).toBe('Searches the notes.\nReturns⟦U+200B⟧ matching titles.')
    expect(description.querySelector('mark.invisible-char')?.getAttribute('title')).toBe('ZERO WIDTH SPACE')
    expect(rows[0]!.textContent).toContain('contains 1 invisible character')
    expect(rows[1]!.textContent).toContain('No description.')
    expect(within(section).getByText('2 of 2')).toBeTruthy()
  })

  it('says what required and none mean, and treats a missing mode as auto', async () => {
    const { card } = await openCard({ tools: [readTool], toolChoice: 'required' })
    expect(within(card).getByTestId('tool-choice').textContent).toBe(
      'required: the model must call one of these tools',
    )
    cleanup()
    const { card: none } = await openCard({ tools: [readTool], toolChoice: 'none' })
    expect(within(none).getByTestId('tool-choice').textContent).toBe(
      'none: listed, but the model may not call them',
    )
    cleanup()
    const { card: unset } = await openCard({ tools: [readTool] })
    expect(within(unset).getByTestId('tool-choice').textContent).toBe('auto: the model may call these tools')
  })

  it('keeps each input schema closed as pretty JSON, and a schema past 2 KiB in a box with "Show all"', async () => {
    const { card } = await openCard({
      tools: [searchTool, { name: 'bulk_edit', description: 'Edits many notes.', inputSchema: bigSchema }],
    })
    const [small, big] = within(card).getAllByTestId('sampling-tool')
    const smallDetails = small!.querySelector('details')!
    expect(smallDetails.open).toBe(false)
    expect(smallDetails.querySelector('summary')?.textContent).toBe('Input schema (122 bytes)')
    const smallSchema = within(small!).getByTestId('tool-schema')
    expect(smallSchema.textContent).toBe(JSON.stringify(searchTool.inputSchema, null, 2))
    expect(smallSchema.getAttribute('aria-label')).toBe('Input schema of search_notes')
    expect(smallSchema.classList.contains('schema-json--collapsed')).toBe(false)
    expect(within(small!).queryByRole('button', { name: /Show all/ })).toBeNull()

    const bigDetails = big!.querySelector('details')!
    expect(bigDetails.open).toBe(false)
    fireEvent.click(bigDetails.querySelector('summary')!)
    const bigSchemaText = within(big!).getByTestId('tool-schema')
    expect(bigSchemaText.textContent).toBe(JSON.stringify(bigSchema, null, 2))
    expect(bigSchemaText.classList.contains('schema-json--collapsed')).toBe(true)
    const showAll = within(big!).getByRole('button', { name: /^Show all \(\d+(\.\d)? KiB\)$/ })
    expect(showAll.getAttribute('aria-expanded')).toBe('false')
    expect(showAll.getAttribute('aria-controls')).toBe(bigSchemaText.id)
    fireEvent.click(showAll)
    expect(bigSchemaText.classList.contains('schema-json--collapsed')).toBe(false)
    expect(within(big!).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true')
  })

  it('sends the unchecked tools as removedTools when approved', async () => {
    const { api, card } = await openCard({ tools: [searchTool, readTool], toolChoice: 'required' })
    const read = within(card).getByRole<HTMLInputElement>('checkbox', { name: 'read_note' })
    fireEvent.click(read)
    expect(read.checked).toBe(false)
    expect(within(card).getAllByTestId('sampling-tool')[1]!.textContent).toContain('removed from the offer')
    expect(within(card).getByText('1 of 2')).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Approve for this session' }))
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(1))
    expect(api.approvals.decisions[0]).toEqual({
      id: 'card-1',
      decision: { kind: 'approve-session', modelRef: 'openai/gpt-4o-mini', removedTools: ['read_note'] },
    })
  })

  it('sends no removedTools when every tool stays checked, including one unchecked and checked again', async () => {
    const { api, card } = await openCard({ tools: [searchTool, readTool] })
    const search = within(card).getByRole('checkbox', { name: 'search_notes' })
    fireEvent.click(search)
    fireEvent.click(search)
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(1))
    expect(api.approvals.decisions[0]!.decision).toEqual({ kind: 'approve', modelRef: 'openai/gpt-4o-mini' })
  })

  it('warns and disables approving when a required tool call is left with no tool, until one is checked again', async () => {
    const { api, card } = await openCard({ tools: [searchTool, readTool], toolChoice: 'required' })
    fireEvent.click(within(card).getByRole('checkbox', { name: 'search_notes' }))
    expect(within(card).queryByRole('alert')).toBeNull()
    fireEvent.click(within(card).getByRole('checkbox', { name: 'read_note' }))

    const warning = within(card).getByRole('alert')
    expect(warning.textContent).toContain('asked to call a tool with none offered')
    expect(warning.textContent).toContain('the host will refuse the request')
    for (const button of approveButtons(card)) {
      expect(button.disabled).toBe(true)
      expect(button.getAttribute('aria-describedby')).toBe(warning.id)
    }
    fireEvent.click(approveButtons(card)[0]!)
    // Deny stays available.
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Deny' }).disabled).toBe(false)
    expect(api.approvals.decisions).toEqual([])

    fireEvent.click(within(card).getByRole('checkbox', { name: 'read_note' }))
    expect(within(card).queryByRole('alert')).toBeNull()
    expect(approveButtons(card).map((button) => button.disabled)).toEqual([false, false, false])
  })

  it('lets auto and none approve with every tool removed, sending all of them', async () => {
    const { api, card } = await openCard({ tools: [searchTool, readTool], toolChoice: 'auto' })
    fireEvent.click(within(card).getByRole('checkbox', { name: 'search_notes' }))
    fireEvent.click(within(card).getByRole('checkbox', { name: 'read_note' }))
    expect(within(card).queryByRole('alert')).toBeNull()
    fireEvent.click(within(card).getByRole('button', { name: 'Always allow this server' }))
    await waitFor(() => expect(api.approvals.decisions).toHaveLength(1))
    expect(api.approvals.decisions[0]!.decision).toEqual({
      kind: 'always',
      modelRef: 'openai/gpt-4o-mini',
      removedTools: ['search_notes', 'read_note'],
    })
  })
})
