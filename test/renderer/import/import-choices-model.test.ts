import { describe, expect, it } from 'vitest'
import {
  buildApplyRequest,
  describeLocation,
  initialChoices,
  neededPlaceholders,
} from '../../../src/renderer/src/import/import-choices-model'
import type { ImportPreview } from '../../../src/shared/import/import-preview'
import { claudeDesktopFile } from '../support/import-fixtures'

function preview(): ImportPreview {
  return { previewId: 'p', ...claudeDesktopFile().preview }
}

describe('import choices', () => {
  it('starts from each row default and sends every decision', () => {
    const choices = initialChoices(preview())
    expect(choices.actions).toEqual({ github: 'add', notes: 'skip', search: 'skip' })
    const built = buildApplyRequest(preview(), { ...choices, useEnvironment: true }, ['notes', 'search'])
    expect(built).toEqual({
      request: {
        decisions: [
          { sourceName: 'github', action: 'add' },
          { sourceName: 'notes', action: 'skip' },
          { sourceName: 'search', action: 'skip' },
        ],
        placeholderValues: {},
        useEnvironment: true,
      },
    })
  })

  it('asks only for placeholders of servers being written', () => {
    const choices = initialChoices(preview())
    expect(neededPlaceholders(preview(), choices).map((p) => p.token)).toEqual(['${GITHUB_TOKEN}'])
    choices.actions.github = 'skip'
    expect(neededPlaceholders(preview(), choices)).toEqual([])
  })

  it('refuses an empty or taken new name, and a value nobody gave', () => {
    const choices = initialChoices(preview())
    choices.actions.search = 'rename'
    choices.newNames.search = 'GitHub'
    const built = buildApplyRequest(preview(), choices, ['notes', 'search'])
    expect(built).toEqual({
      errors: {
        'name:search': '“GitHub” is taken too',
        'value:${GITHUB_TOKEN}': 'Type a value, or allow reading it from the environment',
      },
    })
    const missingInEnv = preview()
    missingInEnv.placeholders[0]!.inEnvironment = false
    expect(
      buildApplyRequest(missingInEnv, { ...initialChoices(missingInEnv), useEnvironment: true }, []),
    ).toEqual({
      errors: { 'value:${GITHUB_TOKEN}': 'GITHUB_TOKEN is not set in the environment; type a value' },
    })
  })

  it('sends allowSampling only for a ticked row whose file asks for allow, and never for a skipped one', () => {
    const shown = preview()
    shown.rows = shown.rows.map((row) =>
      row.sourceName === 'notes' ? { ...row, fileAllowsSampling: true } : row,
    )
    const choices = { ...initialChoices(shown), useEnvironment: true }
    // Ticked but not asked for by the file (github), ticked and asked for but skipped (notes).
    const skipped = buildApplyRequest(shown, { ...choices, allowSampling: { github: true, notes: true } }, [])
    expect('request' in skipped && skipped.request.decisions.filter((d) => 'allowSampling' in d)).toEqual([])
    const replaced = buildApplyRequest(
      shown,
      { ...choices, actions: { ...choices.actions, notes: 'replace' }, allowSampling: { notes: true } },
      [],
    )
    expect('request' in replaced && replaced.request.decisions[1]).toEqual({
      sourceName: 'notes',
      action: 'replace',
      allowSampling: true,
    })
  })

  it('says where a placeholder is used in words', () => {
    expect(describeLocation('github: env.GITHUB_TOKEN')).toBe('env.GITHUB_TOKEN of github')
  })
})
