// What went with the user's messages, as a loaded transcript shows it: a server prompt's inserted messages
// with where they came from, and attached resources by address, type and size, saying which the model did
// not get and why. Records go through the transcript schema first, as the host loads them.
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  transcriptRecordSchema,
  type TranscriptRecordInput,
} from '../../../src/shared/chat/transcript-schema'
import { recordFixture } from '../support/fake-chat'
import { renderOpenConversation } from '../support/render-chat'

afterEach(cleanup)

function loaded(input: TranscriptRecordInput) {
  return transcriptRecordSchema.parse(recordFixture(input))
}

describe('transcript: prompts and attachments', () => {
  it('shows an inserted prompt before the user message and the resources attached to it', async () => {
    await renderOpenConversation([
      loaded({ type: 'turn', turnId: 't1', status: 'started' }),
      loaded({
        type: 'prompt',
        turnId: 't1',
        serverId: 'catalog',
        prompt: 'media',
        messages: [
          {
            role: 'user',
            text: '',
            attachments: [
              { kind: 'audio', mimeType: 'audio/wav', bytes: 4, notSent: 'the model does not take audio' },
            ],
          },
          { role: 'assistant', text: 'I see a picture and a sound.', attachments: [] },
          {
            role: 'user',
            text: 'Some notes.',
            resource: { uri: 'catalog://notes', mimeType: 'text/plain' },
            attachments: [],
          },
          { role: 'user', text: '', attachments: [] },
        ],
      }),
      loaded({
        type: 'user',
        turnId: 't1',
        text: 'What do you make of it?',
        resources: [
          {
            kind: 'text',
            serverId: 'catalog',
            uri: 'catalog://notes',
            mimeType: 'text/plain',
            bytes: 11,
            text: 'Some notes.',
          },
          {
            kind: 'image',
            serverId: 'catalog',
            uri: 'catalog://pixel',
            mimeType: 'image/png',
            bytes: 2048,
            notSent: 'the model does not take images',
          },
        ],
      }),
    ])
    const view = screen.getByTestId('transcript')
    const prompt = within(view).getByTestId('chat-prompt')
    const section = within(prompt).getByRole('region', { name: 'Prompt catalog:media' })
    expect(section.textContent).toContain('Prompt catalog:media inserted')
    const messages = within(section)
      .getAllByRole('listitem')
      .filter((li) => li.matches('.chat-prompt-message'))
    expect(messages.map((li) => li.querySelector('.chat-prompt-role')?.textContent)).toEqual([
      'User',
      'Assistant',
      'User · resource catalog://notes',
      'User',
    ])
    expect(messages[0]!.textContent).toContain('Audio · audio/wav · 4 B')
    expect(messages[0]!.textContent).toContain('Not sent to the model: the model does not take audio')
    expect(within(messages[1]!).getByLabelText('Message text').textContent).toBe(
      'I see a picture and a sound.',
    )
    expect(messages[3]!.textContent).toContain('An empty message.')

    const user = within(view).getByTestId('chat-user')
    expect(user.querySelector('.chat-bubble')?.textContent).toBe('What do you make of it?')
    const attached = within(user).getByRole('list', { name: 'Attached resources' })
    expect(
      within(attached)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Text · catalog://notes · text/plain · 11 B',
      'Image · catalog://pixel · image/png · 2 KiB' + 'Not sent to the model: the model does not take images',
    ])
    // The prompt comes before the user's own message, as the model read them.
    expect(prompt.compareDocumentPosition(user) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('shows a message of attachments only without an empty bubble', async () => {
    await renderOpenConversation([
      loaded({
        type: 'user',
        turnId: 't1',
        text: '',
        resources: [{ kind: 'binary', uri: 'catalog://blob', mimeType: 'application/pdf', bytes: 10 }],
      }),
    ])
    const user = within(screen.getByTestId('transcript')).getByTestId('chat-user')
    expect(user.querySelector('.chat-bubble')).toBeNull()
    expect(user.textContent).toBe('File · catalog://blob · application/pdf · 10 B')
  })
})
