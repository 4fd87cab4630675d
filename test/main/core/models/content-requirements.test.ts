import { describe, expect, it } from 'vitest'
import {
  base64Bytes,
  contentRequirements,
  rejectionReasons,
  unknownNeeds,
  type ContentRequest,
} from '../../../../src/main/core/models/content-requirements'
import { modelCapabilitiesSchema } from '../../../../src/shared/models/model-schema'
import { MiB, audio, base64OfSize, image, text, userSays } from './selection-fixtures'

const defaults = modelCapabilitiesSchema.parse({})
const seesAndHears = modelCapabilitiesSchema.parse({
  inputModalities: ['text', 'image', 'audio'],
  audioFormats: ['wav', 'mp3'],
})
const reasons = (request: ContentRequest, capabilities = seesAndHears) =>
  rejectionReasons(contentRequirements(request), capabilities)

describe('base64Bytes', () => {
  it.each([
    { data: '', bytes: 0 },
    { data: 'QQ==', bytes: 1 },
    { data: 'QUI=', bytes: 2 },
    { data: 'QUJD', bytes: 3 },
    { data: 'QQ', bytes: 1 },
    { data: 'QUJD\nREVG\r\n', bytes: 6 },
    { data: base64OfSize(25 * MiB), bytes: 25 * MiB },
    { data: base64OfSize(20 * MiB + 1), bytes: 20 * MiB + 1 },
  ])('$bytes bytes from $data.length characters', ({ data, bytes }) => {
    expect(base64Bytes(data)).toBe(bytes)
    if (!/\s/.test(data)) expect(base64Bytes(data)).toBe(Buffer.from(data, 'base64').length)
  })
})

describe('contentRequirements', () => {
  it('walks single blocks, arrays and tool results, numbering items per kind in request order', () => {
    const needs = contentRequirements({
      systemPrompt: 'be brief',
      messages: [
        { role: 'user', content: text('héllo') },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'shot', input: { q: 1 } }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              toolUseId: 't1',
              content: [image(10, 'image/PNG'), { type: 'resource', resource: { uri: 'a:b', text: 'abc' } }],
            },
            image(20, 'image/jpg'),
            audio('audio/x-wav; rate=16000', 30),
          ],
        },
      ],
    })
    expect(needs).toEqual({
      systemPromptBytes: 8,
      texts: [
        { number: 1, bytes: 6 },
        { number: 2, bytes: '{"q":1}'.length },
        { number: 3, bytes: 3 },
      ],
      images: [
        { number: 1, mimeType: 'image/png', bytes: 10 },
        { number: 2, mimeType: 'image/jpeg', bytes: 20 },
      ],
      audio: [{ number: 1, mimeType: 'audio/x-wav', format: 'wav', bytes: 30 }],
      toolCalling: true,
    })
  })

  it('media in embedded blob resources counts as image or audio', () => {
    const blob = (mimeType: string) => ({
      type: 'resource' as const,
      resource: { uri: 'file:///x', mimeType, blob: base64OfSize(12) },
    })
    const needs = contentRequirements({
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              toolUseId: 't',
              content: [blob('image/webp'), blob('audio/ogg'), blob('application/pdf')],
            },
          ],
        },
      ],
    })
    expect(needs.images).toEqual([{ number: 1, mimeType: 'image/webp', bytes: 12 }])
    expect(needs.audio).toEqual([{ number: 1, mimeType: 'audio/ogg', format: undefined, bytes: 12 }])
  })
})

