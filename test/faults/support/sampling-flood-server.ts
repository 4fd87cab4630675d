// An MCP server over stdio whose `flood` tool fires `count` sampling/createMessage requests at the host at
// once, waits until every one is answered, and returns what each got, for the sampling flood fault test:
//   node test/faults/support/sampling-flood-server.ts
// Each request carries `textBytes` of text, so a host that kept requests after answering them would show
// it in its heap. Node runs this file with type stripping: it imports only packages.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

export type FloodAnswer =
  | { ok: true; text: string; model: string }
  | { ok: false; code: number | undefined; reason: unknown; message: string }

const server = new McpServer({ name: 'sampling-flood', version: '1.0.0' }, { capabilities: { tools: {} } })

server.registerTool(
  'flood',
  {
    description: 'Sends count sampling requests at once and reports every answer',
    inputSchema: { count: z.number().int().positive(), textBytes: z.number().int().nonnegative() },
  },
  async ({ count, textBytes }) => {
    const filler = 'x'.repeat(textBytes)
    const requests = Array.from({ length: count }, (_, i) =>
      server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `request ${i} ${filler}` } }],
        maxTokens: 20,
      }),
    )
    const settled = await Promise.allSettled(requests)
    const answers: FloodAnswer[] = settled.map((outcome) => {
      if (outcome.status === 'fulfilled') {
        const content = outcome.value.content
        const text = !Array.isArray(content) && content.type === 'text' ? content.text : ''
        return { ok: true, text, model: outcome.value.model }
      }
      const error: unknown = outcome.reason
      return {
        ok: false,
        code: error instanceof McpError ? error.code : undefined,
        reason:
          error instanceof McpError ? (error.data as { reason?: unknown } | undefined)?.reason : undefined,
        message: error instanceof Error ? error.message : String(error),
      }
    })
    return { content: [{ type: 'text', text: JSON.stringify(answers) }] }
  },
)

await server.connect(new StdioServerTransport())
