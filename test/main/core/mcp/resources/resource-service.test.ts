import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IpcFailure } from '../../../../../src/shared/ipc/ipc-error'
import type { ResourceUpdatedEvent } from '../../../../../src/shared/mcp/resources'
import { resourceListSchema, resourceReadResultSchema } from '../../../../../src/shared/mcp/resources'
import {
  catalogServer,
  spawnCommandFor,
  startCatalogHost,
  waitForStatus,
  type CatalogHost,
} from '../prompts/catalog-host'

const ARCHITECTURE_URI = 'demo://resource/static/document/architecture.md'
const ARCHITECTURE_TEXT = readFileSync(
  new URL(
    '../../../../../node_modules/@modelcontextprotocol/server-everything/dist/docs/architecture.md',
    import.meta.url,
  ),
  'utf8',
)

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

async function failureOf(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error: unknown = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof IpcFailure)) throw new Error(`expected an IpcFailure, got ${String(error)}`)
  return { code: error.code, message: error.message }
}

/** The next update the service forwards. */
function nextUpdate(): Promise<ResourceUpdatedEvent> {
  return new Promise((resolve) => {
    const stop = host.resources.onUpdated((event) => {
      stop()
      resolve(event)
    })
  })
}

describe('ResourceService.list', () => {
  it("lists every connected server's resources (all pages) and templates, saying which can be followed", async () => {
    const list = resourceListSchema.parse(await host.resources.list())
    expect(list.failures).toEqual([])
    const byServer = (id: string) => list.resources.filter((r) => r.serverId === id).map((r) => r.uri)
    expect(byServer('everything')).toContain(ARCHITECTURE_URI)
    expect(byServer('fixture')).toEqual(['fixture://readme'])
    expect(byServer('catalog')).toEqual([
      'catalog://notes',
      'catalog://pixel',
      'catalog://big-text',
      'catalog://big-blob',
    ])
    expect(byServer('bare')).toEqual([])
    expect(list.resources.find((r) => r.uri === ARCHITECTURE_URI)).toEqual({
      serverId: 'everything',
      serverName: 'everything',
      uri: ARCHITECTURE_URI,
      name: 'architecture.md',
      description: 'Static document file exposed from /docs: architecture.md',
      mimeType: 'text/markdown',
      subscribable: true,
    })
    expect(list.resources.find((r) => r.uri === 'catalog://notes')).toMatchObject({
      title: 'Notes',
      size: 11,
      subscribable: false,
    })
    // The catalog server has no templates/list method at all: that is no templates, not a failure.
    expect(list.templates.map((t) => `${t.serverId} ${t.uriTemplate}`)).toEqual([
      'everything demo://resource/dynamic/text/{resourceId}',
      'everything demo://resource/dynamic/blob/{resourceId}',
    ])
    expect(list.templates[0]).toMatchObject({
      name: 'Dynamic Text Resource',
      mimeType: 'text/plain',
      variables: [{ name: 'resourceId', required: true }],
      completions: true,
    })
  })

  it('lists one server alone; a server without resources is empty', async () => {
    expect(await host.resources.list('bare')).toEqual({ resources: [], templates: [], failures: [] })
    expect((await host.resources.list('fixture')).resources).toEqual([
      {
        serverId: 'fixture',
        serverName: 'fixture',
        uri: 'fixture://readme',
        name: 'readme',
        title: 'Fixture readme',
        description: 'A small text resource',
        mimeType: 'text/plain',
        subscribable: false,
      },
    ])
  })
})

