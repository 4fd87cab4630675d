import type { PromptMessage } from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import { toPromptMessages } from '../../../../../src/main/core/mcp/prompts/prompt-messages'

describe('toPromptMessages', () => {
  it('marks media whose data is not base64 instead of attaching it', () => {
    const messages: PromptMessage[] = [
      { role: 'user', content: { type: 'image', data: 'not base64!', mimeType: 'image/png' } },
    ]
    expect(toPromptMessages('prompt "p"', messages)).toEqual([
      { role: 'user', text: '[image image/png omitted: its data is not valid base64]', attachments: [] },
    ])
  })

  it('names content of a kind prompts do not carry', () => {
    const messages = [{ role: 'user', content: { type: 'hologram' } }] as unknown as PromptMessage[]
    expect(toPromptMessages('prompt "p"', messages)).toEqual([
      { role: 'user', text: '[hologram content omitted: not supported in prompts]', attachments: [] },
    ])
  })

  it('counts every attachment of the result against the binary limit', () => {
    const sixMiB = Buffer.alloc(6 * 1024 * 1024).toString('base64')
    const messages: PromptMessage[] = [
      { role: 'user', content: { type: 'image', data: sixMiB, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'audio', data: sixMiB, mimeType: 'audio/wav' } },
    ]
    expect(() => toPromptMessages('prompt "p"', messages)).toThrow(
      'prompt "p" has 12 MiB of media and embedded binary data, over the 10 MiB limit for attachments',
    )
  })
})
