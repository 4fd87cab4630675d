import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestHost } from '../../../../doubles/test-host'
import { spawnCommandFor } from '../../../../support/spawn-command'

let testHost: ReturnType<typeof createTestHost>
beforeAll(async () => {
  testHost = createTestHost()
  const everything = spawnCommandFor('server-everything')
  await testHost.servers.add({ name: 'everything', transport: 'stdio', ...everything })
  await testHost.servers.start()
})
afterAll(() => testHost.shutdown())

describe('prompts and resources channels', () => {
  it('list, fill in, complete, read, follow', async () => {
    const dispatch = testHost.host.dispatch
    const list = await dispatch('prompts:list', {})
    expect(list).toMatchObject({ ok: true })
    const get = await dispatch('prompts:get', {
      serverId: 'everything',
      name: 'args-prompt',
      arguments: { city: 'Oslo' },
    })
    expect(get).toMatchObject({
      ok: true,
      value: { messages: [{ role: 'user', text: "What's weather in Oslo?" }] },
    })
    const missing = await dispatch('prompts:get', { serverId: 'everything', name: 'args-prompt' })
    expect(missing).toEqual({
      ok: false,
      error: { code: 'validation_failed', message: 'prompt "args-prompt" needs the argument "city"' },
    })
    const complete = await dispatch('prompts:complete', {
      serverId: 'everything',
      prompt: 'completable-prompt',
      argument: 'department',
      value: 'M',
    })
    expect(complete).toEqual({ ok: true, value: { values: ['Marketing'], total: 1, hasMore: false } })
    const resources = await dispatch('resources:list', { serverId: 'everything' })
    expect(resources).toMatchObject({ ok: true })
    const read = await dispatch('resources:read', {
      serverId: 'everything',
      template: { uriTemplate: 'demo://resource/dynamic/text/{resourceId}', variables: { resourceId: '3' } },
    })
    expect(read).toMatchObject({
      ok: true,
      value: { uri: 'demo://resource/dynamic/text/3', contents: [{ kind: 'text' }] },
    })
    const neither = await dispatch('resources:read', { serverId: 'everything' })
    expect(neither).toMatchObject({ ok: false, error: { code: 'validation_failed' } })
    const uri = 'demo://resource/static/document/features.md'
    const updated = new Promise((resolve) => {
      const stop = testHost.host.events.subscribe((event, payload) => {
        if (event !== 'resources:updated') return
        stop()
        resolve(payload)
      })
    })
    expect(await dispatch('resources:subscribe', { serverId: 'everything', uri })).toEqual({
      ok: true,
      value: { subscribed: true },
    })
    await testHost.servers.connection('everything').callTool('toggle-subscriber-updates', {})
    expect(await updated).toEqual({ serverId: 'everything', uri })
    await testHost.servers.connection('everything').callTool('toggle-subscriber-updates', {})
    expect(await dispatch('resources:unsubscribe', { serverId: 'everything', uri })).toEqual({
      ok: true,
      value: { unsubscribed: true },
    })
  })
})
