// What the whole host sends a 2026-07-28 server (issue 20 step 4): the new era has no `initialize`, no
// ping, no logging/setLevel, no roots/list_changed and no resources/subscribe, and every message carries the
// per-request `_meta` envelope. The composed host (every feature attached: roots, elicitation, sampling,
// prompts, resources) goes through connect, listing, a tool call with a roots round (MRTR), a roots change
// and following a resource, while the stateless HTTP fixture records every message it receives.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server'
import { afterEach, expect, it } from 'vitest'
import {
  MODERN_RESOURCE_URI,
  modernServerEntry,
  startModernHttpServer,
  type ModernHttpServer,
} from '../../../fixtures/mcp-servers/modern-http-server'
import { startFloodHost, type FloodHost } from '../../../faults/support/flood-host'

const NOT_IN_THE_NEW_ERA = [
  'initialize',
  'notifications/initialized',
  'ping',
  'logging/setLevel',
  'notifications/roots/list_changed',
  'resources/subscribe',
  'resources/unsubscribe',
]

let host: FloodHost | undefined
let server: ModernHttpServer | undefined
const dirs: string[] = []
afterEach(async () => {
  await host?.close()
  await server?.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-desk-modern-roots-'))
  dirs.push(dir)
  return dir
}

async function where(h: FloodHost): Promise<string> {
  return await h.callTool('modern', 'where', {})
}

it('sends a new-era server none of the old era calls, and the envelope on every message', async () => {
  const s = (server = await startModernHttpServer())
  const h = (host = await startFloodHost({
    serverIds: [],
    configure: (draft) => {
      draft.servers.push(modernServerEntry(s, 'modern'))
    },
  }))
  expect(h.composed.servers.get('modern')).toMatchObject({
    status: 'connected',
    protocolVersion: '2026-07-28',
  })
  const [first, second] = [folder(), folder()]
  h.composed.roots.grant('*', first)

  await h.composed.prompts.list('modern')
  await h.composed.resources.list('modern')
  expect(await where(h)).toBe(pathToFileURL(first).href)
  // A 2025 server would be told with roots/list_changed; this one asks inside the next call.
  h.composed.roots.grant('*', second)
  await h.composed.resources.subscribe('modern', MODERN_RESOURCE_URI)
  expect((await where(h)).split('\n')).toEqual([pathToFileURL(first).href, pathToFileURL(second).href])

  expect(s.methods.filter((method) => NOT_IN_THE_NEW_ERA.includes(method))).toEqual([])
  for (const method of ['server/discover', 'subscriptions/listen', 'tools/list', 'prompts/list']) {
    expect(s.methods).toContain(method)
  }
  expect(s.count('tools/call')).toBe(4)
  for (const message of s.messages) {
    expect({ method: message.method, version: message.meta?.[PROTOCOL_VERSION_META_KEY] }).toEqual({
      method: message.method,
      version: '2026-07-28',
    })
  }
})
