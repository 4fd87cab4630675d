import { describe, expect, it } from 'vitest'
import {
  argumentsToSend,
  filterPrompts,
  messageCountLabel,
  missingArguments,
  moveActive,
  pickerQuery,
} from '../../../src/renderer/src/prompts/prompt-picker-model'
import { promptFixture } from '../support/catalog-fixtures'

describe('pickerQuery', () => {
  it('is the word after a leading slash, and null for anything else', () => {
    expect(pickerQuery('/')).toBe('')
    expect(pickerQuery('/sum')).toBe('sum')
    expect(pickerQuery('/docs:sum')).toBe('docs:sum')
    expect(pickerQuery('')).toBeNull()
    expect(pickerQuery('hello /sum')).toBeNull()
    expect(pickerQuery('/etc/hosts is')).toBeNull()
    expect(pickerQuery('/sum\n')).toBeNull()
  })
})

describe('filterPrompts', () => {
  const prompts = [
    promptFixture({ serverId: 'docs', name: 'review-code', title: 'Code review' }),
    promptFixture({ serverId: 'notes', name: 'code' }),
    promptFixture({ serverId: 'docs', name: 'greet', title: 'Say HELLO' }),
  ]

  it('keeps everything for an empty query, in the host’s order', () => {
    expect(filterPrompts(prompts, '').map((p) => p.key)).toEqual([
      'docs:review-code',
      'notes:code',
      'docs:greet',
    ])
  })

  it('matches key, name and title case-insensitively; names or keys starting with the query first', () => {
    expect(filterPrompts(prompts, 'CODE').map((p) => p.key)).toEqual(['notes:code', 'docs:review-code'])
    expect(filterPrompts(prompts, 'hello').map((p) => p.key)).toEqual(['docs:greet'])
    expect(filterPrompts(prompts, 'notes:').map((p) => p.key)).toEqual(['notes:code'])
    expect(filterPrompts(prompts, 'nothing')).toEqual([])
  })
})

describe('moveActive', () => {
  it('wraps at both ends', () => {
    expect(moveActive(0, 3, 'ArrowDown')).toBe(1)
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0)
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2)
    expect(moveActive(0, 0, 'ArrowUp')).toBe(0)
  })
})

describe('arguments', () => {
  const prompt = promptFixture({
    serverId: 'docs',
    name: 'p',
    arguments: [
      { name: 'a', required: true },
      { name: 'b', required: false },
      { name: 'c', required: true },
    ],
  })

  it('names the required arguments still empty (blank counts as empty)', () => {
    expect(missingArguments(prompt, {})).toEqual(['a', 'c'])
    expect(missingArguments(prompt, { a: '  ', c: 'x' })).toEqual(['a'])
    expect(missingArguments(prompt, { a: 'x', c: 'y' })).toEqual([])
  })

  it('leaves empty values out of what is sent', () => {
    expect(argumentsToSend({ a: 'x', b: '', c: ' y ' })).toEqual({ a: 'x', c: ' y ' })
  })

  it('counts messages', () => {
    expect(messageCountLabel(1)).toBe('1 message')
    expect(messageCountLabel(3)).toBe('3 messages')
  })
})