describe('ResourceService.read', () => {
  it('reads text inline, as the server sent it', async () => {
    const result = resourceReadResultSchema.parse(await host.resources.read('everything', ARCHITECTURE_URI))
    expect(result).toEqual({
      serverId: 'everything',
      serverName: 'everything',
      uri: ARCHITECTURE_URI,
      contents: [{ kind: 'text', uri: ARCHITECTURE_URI, mimeType: 'text/markdown', text: ARCHITECTURE_TEXT }],
    })
    expect((await host.resources.read('fixture', 'fixture://readme')).contents).toEqual([
      {
        kind: 'text',
        uri: 'fixture://readme',
        mimeType: 'text/plain',
        text: 'This is the readme of fixture-stdio.',
      },
    ])
  })

  it('reads binary as base64 with its decoded size', async () => {
    const [content] = (await host.resources.read('catalog', 'catalog://pixel')).contents
    expect(content).toMatchObject({ kind: 'blob', uri: 'catalog://pixel', mimeType: 'image/png', bytes: 73 })
    expect(content?.kind === 'blob' && Buffer.from(content.data, 'base64').subarray(1, 4).toString()).toBe(
      'PNG',
    )
  })

  it('refuses text over 1 MiB and binary over 10 MiB, naming the resource and both sizes', async () => {
    expect(await failureOf(host.resources.read('catalog', 'catalog://big-text'))).toEqual({
      code: 'unavailable',
      message:
        'resource catalog://big-text from server "catalog" has 1.5 MiB of text, over the 1 MiB limit for attaching text',
    })
    expect(await failureOf(host.resources.read('catalog', 'catalog://big-blob'))).toEqual({
      code: 'unavailable',
      message:
        'resource catalog://big-blob from server "catalog" has 11 MiB of binary data, over the 10 MiB limit for attachments',
    })
  })

  it("reports the server's refusal and a server without resources", async () => {
    const missing = await failureOf(host.resources.read('catalog', 'catalog://nothing'))
    expect(missing.code).toBe('unavailable')
    expect(missing.message).toMatch(
      /^server "catalog" could not read catalog:\/\/nothing: .*Resource catalog:\/\/nothing not found/,
    )
    expect(await failureOf(host.resources.read('bare', 'x://y'))).toEqual({
      code: 'unavailable',
      message: 'server "bare" offers no resources',
    })
  })

  it('reads a template filled in, and names missing or unknown variables', async () => {
    const text = await host.resources.readTemplate('everything', {
      uriTemplate: 'demo://resource/dynamic/text/{resourceId}',
      variables: { resourceId: '5' },
    })
    expect(text.uri).toBe('demo://resource/dynamic/text/5')
    expect(text.contents[0]).toMatchObject({ kind: 'text', text: expect.stringMatching(/^Resource 5: /) })
    const blob = await host.resources.readTemplate('everything', {
      uriTemplate: 'demo://resource/dynamic/blob/{resourceId}',
      variables: { resourceId: '6' },
    })
    expect(blob.contents[0]).toMatchObject({ kind: 'blob', uri: 'demo://resource/dynamic/blob/6' })
    expect(
      await failureOf(
        host.resources.readTemplate('everything', {
          uriTemplate: 'demo://resource/dynamic/text/{resourceId}',
          variables: {},
        }),
      ),
    ).toEqual({
      code: 'validation_failed',
      message: 'the template demo://resource/dynamic/text/{resourceId} needs a value for "resourceId"',
    })
    expect(
      await failureOf(
        host.resources.readTemplate('everything', {
          uriTemplate: 'demo://resource/dynamic/text/{resourceId}',
          variables: { resourceId: '1', id: '2' },
        }),
      ),
    ).toEqual({
      code: 'validation_failed',
      message: 'the template demo://resource/dynamic/text/{resourceId} has no variable "id"',
    })
  })

  it('suggests template values when the server completes them', async () => {
    expect(
      await host.resources.completeTemplate(
        'everything',
        'demo://resource/dynamic/text/{resourceId}',
        'resourceId',
        '7',
      ),
    ).toEqual({ values: ['7'], total: 1, hasMore: false })
    expect(await host.resources.completeTemplate('fixture', 'x://{y}', 'y', '')).toEqual({
      values: [],
      hasMore: false,
    })
  })
})

describe('resource subscriptions', () => {
  it('refuses to follow a resource on a server without subscriptions', async () => {
    expect(await failureOf(host.resources.subscribe('catalog', 'catalog://notes'))).toEqual({
      code: 'unavailable',
      message:
        'server "catalog" does not offer resource subscriptions, so changes to catalog://notes cannot be followed',
    })
    expect(host.resources.followed('catalog')).toEqual([])
  })

  it('forwards notifications/resources/updated for a followed resource, also after the server restarts', async () => {
    await host.resources.subscribe('everything', ARCHITECTURE_URI)
    expect(host.resources.followed('everything')).toEqual([ARCHITECTURE_URI])
    const toggle = () => host.servers.connection('everything').callTool('toggle-subscriber-updates', {})

    // The tool makes server-everything send an update for every subscribed resource, then every 5 s.
    let update = nextUpdate()
    await toggle()
    expect(await update).toEqual({ serverId: 'everything', uri: ARCHITECTURE_URI })

    // A new process knows no subscribers: the service subscribes the new connection again by itself.
    update = nextUpdate()
    await host.servers.restart('everything')
    await waitForStatus(host.servers, 'everything', 'connected')
    await toggle()
    expect(await update).toEqual({ serverId: 'everything', uri: ARCHITECTURE_URI })
    await toggle()

    await host.resources.unsubscribe('everything', ARCHITECTURE_URI)
    expect(host.resources.followed('everything')).toEqual([])
    // Unsubscribing again, or what was never followed, is not an error.
    await host.resources.unsubscribe('everything', ARCHITECTURE_URI)
  })
})

describe('resource list changes', () => {
  it('hears notifications/resources/list_changed and lists the new resource', async () => {
    const uri = 'demo://resource/session/hello.txt.gz'
    expect((await host.resources.list('everything')).resources.map((r) => r.uri)).not.toContain(uri)
    const changed = new Promise<string>((resolve) => {
      const stop = host.resources.onListChanged(({ serverId }) => {
        stop()
        resolve(serverId)
      })
    })
    await host.servers.connection('everything').callTool('gzip-file-as-resource', {
      name: 'hello.txt.gz',
      data: 'data:text/plain;base64,aGVsbG8=',
    })
    expect(await changed).toBe('everything')
    const listed = (await host.resources.list('everything')).resources.find((r) => r.uri === uri)
    expect(listed).toMatchObject({ name: 'hello.txt.gz', mimeType: 'application/gzip' })
    const [content] = (await host.resources.read('everything', uri)).contents
    expect(content).toMatchObject({ kind: 'blob', mimeType: 'application/gzip' })
  })
})
