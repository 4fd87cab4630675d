import { afterEach, describe, expect, it } from 'vitest'
import { LiveToolIndex } from '../../../../../src/main/core/tools/loading/live-tool-index'
import type { SemanticToolLayer } from '../../../../../src/main/core/tools/semantic/semantic-layer'
import type { ServerState } from '../../../../../src/shared/mcp/server-state'
import { fakeLayer, settingsWith, statusWhere, tempDir, tool } from './semantic-support'

const layers: SemanticToolLayer[] = []
afterEach(() => {
  for (const layer of layers.splice(0)) layer.dispose()
})

function track<T extends { layer: SemanticToolLayer }>(made: T): T {
  layers.push(made.layer)
  return made
}

const TOOLS = [
  tool('send_email', 'Send an email message to a recipient'),
  tool('read_file', 'Read the contents of a file on disk'),
  tool('create_event', 'Create a calendar event with a time and guests'),
]

const ready = (layer: SemanticToolLayer) => statusWhere(layer, (status) => status.state === 'ready')

/** A layer's life as a restart ends it: every tool embedded, the layer stopped, its vectors on disk. */
async function embedAndStop(cacheDir: string, tools = TOOLS): Promise<ReturnType<typeof fakeLayer>> {
  const made = track(fakeLayer({ cacheDir }))
  made.layer.setServerTools('srv', tools)
  await ready(made.layer)
  made.layer.dispose()
  await made.layer.whenFlushed()
  return made
}

describe('SemanticToolLayer', () => {
  it('embeds every tool once in the background and then answers cosines for a query', async () => {
    const { layer, sources } = track(fakeLayer())
    layer.setServerTools('srv', TOOLS)
    expect(layer.status().state).toBe('starting')
    const status = await ready(layer)
    expect(status).toMatchObject({ ready: 3, total: 3, requested: { kind: 'bundled' } })
    expect(sources).toHaveLength(1)
    expect(sources[0]?.background).toHaveLength(3)
    const answer = await layer.cosines('email message')
    expect(answer.kind).toBe('vectors')
    if (answer.kind !== 'vectors') return
    const best = [...answer.cosines].sort((a, b) => b[1] - a[1])[0]
    expect(best?.[0]).toBe('send_email')
    expect(answer.missing).toBe(0)
  })

  it('reads unchanged tools from the disk cache on restart and embeds only a changed definition', async () => {
    const cacheDir = tempDir()
    await embedAndStop(cacheDir)
    const changed = [...TOOLS.slice(0, 2), tool('create_event', 'Create a meeting in a calendar')]
    const second = await embedAndStop(cacheDir, changed)
    // Cache hits for the two unchanged definitions; a miss (new hash) for the changed one.
    expect(second.sources[0]?.background).toEqual([expect.stringContaining('Create a meeting')])

    const third = track(fakeLayer({ cacheDir }))
    third.layer.setServerTools('srv', changed)
    expect(third.layer.status().ready).toBe(3)
    await ready(third.layer)
    expect(third.sources[0]?.background).toEqual([])
  })

  it('keeps vectors of another model apart: a new source id embeds again', async () => {
    const cacheDir = tempDir()
    await embedAndStop(cacheDir)
    const other = track(
      fakeLayer({
        cacheDir,
        createSource: () =>
          new (class {
            readonly id = 'another-model@1'
            readonly label = 'Another'
            embed(texts: readonly string[]) {
              return Promise.resolve(texts.map(() => Float32Array.from([1, 0])))
            }
            dispose() {}
          })(),
      }),
    )
    other.layer.setServerTools('srv', TOOLS)
    expect(other.layer.status().ready).toBe(0)
    await ready(other.layer)
  })

  it('answers lexically before any vector exists, then partially, then fused (LiveToolIndex)', async () => {
    const servers = fakeServers([state('mail', [['send_email', 'Send an email message']])])
    const { layer } = track(fakeLayer({ worker: { delayMs: 100 } }))
    const index = new LiveToolIndex(servers, layer)
    const before = await index.search('email', 5)
    expect(before.ranking).toBe('lexical')
    expect(before.note).toMatch(/loading|no tool/)
    expect(before.hits.map((hit) => hit.key)).toEqual(['mcp_mail_send_email'])
    await ready(layer)
    expect((await index.search('email', 5)).ranking).toBe('fused')
    // A new tool (a tools/list_changed re-listing) is ranked by its words until its vector exists.
    servers.set([
      state('mail', [
        ['send_email', 'Send an email message'],
        ['archive_email', 'Archive an email thread'],
      ]),
    ])
    const partial = await index.search('email', 5)
    expect(partial.ranking).toBe('partial')
    expect(partial.hits.map((hit) => hit.key)).toContain('mcp_mail_archive_email')
    await ready(layer)
    expect((await index.search('archive email', 5)).ranking).toBe('fused')
    index.dispose()
  })

  it('is off when the setting is off: lexical ranking, no model started; turning it on starts one', async () => {
    const settings = settingsWith({ semantic: { enabled: false } })
    const { layer, sources } = track(fakeLayer({ settings }))
    layer.setServerTools('srv', TOOLS)
    expect(layer.status()).toMatchObject({ state: 'off', total: 3 })
    expect(await layer.cosines('email')).toEqual({ kind: 'unavailable', note: 'search by meaning is off' })
    expect(sources).toHaveLength(0)
    settings.update((draft) => {
      draft.tools.semantic.enabled = true
    })
    await ready(layer)
    expect(sources).toHaveLength(1)
    settings.update((draft) => {
      draft.tools.semantic.enabled = false
    })
    // Off frees the model: the worker is stopped.
    expect(sources[0]?.disposed).toBe(true)
    expect(layer.status().state).toBe('off')
  })

  it('stays off while tool search itself is off, and says why', () => {
    const { layer, sources } = track(fakeLayer({ settings: settingsWith({ search: 'off' }) }))
    layer.setServerTools('srv', TOOLS)
    expect(layer.status()).toMatchObject({ state: 'off', note: expect.stringMatching(/Tool search is off/) })
    expect(sources).toHaveLength(0)
  })

  it('answers by words when the query vector does not come back in time', async () => {
    // Every request of this model takes 400 ms; a search waits 50 ms for its query's vector.
    const slow = track(fakeLayer({ queryTimeoutMs: 50, worker: { delayMs: 400 } }))
    slow.layer.setServerTools('srv', TOOLS)
    await ready(slow.layer)
    const answer = await slow.layer.cosines('a query never asked before')
    expect(answer).toMatchObject({ kind: 'unavailable', note: expect.stringMatching(/not embedded/) })
  })
})

type ToolSpec = [name: string, description: string]

function state(id: string, tools: ToolSpec[]): ServerState {
  return {
    id,
    name: id,
    transport: 'stdio',
    destination: 'node',
    status: 'connected',
    tools: tools.map(([name, description]) => ({
      name,
      exposedName: `mcp_${id}_${name}`,
      description,
      inputSchema: { type: 'object' },
    })),
    stderrTail: '',
    pendingChanges: [],
    since: new Date(0).toISOString(),
  }
}

function fakeServers(initial: ServerState[]) {
  const listeners = new Set<(states: ServerState[]) => void>()
  let states = initial
  return {
    list: () => states,
    subscribe(listener: (states: ServerState[]) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(next: ServerState[]) {
      states = next
      for (const listener of listeners) listener(next)
    },
  }
}
