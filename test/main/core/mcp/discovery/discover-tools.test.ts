// Discovery under the limits, against a real SDK Client talking to the catalog fixture server in-process.
import { Client } from '@modelcontextprotocol/client'
import type { ListToolsResult } from '@modelcontextprotocol/client'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DiscoveryError,
  DiscoveryLimitError,
  discoverTools,
  type ToolLister,
} from '../../../../../src/main/core/mcp/discovery/discover-tools'
import { mcpLimitsSchema, type McpLimits } from '../../../../../src/shared/settings/settings-schema'
import { KiB, MiB, simpleTool } from '../../../../fixtures/tool-catalogs/catalog-builders'
import {
  startCatalogServer,
  type CatalogStdioOptions,
  type StartedCatalogServer,
} from '../../../../fixtures/tool-catalogs/start-catalog-server'

const defaults: McpLimits = mcpLimitsSchema.parse({})
const cleanups: Array<() => Promise<void>> = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function connect(
  options: CatalogStdioOptions,
): Promise<{ client: Client; server: StartedCatalogServer }> {
  const server = await startCatalogServer(options)
  const client = new Client({ name: 'discovery-test', version: '1.0.0' })
  await client.connect(server.clientTransport)
  cleanups.push(async () => {
    await client.close()
    await server.close()
  })
  return { client, server }
}

/** The error discovery threw, checked to be a limit error naming `limit`. */
async function limitErrorOf(promise: Promise<unknown>, limit: keyof McpLimits): Promise<DiscoveryLimitError> {
  const error: unknown = await promise.then(
    () => new Error('discovery succeeded but should have failed'),
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DiscoveryLimitError)
  expect((error as DiscoveryLimitError).limit).toBe(limit)
  expect((error as Error).message).toContain(`(${limit})`)
  return error as DiscoveryLimitError
}

/** A lister that answers from fixed pages, for shapes the SDK client would refuse before discovery sees them. */
function fixedLister(pages: unknown[]): ToolLister {
  let next = 0
  return {
    listToolsPage: () => Promise.resolve(pages[next++] as ListToolsResult),
  }
}

