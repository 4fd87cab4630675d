// A minimal legacy HTTP+SSE MCP server (spec 2024-11-05) for startLocalHttpServer: GET /sse opens an event
// stream whose first event names the POST endpoint; POSTed requests are accepted with 202 and answered on
// the stream. Enough for initialize, tools/list and one echo tool, with the stream under the test's control.
import type { ServerResponse } from 'node:http'
import type { LocalHandler } from './local-http-server'

export interface LegacySseControls {
  handler: LocalHandler
  /** The open event streams, in the order the GETs arrived. */
  readonly streams: ServerResponse[]
  /** Ends every open stream, as a server that restarts or drops the client would. */
  endStreams(): void
}

export interface LegacySseOptions {
  /** What the endpoint event says (relative or absolute); `/message?sessionId=s1` by default. */
  endpoint?: string
  /** Sends no endpoint event at all: a server that is not a legacy SSE server. */
  silent?: boolean
}

interface RpcMessage {
  jsonrpc: '2.0'
  id?: number | string
  method?: string
  params?: { protocolVersion?: string; name?: string; arguments?: { message?: string } }
}

export function legacySseHandler(options: LegacySseOptions = {}): LegacySseControls {
  const streams: ServerResponse[] = []
  const send = (message: unknown) => {
    for (const stream of streams) stream.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`)
  }
  const handler: LocalHandler = (request, res) => {
    if (request.method === 'GET' && request.path.startsWith('/sse')) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      if (!options.silent)
        res.write(`event: endpoint\ndata: ${options.endpoint ?? '/message?sessionId=s1'}\n\n`)
      streams.push(res)
      return
    }
    if (request.method === 'POST' && request.path.startsWith('/message')) {
      res.writeHead(202).end('Accepted')
      const message = JSON.parse(request.body) as RpcMessage
      if (message.id !== undefined) send({ jsonrpc: '2.0', id: message.id, result: resultFor(message) })
      return
    }
    res.writeHead(404).end()
  }
  return {
    handler,
    streams,
    endStreams: () => {
      for (const stream of streams.splice(0)) stream.end()
    },
  }
}

function resultFor(message: RpcMessage): unknown {
  switch (message.method) {
    case 'initialize':
      return {
        protocolVersion: message.params?.protocolVersion ?? '2024-11-05',
        capabilities: { tools: {} },
        serverInfo: { name: 'legacy-sse-fixture', version: '1.0.0' },
      }
    case 'tools/list':
      return {
        tools: [
          {
            name: 'echo',
            description: 'Echoes the message',
            inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
          },
        ],
      }
    case 'tools/call':
      return { content: [{ type: 'text', text: `echo: ${message.params?.arguments?.message ?? ''}` }] }
    default:
      return {}
  }
}
