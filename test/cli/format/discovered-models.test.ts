import { describe, expect, it } from 'vitest'
import { formatDiscoveredModels, plural } from '../../../src/cli/format/discovered-models'

const provider = { id: 'local', name: 'Local\u001b[1m' }
const served = [
  { id: 'llama3.2', configured: true, chat: true },
  { id: 'qwen2.5-coder', configured: false, chat: true },
  { id: 'nomic-embed-text', configured: false, chat: false },
]

describe('formatDiscoveredModels', () => {
  it('aligns each id with its state, before and after --add', () => {
    expect(formatDiscoveredModels(provider, served, false)).toEqual([
      'local (Local\\x1b[1m) serves 3 models:',
      '  llama3.2          configured',
      '  qwen2.5-coder     new',
      '  nomic-embed-text  new, not a chat model',
    ])
    expect(formatDiscoveredModels(provider, served, true).slice(2)).toEqual([
      '  qwen2.5-coder     added',
      '  nomic-embed-text  not added: not a chat model',
    ])
  })

  it('says when nothing is served', () => {
    expect(formatDiscoveredModels(provider, [], false)).toEqual(['local (Local\\x1b[1m) serves no models'])
  })
})

describe('plural', () => {
  it('adds an s unless there is one', () => {
    expect([plural(0, 'model'), plural(1, 'model'), plural(2, 'new chat model')]).toEqual([
      '0 models',
      '1 model',
      '2 new chat models',
    ])
  })
})
