import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IpcFailure } from '../../../../../src/shared/ipc/ipc-error'
import { promptListSchema, promptResultSchema } from '../../../../../src/shared/mcp/prompts'
import { catalogServer, spawnCommandFor, startCatalogHost, type CatalogHost } from './catalog-host'

let host: CatalogHost
beforeAll(async () => {
  host = await startCatalogHost({
    everything: spawnCommandFor('server-everything'),
    fixture: spawnCommandFor('fixture'),
    catalog: catalogServer(),
    bare: catalogServer(['--bare']),
  })
})
afterAll(() => host.shutdown())

/** The IpcFailure a call rejects with, so tests can check its code and message together. */
async function failureOf(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error: unknown = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof IpcFailure)) throw new Error(`expected an IpcFailure, got ${String(error)}`)
  return { code: error.code, message: error.message }
}

describe('PromptService.list', () => {
  it("lists every connected server's prompts as server:prompt, with their arguments, in one call", async () => {
    const list = promptListSchema.parse(await host.prompts.list())
    expect(list.failures).toEqual([])
    expect(list.prompts.map((prompt) => prompt.key)).toEqual([
      'everything:simple-prompt',
      'everything:args-prompt',
      'everything:completable-prompt',
      'everything:resource-prompt',
      'fixture:greet',
      // Two pages of two: every page is followed.
      'catalog:plain',
      'catalog:review',
      'catalog:media',
      'catalog:huge',
    ])
    expect(list.prompts.find((prompt) => prompt.key === 'everything:args-prompt')).toEqual({
      key: 'everything:args-prompt',
      serverId: 'everything',
      serverName: 'everything',
      name: 'args-prompt',
      title: 'Arguments Prompt',
      description: 'A prompt with two arguments, one required and one optional',
      arguments: [
        { name: 'city', description: 'Name of the city', required: true },
        // The server's SDK drops the description of `.describe(...).optional()`; listed as it comes.
        { name: 'state', required: false },
      ],
      completions: true,
    })
    expect(list.prompts.find((prompt) => prompt.key === 'fixture:greet')).toMatchObject({
      arguments: [{ name: 'name', required: true }],
      completions: false,
    })
  })

  it('lists one server alone, and a server without the prompts capability as empty, without asking it', async () => {
    expect((await host.prompts.list('fixture')).prompts.map((prompt) => prompt.name)).toEqual(['greet'])
    expect(await host.prompts.list('bare')).toEqual({ prompts: [], failures: [] })
  })

  it('names an unknown server (not_found) and one that is not connected (unavailable)', async () => {
    expect(await failureOf(host.prompts.list('ghost'))).toEqual({
      code: 'not_found',
      message: 'no server with id "ghost"',
    })
    await host.servers.setEnabled('bare', false)
    try {
      expect(await failureOf(host.prompts.get('bare', 'anything'))).toEqual({
        code: 'unavailable',
        message: 'server "bare" is disabled, not connected',
      })
      expect((await host.prompts.list()).prompts.some((prompt) => prompt.serverId === 'bare')).toBe(false)
    } finally {
      await host.servers.setEnabled('bare', true)
    }
  })
})