describe('rejectionReasons', () => {
  it.each([
    { name: 'plain text', request: userSays(text('hi')), capabilities: defaults, expected: [] },
    {
      name: 'exactly 1 MiB of UTF-8 text fits',
      request: userSays(text('é'.repeat(MiB / 2))),
      capabilities: defaults,
      expected: [],
    },
    {
      name: 'one byte over the text cap gives exact bytes',
      request: userSays(text('é'.repeat(MiB / 2) + 'a')),
      capabilities: defaults,
      expected: ['text item 1 is 1048577 bytes, over its 1048576-byte limit'],
    },
    {
      name: 'every image kind and size problem, each MIME once',
      request: userSays([
        image(10, 'image/bmp'),
        image(25 * MiB),
        image(10, 'image/bmp'),
        image(21 * MiB, 'image/gif'),
      ]),
      capabilities: seesAndHears,
      expected: [
        'does not accept image/bmp images (accepts jpeg, png, gif, webp)',
        'image 2 is 25 MiB, over its 20 MiB limit',
        'image 4 is 21 MiB, over its 20 MiB limit',
      ],
    },
    {
      name: 'a model limited to png names what it accepts',
      request: userSays(image(10, 'image/webp')),
      capabilities: modelCapabilitiesSchema.parse({
        inputModalities: ['text', 'image'],
        imageMimeTypes: ['image/png'],
      }),
      expected: ['does not accept image/webp images (accepts png)'],
    },
    {
      name: 'audio with no format configured',
      request: userSays(audio('audio/mp3')),
      capabilities: modelCapabilitiesSchema.parse({ inputModalities: ['text', 'audio'] }),
      expected: ['does not accept audio/mp3 audio (no audio formats configured)'],
    },
    {
      name: 'all reasons of a model known to be text-only at once',
      request: {
        ...userSays([image(), audio(), text('x'.repeat(2 * MiB))]),
        tools: [{ name: 't', inputSchema: { type: 'object' as const } }],
      },
      capabilities: modelCapabilitiesSchema.parse({
        toolCalling: false,
        sources: { image: 'family', audio: 'user', toolCalling: 'provider' },
      }),
      expected: [
        'text item 1 is 2 MiB, over its 1 MiB limit',
        'does not accept images',
        'does not accept audio',
        'cannot call tools',
      ],
    },
    {
      name: 'a tool result in the conversation needs tool calling even without tools',
      request: userSays([{ type: 'tool_result' as const, toolUseId: 't', content: [text('ok')] }]),
      capabilities: modelCapabilitiesSchema.parse({ toolCalling: false }),
      expected: ['cannot call tools'],
    },
  ])('$name', ({ request, capabilities, expected }) => {
    expect(reasons(request, capabilities)).toEqual(expected)
  })
})

describe('unknown capabilities do not refuse', () => {
  const tools = [{ name: 't', inputSchema: { type: 'object' as const } }]
  const needs = contentRequirements({ ...userSays([image(), audio()]), tools })

  it('a model nobody described is refused for nothing it might do, and each gap is named', () => {
    expect(rejectionReasons(needs, defaults)).toEqual([])
    expect(unknownNeeds(needs, defaults)).toEqual([
      'image support unknown',
      'audio support unknown',
      'tool support unknown',
    ])
  })

  it('a model known to lack them is refused, with nothing unknown', () => {
    const known = modelCapabilitiesSchema.parse({
      toolCalling: false,
      sources: { image: 'family', audio: 'family', toolCalling: 'family' },
    })
    expect(rejectionReasons(needs, known)).toEqual([
      'does not accept images',
      'does not accept audio',
      'cannot call tools',
    ])
    expect(unknownNeeds(needs, known)).toEqual([])
  })

  it('the host caps still apply to a model whose image support is unknown', () => {
    const request = contentRequirements(userSays([image(25 * MiB), image(10, 'image/bmp')]))
    expect(rejectionReasons(request, defaults)).toEqual([
      'does not accept image/bmp images (accepts jpeg, png, gif, webp)',
      'image 1 is 25 MiB, over its 20 MiB limit',
    ])
  })

  it('audio no adapter can send is refused even where audio support is unknown', () => {
    const request = contentRequirements(userSays(audio('audio/ogg')))
    expect(rejectionReasons(request, defaults)).toEqual([
      'audio/ogg audio cannot be sent to a model (only wav, mp3)',
    ])
  })
})
