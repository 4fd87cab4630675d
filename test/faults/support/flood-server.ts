// An MCP server over stdio that floods the host on request, for the flood fault tests (issue 19, item 6):
//   node test/faults/support/flood-server.ts
// Tools: `elicit` fires `count` elicitation requests at once and reports how each ended; `notify` sends
// `count` resources/prompts list_changed (or resources/updated for `uri`) notifications back to back;
// `stats` says how often the host listed this server's resources and prompts. Node runs this file with
// type stripping: it imports only packages.
import { ListPromptsRequestSchema, ListResourcesRequestSchema } from '@modelcontextprotocol/core'
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio'
import { McpServer, ProtocolError } from '@modelcontextprotocol/server'
import { z } from 'zod'

export interface ElicitFloodSummary {
  /** How many ended with each action (accept, decline, cancel). */
  answered: Record<string, number>
  /** How many the host refused, by error code. */
  refusedByCode: Record<string, number>
  /** One refusal's message, for the test to read what a server is told. */
  refusalMessage?: string
}

export interface FloodStats {
  resourceLists: number
  promptLists: number
}

const server = new McpServer(
  { name: 'flood', version: '1.0.0' },
  {
    capabilities: {
      tools: {},
      resources: { listChanged: true, subscribe: true },
      prompts: { listChanged: true },
    },
  },
)

const stats: FloodStats = { resourceLists: 0, promptLists: 0 }

server.registerResource('notes', 'flood://notes', { mimeType: 'text/plain' }, (uri) => ({
  contents: [{ uri: uri.href, text: 'notes' }],
}))
server.registerResource('other', 'flood://other', { mimeType: 'text/plain' }, (uri) => ({
  contents: [{ uri: uri.href, text: 'other' }],
}))
server.registerPrompt('greet', { description: 'Says hello' }, () => ({
  messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
}))
// Subscriptions are accepted (and forgotten): the test decides which URIs the host follows.
server.server.setRequestHandler('resources/subscribe', () => ({}))
server.server.setRequestHandler('resources/unsubscribe', () => ({}))

// Count every list request the host sends, wrapping the handlers McpServer installed.
type Handler = (request: unknown, extra: unknown) => unknown
const handlers = (server.server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers
for (const [method, key] of [
  [ListResourcesRequestSchema.shape.method.value, 'resourceLists'],
  [ListPromptsRequestSchema.shape.method.value, 'promptLists'],
] as const) {
  const original = handlers.get(method)
  if (!original) throw new Error(`no handler for ${method}`)
  handlers.set(method, (request, extra) => {
    stats[key]++
    return original(request, extra)
  })
}

/** The last `elicit` flood: every request's outcome, once all have settled. */
let elicitFlood: Promise<ElicitFloodSummary> | undefined

server.registerTool(
  'elicit',
  {
    description:
      'Sends count elicitation requests at once; answers once at most `untilPending` are still waiting',
    inputSchema: z.object({
      count: z.number().int().positive(),
      untilPending: z.number().int().nonnegative(),
    }),
  },
  async ({ count, untilPending }) => {
    const summary: ElicitFloodSummary = { answered: {}, refusedByCode: {} }
    let settled = 0
    let reached!: () => void
    const fewLeft = new Promise<void>((resolve) => (reached = resolve))
    const requests = Array.from({ length: count }, (_, i) =>
      server.server
        .elicitInput(
          {
            message: `question ${i}`,
            requestedSchema: { type: 'object', properties: { answer: { type: 'string' } } },
          },
          { timeout: 600_000 },
        )
        .then(
          (result) => {
            summary.answered[result.action] = (summary.answered[result.action] ?? 0) + 1
          },
          (error: unknown) => {
            const code = error instanceof ProtocolError ? String(error.code) : 'none'
            summary.refusedByCode[code] = (summary.refusedByCode[code] ?? 0) + 1
            summary.refusalMessage ??= error instanceof Error ? error.message : String(error)
          },
        )
        .finally(() => {
          if (count - ++settled <= untilPending) reached()
        }),
    )
    elicitFlood = Promise.all(requests).then(() => summary)
    await fewLeft
    return { content: [{ type: 'text', text: JSON.stringify(summary) }] }
  },
)

server.registerTool(
  'elicit-result',
  { description: 'Waits for the last elicit flood to settle and reports how each request ended' },
  async () => ({ content: [{ type: 'text', text: JSON.stringify(await elicitFlood) }] }),
)

server.registerTool(
  'notify',
  {
    description: 'Sends count list_changed (or resources/updated) notifications back to back',
    inputSchema: z.object({
      kind: z.enum(['resources', 'prompts', 'updated']),
      count: z.number().int().positive(),
      uri: z.string().optional(),
    }),
  },
  async ({ kind, count, uri }) => {
    for (let i = 0; i < count; i++) {
      if (kind === 'resources') await server.server.sendResourceListChanged()
      else if (kind === 'prompts') await server.server.sendPromptListChanged()
      else await server.server.sendResourceUpdated({ uri: uri ?? 'flood://other' })
    }
    return { content: [{ type: 'text', text: `sent ${count}` }] }
  },
)

server.registerTool('stats', { description: 'How often the host listed resources and prompts' }, () => ({
  content: [{ type: 'text', text: JSON.stringify(stats) }],
}))

await server.connect(new StdioServerTransport())