describe('PromptService.get', () => {
  it('fills in a prompt without arguments', async () => {
    const result = promptResultSchema.parse(await host.prompts.get('everything', 'simple-prompt'))
    expect(result).toEqual({
      serverId: 'everything',
      serverName: 'everything',
      name: 'simple-prompt',
      messages: [{ role: 'user', text: 'This is a simple prompt without arguments.', attachments: [] }],
    })
  })

  it('passes the arguments given and leaves empty optional ones out', async () => {
    const both = await host.prompts.get('everything', 'args-prompt', { city: 'Austin', state: 'Texas' })
    expect(both.messages.map((message) => message.text)).toEqual(["What's weather in Austin, Texas?"])
    const emptyState = await host.prompts.get('everything', 'args-prompt', { city: 'Paris', state: '' })
    expect(emptyState.messages.map((message) => message.text)).toEqual(["What's weather in Paris?"])
    const greet = await host.prompts.get('fixture', 'greet', { name: 'Ada' })
    expect(greet.messages).toEqual([{ role: 'user', text: 'Please greet Ada warmly.', attachments: [] }])
  })

  it('names a missing required argument, an unknown one and an unknown prompt before asking the server', async () => {
    expect(await failureOf(host.prompts.get('everything', 'args-prompt', { state: 'Texas' }))).toEqual({
      code: 'validation_failed',
      message: 'prompt "args-prompt" needs the argument "city"',
    })
    expect(await failureOf(host.prompts.get('everything', 'completable-prompt', { name: '' }))).toEqual({
      code: 'validation_failed',
      message: 'prompt "completable-prompt" needs the arguments "department" and "name"',
    })
    expect(
      await failureOf(host.prompts.get('everything', 'args-prompt', { city: 'Rome', ctiy: 'x' })),
    ).toEqual({
      code: 'validation_failed',
      message: 'prompt "args-prompt" has no argument "ctiy" (its arguments: city, state)',
    })
    expect(await failureOf(host.prompts.get('catalog', 'plain', { extra: 'x' }))).toEqual({
      code: 'validation_failed',
      message: 'prompt "plain" has no argument "extra" (it takes no arguments)',
    })
    expect(await failureOf(host.prompts.get('fixture', 'nope'))).toEqual({
      code: 'not_found',
      message: 'server "fixture" has no prompt "nope"',
    })
    expect(await failureOf(host.prompts.get('bare', 'plain'))).toEqual({
      code: 'unavailable',
      message: 'server "bare" offers no prompts',
    })
  })

  it("reports the server's own refusal with the server and the prompt", async () => {
    const failure = await failureOf(
      host.prompts.get('everything', 'resource-prompt', { resourceType: 'Bogus', resourceId: '1' }),
    )
    expect(failure.code).toBe('unavailable')
    expect(failure.message).toMatch(/^server "everything" could not fill in the prompt "resource-prompt": /)
    expect(failure.message).toContain('Invalid resourceType: Bogus')
  })

  it('turns embedded resources into text (with their URI) or, for blobs, an attachment', async () => {
    const text = await host.prompts.get('everything', 'resource-prompt', {
      resourceType: 'Text',
      resourceId: '2',
    })
    expect(text.messages[0]?.text).toBe(
      'This prompt includes the Text resource with id: 2. Please analyze the following resource:',
    )
    expect(text.messages[1]).toMatchObject({
      role: 'user',
      text: expect.stringMatching(/^Resource 2: This is a plaintext resource created at /),
      attachments: [],
      resource: { uri: 'demo://resource/dynamic/text/2', mimeType: 'text/plain' },
    })
    const blob = await host.prompts.get('everything', 'resource-prompt', {
      resourceType: 'Blob',
      resourceId: '3',
    })
    const attachment = blob.messages[1]?.attachments[0]
    expect(blob.messages[1]?.text).toBe('')
    expect(attachment).toMatchObject({
      kind: 'binary',
      mimeType: 'text/plain',
      uri: 'demo://resource/dynamic/blob/3',
    })
    const decoded = Buffer.from(attachment?.data ?? '', 'base64')
    expect(decoded.toString('utf8')).toMatch(/^Resource 3: This is a base64 blob created at /)
    expect(attachment?.bytes).toBe(decoded.length)
  })

  it('carries roles, images, audio, embedded blobs and resource links as a chat turn inserts them', async () => {
    const result = await host.prompts.get('catalog', 'media')
    expect(result.description).toBe('The media prompt')
    expect(result.messages).toEqual([
      {
        role: 'user',
        text: '',
        attachments: [{ kind: 'image', mimeType: 'image/png', data: expect.any(String), bytes: 73 }],
      },
      {
        role: 'user',
        text: '',
        attachments: [{ kind: 'audio', mimeType: 'audio/wav', data: 'UklGRg==', bytes: 4 }],
      },
      { role: 'assistant', text: 'I see a picture and a sound.', attachments: [] },
      {
        role: 'user',
        text: 'Some notes.',
        attachments: [],
        resource: { uri: 'catalog://notes', mimeType: 'text/plain' },
      },
      {
        role: 'user',
        text: '',
        attachments: [
          {
            kind: 'image',
            mimeType: 'image/png',
            data: expect.any(String),
            bytes: 73,
            uri: 'catalog://pixel',
          },
        ],
      },
      { role: 'user', text: 'Notes: catalog://notes', attachments: [] },
    ])
  })

  it('refuses a prompt whose embedded text is over the attachment limit, with both sizes', async () => {
    expect(await failureOf(host.prompts.get('catalog', 'huge'))).toEqual({
      code: 'unavailable',
      message:
        'prompt "huge" from server "catalog" has 1.5 MiB of embedded resource text, over the 1 MiB limit for attaching text',
    })
  })
})

describe('PromptService.complete', () => {
  it('suggests values, narrowed by the arguments already filled in', async () => {
    expect(await host.prompts.complete('everything', 'completable-prompt', 'department', 'S')).toEqual({
      values: ['Sales', 'Support'],
      total: 2,
      hasMore: false,
    })
    expect(
      await host.prompts.complete('everything', 'completable-prompt', 'name', '', {
        department: 'Engineering',
      }),
    ).toEqual({ values: ['Alice', 'Bob', 'Charlie'], total: 3, hasMore: false })
  })

  it('keeps at most 100 values from a server that sends more, and says there are more', async () => {
    const completion = await host.prompts.complete('catalog', 'review', 'language', 'lang-')
    expect(completion.values).toHaveLength(100)
    expect(completion.values[0]).toBe('lang-000')
    expect(completion).toMatchObject({ total: 150, hasMore: true })
  })

  it('is empty, without asking, for a server that does not declare completions', async () => {
    expect(await host.prompts.complete('fixture', 'greet', 'name', 'A')).toEqual({
      values: [],
      hasMore: false,
    })
    expect(await host.prompts.complete('bare', 'x', 'y', '')).toEqual({ values: [], hasMore: false })
  })
})

describe('prompt list changes', () => {
  it('hears notifications/prompts/list_changed and lists the new prompt', async () => {
    // Listed once, so the catalog's list is cached until the server announces a change.
    expect((await host.prompts.list('catalog')).prompts.map((prompt) => prompt.name)).not.toContain('added')
    const changed = new Promise<string>((resolve) => {
      const stop = host.prompts.onListChanged(({ serverId }) => {
        stop()
        resolve(serverId)
      })
    })
    await host.servers.connection('catalog').callTool('add-prompt', {})
    expect(await changed).toBe('catalog')
    expect((await host.prompts.list('catalog')).prompts.map((prompt) => prompt.name)).toContain('added')
    expect((await host.prompts.get('catalog', 'added')).messages[0]?.text).toBe('Added later.')
  })
})
