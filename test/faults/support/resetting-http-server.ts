// A Streamable HTTP MCP server (stateless: a fresh McpServer per request) on 127.0.0.1 whose `reset` tool
// cuts the TCP connection once the call has arrived, before any answer: the host cannot know whether the
// tool acted. Every tools/call is counted by tool name before anything else happens.
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node'
import { McpServer } from '@modelcontextprotocol/server'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'

export interface ResettingHttpServer {
  /** http://127.0.0.1:PORT/mcp */
  readonly url: string
  /** How many tools/call requests arrived, by tool name. */
  calls(tool: string): number
  close(): Promise<void>
}

function toolCallName(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const message = body as { method?: unknown; params?: { name?: unknown } }
  return message.method === 'tools/call' && typeof message.params?.name === 'string'
    ? message.params.name
    : undefined
}

function mcpServer(): McpServer {
  const server = new McpServer({ name: 'resetting-http', version: '1.0.0' })
  server.registerTool(
    'echo',
    { description: 'Returns the text', inputSchema: z.object({ text: z.string() }) },
    ({ text }) => ({ content: [{ type: 'text', text }] }),
  )
  server.registerTool('reset', { description: 'Cuts the connection before answering' }, () => {
    throw new Error('unreachable: the connection is reset before the call is handled')
  })
  return server
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = []
  for await (const part of req) parts.push(part as Buffer)
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown
}

export async function startResettingHttpServer(): Promise<ResettingHttpServer> {
  const counts = new Map<string, number>()

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      // Stateless: no event stream to resume and no session to end.
      res.writeHead(405, { allow: 'POST' }).end()
      return
    }
    const body = await readJson(req)
    const tool = toolCallName(body)
    if (tool !== undefined) counts.set(tool, (counts.get(tool) ?? 0) + 1)
    if (tool === 'reset') {
      req.socket.resetAndDestroy()
      return
    }
    const server = mcpServer()
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    res.on('close', () => {
      void transport.close()
      void server.close()
    })
    await server.connect(transport)
    await transport.handleRequest(req, res, body)
  }

  const http = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls: (tool) => counts.get(tool) ?? 0,
    close: async () => {
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
