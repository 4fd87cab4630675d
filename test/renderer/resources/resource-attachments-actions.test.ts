import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/app/app-store'
import {
  contentsSize,
  formatResourceSize,
  resourceFacts,
} from '../../../src/renderer/src/resources/resource-attachments-model'
import { catalogApi, resourceFixture } from '../support/catalog-fixtures'

const readme = resourceFixture({ serverId: 'docs', uri: 'docs://readme', name: 'readme', subscribable: true })

async function started(api = catalogApi()) {
  const store = createAppStore({ api })
  await store.getState().start()
  return { api, store }
}

describe('resource attachments', () => {
  it('attaches a resource once, following its changes', async () => {
    const { api, store } = await started()
    const first = await store.getState().attachResource(readme)
    const again = await store.getState().attachResource(readme)
    expect(first).toEqual({
      ok: true,
      value: expect.objectContaining({ uri: 'docs://readme', following: true }),
    })
    expect(again.ok).toBe(true)
    expect(store.getState().attachments).toHaveLength(1)
    expect(api.callsTo('resources:subscribe')).toHaveLength(1)
  })

  it('unsubscribes a resource removed while its subscription was on its way', async () => {
    const { api, store } = await started()
    api.hold('resources:subscribe')
    const attaching = store.getState().attachResource(readme)
    expect(store.getState().attachments).toHaveLength(1)
    store.getState().detachResource('docs', 'docs://readme')
    api.release('resources:subscribe')
    await attaching
    expect(store.getState().attachments).toEqual([])
    expect(api.callsTo('resources:unsubscribe')).toEqual([{ serverId: 'docs', uri: 'docs://readme' }])
    expect(api.catalog.subscribed.size).toBe(0)
  })

  it('keeps the chip when following fails, saying why', async () => {
    const { api, store } = await started()
    api.fail('resources:subscribe', {
      code: 'unavailable',
      message: 'server "docs" does not offer resource subscriptions',
    })
    const answer = await store.getState().attachResource(readme)
    expect(answer.ok).toBe(true)
    expect(store.getState().attachments[0]).toMatchObject({
      following: false,
      followError: 'server "docs" does not offer resource subscriptions',
    })
    // Nothing was followed, so nothing is unfollowed.
    store.getState().clearAttachments()
    expect(api.callsTo('resources:unsubscribe')).toEqual([])
  })

  it('reports a failed unsubscribe in the window’s errors', async () => {
    const { api, store } = await started()
    await store.getState().attachResource(readme)
    api.fail('resources:unsubscribe', { code: 'unavailable', message: 'the server went away' })
    store.getState().detachResource('docs', 'docs://readme')
    await expect
      .poll(() => store.getState().errors.map((error) => error.message))
      .toEqual(['the server went away'])
    expect(store.getState().errors[0]!.context).toBe('Could not stop following docs://readme')
  })

  it('refuses an eleventh resource', async () => {
    const { store } = await started()
    for (let index = 0; index < 10; index++) {
      await store
        .getState()
        .attachResource(resourceFixture({ serverId: 'docs', uri: `docs://${index}`, name: `${index}` }))
    }
    const answer = await store
      .getState()
      .attachResource(resourceFixture({ serverId: 'docs', uri: 'docs://x', name: 'x' }))
    expect(answer).toEqual({
      ok: false,
      message: 'At most 10 resources can go with one message; remove one first.',
    })
    expect(store.getState().attachments).toHaveLength(10)
  })
})

describe('resource labels', () => {
  it('formats sizes and facts', () => {
    expect(formatResourceSize(1)).toBe('1 byte')
    expect(formatResourceSize(1023)).toBe('1023 bytes')
    expect(formatResourceSize(1536)).toBe('1.5 KiB')
    expect(formatResourceSize(3 * 1024 * 1024)).toBe('3.0 MiB')
    expect(resourceFacts({ mimeType: 'text/plain', size: 10 })).toBe('text/plain · 10 bytes')
    expect(resourceFacts({})).toBe('')
  })

  it('sizes read contents: UTF-8 bytes of text plus decoded blob bytes', () => {
    expect(
      contentsSize([
        { kind: 'text', uri: 'a', text: 'é' },
        { kind: 'blob', uri: 'b', data: 'AAAA', bytes: 3 },
      ]),
    ).toBe(5)
  })
})
