import { describe, expect, it } from 'vitest'
import { formatProvidersTable, keyStateOf } from '../../../src/cli/format/providers-table'
import { providerConfigSchema, type ProviderConfig } from '../../../src/shared/models/model-schema'

function provider(fields: Record<string, unknown>): ProviderConfig {
  return providerConfigSchema.parse({ preset: 'custom', baseUrl: 'http://127.0.0.1:1/v1', ...fields })
}

describe('keyStateOf', () => {
  it('tells a stored key from none and from a reference whose secret is gone', () => {
    const stored = new Set(['provider.a.apiKey'])
    expect(
      keyStateOf(provider({ id: 'a', name: 'A', apiKey: { secret: 'provider.a.apiKey' } }), stored),
    ).toBe('yes')
    expect(keyStateOf(provider({ id: 'b', name: 'B' }), stored)).toBe('no')
    expect(
      keyStateOf(provider({ id: 'c', name: 'C', apiKey: { secret: 'provider.c.apiKey' } }), stored),
    ).toBe('missing')
  })
})

describe('formatProvidersTable', () => {
  it('aligns the columns and masks credentials in the base URL', () => {
    const providers = [
      provider({
        id: 'openai',
        name: 'OpenAI',
        preset: 'openai',
        baseUrl: 'https://api.openai.com/v1',
        models: [{ id: 'a' }, { id: 'b' }],
      }),
      provider({ id: 'proxy', name: 'Proxy', baseUrl: 'https://me:pw@proxy.test/v1?token=t0k' }),
    ]
    expect(formatProvidersTable(providers, ['yes', 'no'])).toEqual([
      'ID      NAME    PRESET  KEY  MODELS  BASE URL',
      'openai  OpenAI  openai  yes       2  https://api.openai.com/v1',
      'proxy   Proxy   custom  no        0  https://***:***@proxy.test/v1?token=***',
    ])
  })

  it('cuts long names and URLs to fit the width, and escapes control characters', () => {
    const long = provider({
      id: 'long',
      name: `A\u001b[31m very long provider name indeed`,
      baseUrl: `https://example.test/${'v'.repeat(120)}`,
    })
    const lines = formatProvidersTable([long], ['missing'], 80)
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80)
    expect(lines[1]).toContain('A\\x1b[31m very long…')
    expect(lines[1]).toMatch(/https:\/\/example\.test\/v+…$/)
    expect(lines[1]).not.toContain('\u001b')
  })
})
