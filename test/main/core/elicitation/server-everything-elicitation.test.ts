// Elicitation against the real server-everything over stdio: its trigger-elicitation-request tool (form
// mode, every field kind) and trigger-url-elicitation (URL mode, registered only because the host declares
// `elicitation.url`). What the server received is read back from each tool's own result text.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FormElicitationCard } from '../../../../src/shared/elicitation/elicitation-card'
import { IpcFailure } from '../../../../src/shared/ipc/ipc-error'
import { spawnCommandFor } from '../../../support/spawn-command'
import {
  nextCard,
  rawResult,
  resultText,
  setupElicitation,
  type ElicitationSetup,
} from './elicitation-support'

let setup: ElicitationSetup
beforeEach(async () => {
  setup = setupElicitation()
  setup.configs.add({ name: 'everything', transport: 'stdio', ...spawnCommandFor('server-everything') })
  await setup.servers.start()
})
afterEach(() => setup.close())

function callTool(name: string, args: Record<string, unknown> = {}) {
  return setup.servers.connection('everything').callTool(name, args)
}

async function formCard(): Promise<FormElicitationCard> {
  const card = await nextCard(setup.service)
  if (card.mode !== 'form') throw new Error('expected a form card')
  return card
}

describe('elicitation with server-everything over stdio', () => {
  it('declares form (applyDefaults) and URL mode, so both elicitation tools are offered', () => {
    const tools = setup.servers.get('everything').tools.map((tool) => tool.name)
    expect(tools).toEqual(expect.arrayContaining(['trigger-elicitation-request', 'trigger-url-elicitation']))
  })

  it('shows the form with every field kind and its defaults', async () => {
    const call = callTool('trigger-elicitation-request')
    const card = await formCard()
    expect(card).toMatchObject({
      kind: 'elicitation',
      mode: 'form',
      serverId: 'everything',
      serverName: 'everything',
      transportLabel: expect.stringMatching(/^stdio: /),
      message: 'Please provide inputs for the following fields:',
    })
    expect(card.fields.map((field) => [field.name, field.type, field.required, field.default])).toEqual([
      ['name', 'string', true, undefined],
      ['check', 'boolean', false, undefined],
      ['firstLine', 'string', false, 'It was a dark and stormy night.'],
      ['email', 'string', false, undefined],
      ['homepage', 'string', false, undefined],
      ['birthdate', 'string', false, undefined],
      ['integer', 'integer', false, 42],
      ['number', 'number', false, 3.14],
      ['untitledSingleSelectEnum', 'single-select', false, 'Monica'],
      ['untitledMultipleSelectEnum', 'multi-select', false, ['Guitar']],
      ['titledSingleSelectEnum', 'single-select', false, 'hero-1'],
      ['titledMultipleSelectEnum', 'multi-select', false, ['fish-1']],
      ['legacyTitledEnum', 'single-select', false, 'pet-1'],
    ])
    expect(card.fields.find((field) => field.name === 'email')).toMatchObject({ format: 'email' })
    expect(card.fields.find((field) => field.name === 'legacyTitledEnum')).toMatchObject({
      options: expect.arrayContaining([{ value: 'pet-2', label: 'Dogs' }]),
    })
    setup.service.answer({ id: card.id, action: 'cancel' })
    await call
  })

  it('completes with the user edits and every default the user left out', async () => {
    const call = callTool('trigger-elicitation-request')
    const card = await formCard()
    setup.service.answer({
      id: card.id,
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        check: true,
        email: 'ada@example.com',
        integer: 7,
        titledMultipleSelectEnum: ['fish-2', 'fish-3'],
      },
    })
    expect(setup.service.list()).toEqual([])
    const text = resultText(await call)
    expect(text).toContain('✅ User provided the requested information!')
    expect(text).toContain('- Name: Ada Lovelace')
    expect(text).toContain('- Agreed to terms: true')
    expect(text).toContain('- Email: ada@example.com')
    expect(text).toContain('- Favorite Integer: 7')
    // Left out by the user, filled in from the schema's default (applyDefaults).
    expect(text).toContain('- Favorite Number: 3.14')
    expect(rawResult(text)).toEqual({
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        check: true,
        email: 'ada@example.com',
        integer: 7,
        titledMultipleSelectEnum: ['fish-2', 'fish-3'],
        firstLine: 'It was a dark and stormy night.',
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar'],
        titledSingleSelectEnum: 'hero-1',
        legacyTitledEnum: 'pet-1',
      },
    })
  })

  it('refuses an answer that does not fit the schema, naming the field, and sends nothing', async () => {
    const call = callTool('trigger-elicitation-request')
    const card = await formCard()
    let refused: unknown
    try {
      setup.service.answer({ id: card.id, action: 'accept', content: { integer: 500 } })
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(IpcFailure)
    expect(refused).toMatchObject({
      code: 'validation_failed',
      message: '"String" (name) is required; "Integer" (integer) must be at most 100',
      data: {
        issues: [
          { field: 'name', message: '"String" (name) is required' },
          { field: 'integer', message: '"Integer" (integer) must be at most 100' },
        ],
      },
    })
    // The card is still waiting for a valid answer.
    expect(setup.service.list().map((shown) => shown.id)).toEqual([card.id])
    setup.service.answer({ id: card.id, action: 'accept', content: { name: 'Grace', integer: 100 } })
    expect(rawResult(resultText(await call))).toMatchObject({
      action: 'accept',
      content: { name: 'Grace', integer: 100 },
    })
  })

  it('declining gives the server the spec result {action: "decline"}', async () => {
    const call = callTool('trigger-elicitation-request')
    const card = await formCard()
    setup.service.answer({ id: card.id, action: 'decline' })
    const text = resultText(await call)
    expect(text).toContain('❌ User declined to provide the requested information.')
    expect(rawResult(text)).toEqual({ action: 'decline' })
  })

  it('cancelling gives the server the spec result {action: "cancel"}', async () => {
    const call = callTool('trigger-elicitation-request')
    const card = await formCard()
    setup.service.answer({ id: card.id, action: 'cancel' })
    const text = resultText(await call)
    expect(text).toContain('⚠️ User cancelled the elicitation dialog.')
    expect(rawResult(text)).toEqual({ action: 'cancel' })
  })

  it('shows a URL card; accepting tells the server and keeps the card until it is dismissed', async () => {
    const call = callTool('trigger-url-elicitation', {
      url: 'https://auth.example.com/consent?session=42',
      message: 'Sign in to continue.',
      elicitationId: 'consent-42',
    })
    const card = await nextCard(setup.service)
    expect(card).toMatchObject({
      mode: 'url',
      serverName: 'everything',
      message: 'Sign in to continue.',
      url: 'https://auth.example.com/consent?session=42',
      host: 'auth.example.com',
      elicitationId: 'consent-42',
      opened: false,
      completed: false,
    })
    setup.service.answer({ id: card.id, action: 'accept' })
    const text = resultText(await call)
    expect(text).toContain('✅ User completed the URL elicitation flow.')
    expect(rawResult(text)).toEqual({ action: 'accept' })
    expect(setup.service.list()).toMatchObject([{ id: card.id, opened: true, completed: false }])
    expect(() => setup.service.answer({ id: card.id, action: 'decline' })).toThrow(/already answered/)
    setup.service.dismiss(card.id)
    expect(setup.service.list()).toEqual([])
  })

  it('declines a URL card the user declines or cancels with the spec results', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const call = callTool('trigger-url-elicitation', { url: 'https://example.com/pay' })
      const card = await nextCard(setup.service)
      setup.service.answer({ id: card.id, action })
      expect(rawResult(resultText(await call))).toEqual({ action })
      expect(setup.service.list()).toEqual([])
    }
  })

  it('declines a plain-http URL to another computer without showing it, and logs why', async () => {
    const text = resultText(await callTool('trigger-url-elicitation', { url: 'http://example.com/login' }))
    expect(text).toContain('❌ User declined to open the URL')
    expect(setup.service.list()).toEqual([])
    expect(setup.log).toEqual([
      'elicitation from everything declined: its URL is not opened: plain http links are only opened for ' +
        'this computer (localhost), not example.com',
    ])
  })

  it('drops the cards of a server whose connection closes', async () => {
    const call = callTool('trigger-elicitation-request')
    call.catch(() => undefined)
    await formCard()
    await setup.servers.setEnabled('everything', false)
    expect(setup.service.list()).toEqual([])
    await expect(call).rejects.toThrow()
  })
})