describe('discoverTools', () => {
  it('follows the cursor: 300 tools over 6 pages come back complete and in order', async () => {
    const { client, server } = await connect({ generated: { count: 300 }, pages: 6 })
    const tools = await discoverTools(client, defaults)
    expect(tools).toHaveLength(300)
    expect(tools.map((t) => t.name)).toEqual(server.catalog.tools().map((t) => t.name))
    expect(server.catalog.listRequests).toEqual([undefined, 'page-1', 'page-2', 'page-3', 'page-4', 'page-5'])
  })

  it('accepts exactly 1000 tools and refuses 1,001 (maxTools)', async () => {
    const atLimit = await connect({ generated: { count: 1000 }, pages: 4 })
    expect(await discoverTools(atLimit.client, defaults)).toHaveLength(1000)

    const over = await connect({ generated: { count: 1001 }, pages: 4 })
    const error = await limitErrorOf(discoverTools(over.client, defaults), 'maxTools')
    expect(error.message).toBe('server listed more than 1000 tools (maxTools)')
  })

  it('refuses a 40 KiB inputSchema and names the tool, the size and the limit (maxSchemaBytes)', async () => {
    const { client } = await connect({ generated: { count: 3 }, schemaBytes: 40 * KiB + 100 })
    const error = await limitErrorOf(discoverTools(client, defaults), 'maxSchemaBytes')
    expect(error.message).toBe(
      'tool "big_schema" has a 40.1 KiB inputSchema, over the 32 KiB limit (maxSchemaBytes)',
    )
  })

  it('accepts a schema of exactly 32 KiB and gives exact bytes when one more would round to the limit', async () => {
    const atLimit = await connect({ schemaBytes: 32 * KiB })
    expect(await discoverTools(atLimit.client, defaults)).toHaveLength(1)

    const justOver = await connect({ schemaBytes: 32 * KiB + 1 })
    const error = await limitErrorOf(discoverTools(justOver.client, defaults), 'maxSchemaBytes')
    expect(error.message).toContain('has a 32769 bytes inputSchema, over the 32768 bytes limit')
  })

  it('accepts definitions totalling exactly 2 MiB and refuses 2.1 MiB (maxDefinitionBytes)', async () => {
    const atLimit = await connect({ generated: { count: 100, totalBytes: 2 * MiB }, pages: 2 })
    expect(await discoverTools(atLimit.client, defaults)).toHaveLength(100)

    const over = await connect({ generated: { count: 100, totalBytes: Math.round(2.1 * MiB) } })
    const error = await limitErrorOf(discoverTools(over.client, defaults), 'maxDefinitionBytes')
    expect(error.message).toBe(
      "server's tool definitions total 2.1 MiB, over the 2 MiB limit (maxDefinitionBytes)",
    )

    // Over the limit before the last page: discovery stops there and says the total is a lower bound.
    const early = await connect({ generated: { count: 100, totalBytes: 5 * MiB }, pages: 2 })
    const partial = await limitErrorOf(discoverTools(early.client, defaults), 'maxDefinitionBytes')
    expect(partial.message).toBe(
      "server's tool definitions total at least 2.5 MiB, over the 2 MiB limit (maxDefinitionBytes)",
    )
    expect(early.server.catalog.listRequests).toHaveLength(1)
  })

  it('accepts 64 pages and refuses a 65th (maxToolPages)', async () => {
    const atLimit = await connect({ generated: { count: 64 }, pages: 64 })
    expect(await discoverTools(atLimit.client, defaults)).toHaveLength(64)

    const over = await connect({ generated: { count: 65 }, pages: 65 })
    const error = await limitErrorOf(discoverTools(over.client, defaults), 'maxToolPages')
    expect(error.message).toBe('server listed more than 64 pages of tools (maxToolPages)')
    // It stopped at the limit instead of fetching page 65.
    expect(over.server.catalog.listRequests).toHaveLength(64)
  })

  it('applies limits from settings, not only the defaults', async () => {
    const { client } = await connect({ generated: { count: 12 }, pages: 3 })
    await limitErrorOf(discoverTools(client, { ...defaults, maxTools: 10 }), 'maxTools')
    await limitErrorOf(discoverTools(client, { ...defaults, maxToolPages: 2 }), 'maxToolPages')
  })

  it('refuses a server whose cursor loops, before fetching the same page again', async () => {
    const { client, server } = await connect({ generated: { count: 9 }, pages: 3, loopCursor: true })
    const error = await discoverTools(client, defaults).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DiscoveryError)
    expect(error).not.toBeInstanceOf(DiscoveryLimitError)
    expect((error as Error).message).toBe(
      'server repeated the tools/list cursor "page-2" on page 3; its pagination loops',
    )
    expect(server.catalog.listRequests).toEqual([undefined, 'page-1', 'page-2'])
  })

  it('refuses a loop back to an earlier page too', async () => {
    const lister = fixedLister([
      { tools: [simpleTool('a')], nextCursor: 'x' },
      { tools: [simpleTool('b')], nextCursor: 'y' },
      { tools: [simpleTool('c')], nextCursor: 'x' },
    ])
    await expect(discoverTools(lister, defaults)).rejects.toThrow(
      'repeated the tools/list cursor "x" on page 3',
    )
  })

  it('refuses an inputSchema that is not a JSON object of type "object"', async () => {
    const cases: Array<[unknown, string]> = [
      [{ type: 'string' }, 'tool "t" has an inputSchema of type "string"; MCP requires type "object"'],
      [{ properties: {} }, 'tool "t" has an inputSchema of type undefined; MCP requires type "object"'],
      [['type', 'object'], 'tool "t" has an inputSchema that is not a JSON object'],
      ['{"type":"object"}', 'tool "t" has an inputSchema that is not a JSON object'],
      [null, 'tool "t" has an inputSchema that is not a JSON object'],
    ]
    for (const [inputSchema, message] of cases) {
      const lister = fixedLister([{ tools: [{ name: 't', inputSchema }] }])
      await expect(discoverTools(lister, defaults)).rejects.toThrow(message)
    }
  })

  it("turns the SDK client's own schema error for a non-object schema into one readable line", async () => {
    const { client } = await connect({
      tools: [simpleTool('good'), { name: 'bad', inputSchema: { type: 'string' } } as never],
    })
    const error = await discoverTools(client, defaults).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DiscoveryError)
    expect((error as Error).message).toMatch(
      /^tools\/list page 1 is not a valid MCP result: tools\[1\]\.inputSchema\.type: .*"object"/,
    )
  })

  it('refuses malformed listings: no tools array, nameless tools, duplicate names', async () => {
    await expect(discoverTools(fixedLister([{}]), defaults)).rejects.toThrow('page 1 has no "tools" array')
    await expect(
      discoverTools(fixedLister([{ tools: [{ name: '', inputSchema: { type: 'object' } }] }]), defaults),
    ).rejects.toThrow('tool #1 has no name')
    const duplicate = fixedLister([
      { tools: [simpleTool('same')], nextCursor: 'p2' },
      { tools: [simpleTool('same')] },
    ])
    await expect(discoverTools(duplicate, defaults)).rejects.toThrow('server listed the tool "same" twice')
  })

  it('treats an empty nextCursor as the end of the list', async () => {
    const lister = fixedLister([{ tools: [simpleTool('only')], nextCursor: '' }])
    expect((await discoverTools(lister, defaults)).map((t) => t.name)).toEqual(['only'])
  })

  it('stops when the signal aborts, with the abort reason', async () => {
    const { client } = await connect({ generated: { count: 10 }, pages: 5 })
    const controller = new AbortController()
    controller.abort(new Error('connect timed out after 10000 ms'))
    await expect(discoverTools(client, defaults, { signal: controller.signal })).rejects.toThrow(
      'connect timed out after 10000 ms',
    )
  })
})
