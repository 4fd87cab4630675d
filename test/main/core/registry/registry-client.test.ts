import { describe, expect, it } from 'vitest'
import type { FetchLike } from '@modelcontextprotocol/client'
import { RegistryClient } from '../../../../src/main/core/registry/registry-client'
import { entryView } from '../../../../src/main/core/registry/registry-entry-view'
import { createRegistryFetch } from '../../../../src/main/core/registry/registry-fetch'
import { chooseIcon } from '../../../../src/main/core/registry/registry-icons'
import { registryEntry } from '../../../fixtures/registry/fixture-catalog'

const BASE = 'https://registry.example.com'

/** A registry answering from a table of paths; records what was asked. */
function tableFetch(answers: Record<string, { status?: number; body: unknown }>, asked: string[]): FetchLike {
  return (input) => {
    const url = new URL(input instanceof URL ? input.href : String(input))
    const path = `${url.pathname}${url.search}`
    asked.push(path)
    const answer = answers[url.pathname] ?? { status: 404, body: {} }
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      }),
    )
  }
}

function client(answers: Record<string, { status?: number; body: unknown }>, asked: string[] = []) {
  return new RegistryClient(
    `${BASE}/`,
    createRegistryFetch({ registryUrl: BASE, fetch: tableFetch(answers, asked) }),
  )
}

const weather = registryEntry({ name: 'io.example/weather', description: 'Weather', version: '1.0.0' })

describe('RegistryClient', () => {
  it('takes the legacy next_cursor, and an empty cursor as the last page', async () => {
    const legacy = client({
      '/v0.1/servers': { body: { servers: [weather], metadata: { next_cursor: 'abc' } } },
    })
    expect((await legacy.page({})).nextCursor).toBe('abc')
    const last = client({ '/v0.1/servers': { body: { servers: [weather], metadata: { nextCursor: '' } } } })
    expect((await last.page({})).nextCursor).toBeUndefined()
  })

  it('asks with the query the API defines and encodes server names in paths', async () => {
    const asked: string[] = []
    const registry = client(
      {
        '/v0.1/servers': { body: { servers: [] } },
        '/v0.1/servers/io.example%2Fweather/versions/1.0.0': { body: weather },
      },
      asked,
    )
    await registry.page({ cursor: 'c/1', updatedSince: '2026-01-01T00:00:00.000Z', search: 'sun' })
    expect(asked[0]).toBe(
      '/v0.1/servers?limit=100&cursor=c%2F1&updated_since=2026-01-01T00%3A00%3A00.000Z&version=latest&search=sun',
    )
    expect((await registry.version('io.example/weather', '1.0.0')).server.name).toBe('io.example/weather')
  })

  it('names the registry and the status of an HTTP error', async () => {
    const failing = client({ '/v0.1/servers': { status: 503, body: {} } })
    await expect(failing.page({})).rejects.toThrow(`${BASE} answered HTTP 503 for a page of servers`)
  })
})

describe('entry views and icons', () => {
  it('marks package types MCP Desk cannot install', () => {
    const view = entryView(
      BASE,
      registryEntry({
        name: 'io.example/rusty',
        description: '',
        version: '1.0.0',
        packages: [
          { registryType: 'cargo', identifier: 'rusty-mcp', version: '1.0.0', transport: { type: 'stdio' } },
          { registryType: 'mcpb', identifier: `${BASE}/b/rusty.mcpb`, transport: { type: 'stdio' } },
        ],
      }),
    )
    expect(view.title).toBe('rusty')
    expect(view.options[0]).toMatchObject({ registryType: 'cargo', supported: false })
    expect(view.options[0]!.note).toContain('cannot install cargo packages')
    expect(view.options[1]).toMatchObject({
      registryType: 'mcpb',
      supported: true,
      label: 'MCP bundle rusty.mcpb',
    })
    expect(view.options[1]!.runtime).toBeUndefined()
  })

  it('chooses a light, shown type, near 64 pixels', () => {
    const icon = chooseIcon([
      { src: 'https://x/dark.png', theme: 'dark', sizes: ['64x64'] },
      { src: 'https://x/big.png', sizes: ['512x512'] },
      { src: 'https://x/icon.gif', mimeType: 'image/gif', sizes: ['64x64'] },
      { src: 'https://x/right.png', sizes: ['48x48'] },
    ])
    expect(icon?.src).toBe('https://x/right.png')
    expect(chooseIcon([{ src: 'https://x/a.bmp', mimeType: 'image/bmp' }])).toBeUndefined()
  })
})
