import { describe, expect, it } from 'vitest'
import {
  DATA_URL_MAX_BYTES,
  decodedLength,
  imageTokens,
  summarizeForCard,
} from '../../../../src/main/core/sampling/content-summary'
import { validateCreateMessageParams } from '../../../../src/main/core/sampling/validate-request'
import { cardMessageSchema } from '../../../../src/shared/sampling/sampling-card'
import { base64, gif, jpeg, mp3, png, wav } from './media-samples'

const user = (...content: unknown[]) => ({ role: 'user', content })
const validated = (messages: unknown[], extra: Record<string, unknown> = {}) =>
  validateCreateMessageParams({ messages, maxTokens: 10, ...extra }, { allowTools: false })

/** `bytes` followed by zeros up to `size` bytes: a real header in a file of exactly that size. */
function padded(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size)
  out.set(bytes)
  return out
}

describe('summarizeForCard', () => {
  it('shows text as is and picks the first text of the first user message that has one', () => {
    const summary = summarizeForCard(
      validated([
        { role: 'assistant', content: { type: 'text', text: 'earlier answer' } },
        user({ type: 'image', data: base64(png(2, 2)), mimeType: 'image/png' }),
        user({ type: 'text', text: 'What is in the picture?' }, { type: 'text', text: 'second' }),
      ]),
    )
    expect(summary.messages[0]).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'earlier answer' }],
    })
    expect(summary.firstUserText).toBe('What is in the picture?')
    expect(
      summarizeForCard(validated([user({ type: 'image', data: 'AAAA', mimeType: 'image/png' })])),
    ).not.toHaveProperty('firstUserText')
  })

  it('gives images their MIME type, decoded bytes, dimensions and a thumbnail data URL', () => {
    const file = jpeg(800, 600, 0xc2)
    const data = base64(file)
    const [message] = summarizeForCard(
      validated([user({ type: 'image', data, mimeType: 'image/jpeg' })]),
    ).messages
    expect(message?.content).toEqual([
      {
        type: 'image',
        mimeType: 'image/jpeg',
        bytes: file.length,
        width: 800,
        height: 600,
        dataUrl: `data:image/jpeg;base64,${data}`,
      },
    ])
    expect(cardMessageSchema.parse(message)).toEqual(message)
  })

  it('puts only the bare type in the data URL, keeping the MIME type as sent', () => {
    const [message] = summarizeForCard(
      validated([user({ type: 'image', data: base64(gif(1, 1)), mimeType: 'Image/GIF; x=","' })]),
    ).messages
    expect(message?.content[0]).toMatchObject({
      mimeType: 'Image/GIF; x=","',
      dataUrl: expect.stringMatching(/^data:image\/gif;base64,R0lG/),
    })
  })

  it('adds a data URL up to 2 MiB decoded and leaves it out above, keeping size and dimensions', () => {
    const atLimit = base64(padded(png(4000, 3000), DATA_URL_MAX_BYTES))
    const overLimit = base64(padded(png(4000, 3000), DATA_URL_MAX_BYTES + 1))
    const summary = summarizeForCard(
      validated([
        user(
          { type: 'image', data: atLimit, mimeType: 'image/png' },
          { type: 'image', data: overLimit, mimeType: 'image/png' },
        ),
      ]),
    )
    const [small, large] = summary.messages[0]?.content ?? []
    expect(small).toMatchObject({
      bytes: DATA_URL_MAX_BYTES,
      width: 4000,
      height: 3000,
      dataUrl: expect.any(String),
    })
    expect(large).toEqual({
      type: 'image',
      mimeType: 'image/png',
      bytes: DATA_URL_MAX_BYTES + 1,
      width: 4000,
      height: 3000,
    })
  })

  it('leaves dimensions out of an image it cannot read, and estimates it at 765 tokens', () => {
    const summary = summarizeForCard(
      validated([user({ type: 'image', data: 'AAAAAAA=', mimeType: 'image/png' })]),
    )
    expect(summary.messages[0]?.content[0]).toEqual({
      type: 'image',
      mimeType: 'image/png',
      bytes: 5,
      dataUrl: 'data:image/png;base64,AAAAAAA=',
    })
    expect(summary.estimatedInputTokens).toBe(765)
  })

  it('gives audio its bytes and duration (WAV exact, MP3 estimated), or bytes alone when unknown', () => {
    const speech = wav(1000)
    const song = mp3(100)
    const summary = summarizeForCard(
      validated([
        user(
          { type: 'audio', data: base64(speech), mimeType: 'audio/wav' },
          { type: 'audio', data: base64(song), mimeType: 'audio/mpeg' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/ogg' },
        ),
      ]),
    )
    expect(summary.messages[0]?.content).toEqual([
      { type: 'audio', mimeType: 'audio/wav', bytes: speech.length, durationMs: 1000 },
      { type: 'audio', mimeType: 'audio/mpeg', bytes: song.length, durationMs: 2606 },
      { type: 'audio', mimeType: 'audio/ogg', bytes: 3 },
    ])
  })

  it('probes a long WAV from its start while reporting its full size', () => {
    const long = wav(70_000) // 1.1 MB of PCM: more than the decoded probe prefix
    const summary = summarizeForCard(
      validated([user({ type: 'audio', data: base64(long), mimeType: 'audio/wav' })]),
    )
    expect(summary.messages[0]?.content[0]).toEqual({
      type: 'audio',
      mimeType: 'audio/wav',
      bytes: long.length,
      durationMs: 70_000,
    })
  })

  it('estimates tokens: text bytes / 4 (system prompt included), tiles per image, 40 ms per audio token', () => {
    const summary = summarizeForCard(
      validated(
        [
          user(
            { type: 'text', text: 'x'.repeat(10) },
            { type: 'text', text: 'é'.repeat(3) }, // 6 bytes of UTF-8
            { type: 'image', data: base64(png(512, 512)), mimeType: 'image/png' },
            { type: 'audio', data: base64(wav(1000)), mimeType: 'audio/wav' },
          ),
        ],
        { systemPrompt: 'y'.repeat(7) },
      ),
    )
    // ceil((10 + 6 + 7) / 4) = 6; 512×512 is one tile: 85 + 170; 1000 ms / 40 = 25.
    expect(summary.estimatedInputTokens).toBe(6 + 255 + 25)
  })

  it('estimates audio of unknown duration as 128 kbit/s', () => {
    const data = base64(new Uint8Array(16_000)) // 1 s at 128 kbit/s
    const summary = summarizeForCard(validated([user({ type: 'audio', data, mimeType: 'audio/ogg' })]))
    expect(summary.estimatedInputTokens).toBe(25)
  })

  it('summarises tool calls and results in one line each and counts their text', () => {
    const request = validateCreateMessageParams(
      {
        maxTokens: 10,
        tools: [{ name: 'lookup', inputSchema: { type: 'object' } }],
        messages: [
          { role: 'user', content: { type: 'text', text: 'find' } },
          {
            role: 'assistant',
            content: { type: 'tool_use', id: 'call-1', name: 'lookup', input: { q: 'abc' } },
          },
          {
            role: 'user',
            content: {
              type: 'tool_result',
              toolUseId: 'call-1',
              isError: true,
              content: [
                { type: 'text', text: 'not found' },
                { type: 'text', text: 'try again' },
              ],
            },
          },
        ],
      },
      { allowTools: true },
    )
    const summary = summarizeForCard(request)
    expect(summary.messages.map((m) => m.content[0])).toEqual([
      { type: 'text', text: 'find' },
      { type: 'other', summary: 'tool call lookup (11 bytes of arguments)' },
      { type: 'other', summary: 'tool result for call-1: 2 items (text), an error' },
    ])
    // "find" 4 + "lookup" 6 + '{"q":"abc"}' 11 + 9 + 9 = 39 bytes → 10 tokens
    expect(summary.estimatedInputTokens).toBe(10)
    for (const message of summary.messages) expect(() => cardMessageSchema.parse(message)).not.toThrow()
  })
})

describe('imageTokens', () => {
  it.each([
    [{ width: 1, height: 1 }, 255],
    [{ width: 512, height: 512 }, 255],
    [{ width: 513, height: 512 }, 425],
    [{ width: 1024, height: 1024 }, 765], // short side scaled to 768: 2×2 tiles
    [{ width: 4096, height: 2048 }, 1105], // fit to 2048×1024, then 1536×768: 3×2 tiles
    [{ width: 100, height: 1500 }, 595], // no scaling (the short side is never scaled up): 1×3 tiles
    [{ width: 100, height: 10_000 }, 765], // fit to 20.48×2048: 1×4 tiles
  ])('%o → %i', (dimensions, tokens) => {
    expect(imageTokens(dimensions)).toBe(tokens)
  })
})

describe('decodedLength', () => {
  it.each([
    ['', 0],
    ['AAAA', 3],
    ['AAA=', 2],
    ['AA==', 1],
    [base64(new Uint8Array(1000)), 1000],
  ])('%s → %i bytes', (data, bytes) => {
    expect(decodedLength(data)).toBe(bytes)
  })
})
