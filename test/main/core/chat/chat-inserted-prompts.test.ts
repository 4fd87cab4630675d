// Inserted prompt messages reach the model (issue 10 item 4) and the limits of one message: prompts go
// before the text in order and with their roles, may stand alone, and are replayed after a reload.
// The rig: attachment-chat-rig.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readAttachedResources } from '../../../../src/main/core/chat/attached-resources'
import { startAttachmentChatRig, TINY_PNG, type AttachmentChatRig } from './attachment-chat-rig'

let rig: AttachmentChatRig
beforeEach(async () => {
  rig = await startAttachmentChatRig()
})
afterEach(async () => {
  await rig.close()
})

describe('inserted prompt messages', () => {
  it('go before the text, in order and with their roles, and are replayed after a reload', async () => {
    const id = rig.engine.conversations.create({ model: rig.models.vision }).id
    const media = await rig.prompts.get(rig.ids.catalog, 'media')
    const first = await rig.send(id, {
      text: 'What do you make of it?',
      inserted: { source: { serverId: rig.ids.catalog, prompt: 'media' }, messages: media.messages },
    })
    const pngPart = { type: 'image_url', image_url: { url: `data:image/png;base64,${TINY_PNG}` } }
    expect(first).toEqual([
      { role: 'user', content: [pngPart] },
      // The provider sends a message of one text part as a plain string.
      {
        role: 'user',
        content: '[audio (audio/wav, 4 bytes) in the prompt was not sent: the model does not take audio]',
      },
      { role: 'assistant', content: 'I see a picture and a sound.' },
      { role: 'user', content: 'Some notes.' },
      { role: 'user', content: [pngPart] },
      { role: 'user', content: 'Notes: catalog://notes' },
      { role: 'user', content: 'What do you make of it?' },
    ])

    const { records } = rig.reloaded(id)
    expect(records.filter((r) => r.type !== 'meta').map((r) => r.type)).toEqual([
      'turn',
      'prompt',
      'user',
      'assistant',
      'turn',
    ])
    const prompt = records.find((record) => record.type === 'prompt')
    expect(prompt).toMatchObject({
      serverId: rig.ids.catalog,
      prompt: 'media',
      messages: [
        { role: 'user', text: '', attachments: [{ kind: 'image', mimeType: 'image/png', bytes: 73 }] },
        { role: 'user', attachments: [{ kind: 'audio', notSent: 'the model does not take audio' }] },
        { role: 'assistant', text: 'I see a picture and a sound.', attachments: [] },
        { role: 'user', text: 'Some notes.', resource: { uri: 'catalog://notes', mimeType: 'text/plain' } },
        { role: 'user', attachments: [{ kind: 'image', uri: 'catalog://pixel' }] },
        { role: 'user', text: 'Notes: catalog://notes' },
      ],
    })
    expect(rig.transcriptFiles()).not.toContain(TINY_PNG)

    const second = await rig.send(id, { text: 'Thanks' })
    const sentBefore = (uri: string) =>
      `[${uri}image/png, 73 bytes) in the prompt was sent in an earlier turn; its data is not kept, so it is not sent again]`
    expect(second).toEqual([
      { role: 'user', content: sentBefore('image (') },
      first[1],
      first[2],
      first[3],
      { role: 'user', content: sentBefore('Resource catalog://pixel (') },
      first[5],
      first[6],
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'Thanks' },
    ])
    rig.expectNoSecrets()
  })

  it('may stand alone: a prompt with arguments and no text of its own, titled by its first line', async () => {
    const id = rig.engine.conversations.create({ model: rig.models.text }).id
    const greet = await rig.prompts.get(rig.ids.fixture, 'greet', { name: 'Ada' })
    const messages = await rig.send(id, {
      text: '',
      inserted: { source: { serverId: rig.ids.fixture, prompt: 'greet' }, messages: greet.messages },
      attachments: [{ serverId: rig.ids.catalog, uri: 'catalog://notes' }],
    })
    expect(messages).toEqual([
      { role: 'user', content: 'Please greet Ada warmly.' },
      { role: 'user', content: expect.stringContaining('\nSome notes.\n') },
    ])
    const { meta, records } = rig.reloaded(id)
    expect(meta.title).toBe('Please greet Ada warmly.')
    expect(records.find((record) => record.type === 'user')).toMatchObject({
      text: '',
      resources: [{ uri: 'catalog://notes' }],
    })
  })

  it('refuses an empty message without a prompt, before anything is read or sent', async () => {
    const id = rig.engine.conversations.create({ model: rig.models.text }).id
    await expect(rig.engine.runner.send(id, { text: '  ' }, false)).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'message must not be empty',
    })
    expect(rig.mock.requests).toHaveLength(0)
  })
})

describe('the limits of one message', () => {
  it('refuses resources that are over the text limit together, though each is under it', async () => {
    const half = 'x'.repeat(600 * 1024)
    const read = (serverId: string, uri: string) =>
      Promise.resolve({
        serverId,
        serverName: serverId,
        uri,
        contents: [{ kind: 'text' as const, uri, text: half }],
      })
    await expect(
      readAttachedResources(read, [
        { serverId: 's', uri: 'a://1' },
        { serverId: 's', uri: 'a://2' },
        { serverId: 's', uri: 'a://1' },
      ]),
    ).rejects.toThrow(
      'this message, with its 2 attachments, has 1.2 MiB of text, over the 1 MiB limit for attaching text',
    )
  })
})
