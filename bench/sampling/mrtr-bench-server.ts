// The server of the benchmark's MRTR path (2026-07-28, SEP-2322): tool `summarize {text}` answers its first
// call `input_required` with one embedded `sampling/createMessage` and a requestState, and the retry that
// carries the completion in `inputResponses` with the completion's text. Each contender (the host, the bare
// v2 client) gets its own instance from the same factory.
//
// The link is the SDK's in-memory transport pair, whose send hands the message to the other side
// synchronously, so no pipe is measured. A bare McpServer.connect() over it would only speak 2025 (it has
// no `server/discover` entry, and a 2025 server shims `input_required` into a server→client request);
// serveStdio, given the in-memory server side as its own transport, owns the era decision exactly as on a
// pipe: it answers the `server/discover` probe and pins a 2026-07-28 instance for the connection.
import {
  InMemoryTransport,
  inputRequired,
  inputResponse,
  McpServer,
  type CallToolResult,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/server'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { z } from 'zod'
import { PROMPT } from './sampling-runs'
import type { TimingProbe } from './timing-probe'

export const MRTR_TOOL = 'summarize'
const INPUT_KEY = 'summary'
/** Echoed back by the client on the retry; its presence is how the tool knows the round. */
const REQUEST_STATE = 'summarize:1'

function createMrtrBenchServer(): McpServer {
  const server = new McpServer({ name: 'bench-mrtr', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.registerTool(
    MRTR_TOOL,
    { description: 'Summarizes text with the host model', inputSchema: z.object({ text: z.string() }) },
    (args, ctx) => {
      const state = ctx.mcpReq.requestState<string>()
      if (state === undefined) {
        return inputRequired({
          inputRequests: {
            [INPUT_KEY]: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `${PROMPT}: ${args.text}` } }],
              maxTokens: 16,
            }),
          },
          requestState: REQUEST_STATE,
        })
      }
      const response = inputResponse(ctx.mcpReq.inputResponses, INPUT_KEY)
      if (state !== REQUEST_STATE || response.kind !== 'sampling') {
        return { content: [{ type: 'text', text: `bad retry: ${state} ${response.kind}` }], isError: true }
      }
      const content = response.result.content
      const first = Array.isArray(content) ? content[0] : content
      const result: CallToolResult = {
        content: [{ type: 'text', text: first?.type === 'text' ? first.text : '' }],
      }
      return result
    },
  )
  return server
}

export interface LinkedMrtrServer {
  /** The client's side of the in-memory pair, for the host's opener or the bare client's connect. */
  clientSide: Transport
  close(): Promise<void>
}

const isInputRequired = (message: JSONRPCMessage): boolean =>
  'result' in message && message.result.resultType === 'input_required'

const isRetry = (message: JSONRPCMessage): boolean =>
  'method' in message &&
  message.method === 'tools/call' &&
  (message.params as { inputResponses?: unknown } | undefined)?.inputResponses !== undefined

/**
 * A new server instance served over an in-memory pair, stamping (both sends reach the other side
 * synchronously) `arrived` when the `input_required` result reaches the client and `retried` when the
 * retry reaches the server.
 */
export function linkMrtrBenchServer(probe: TimingProbe): LinkedMrtrServer {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const serverSend = serverSide.send.bind(serverSide)
  serverSide.send = (message, options) => {
    if (isInputRequired(message)) probe.mark('arrived')
    return serverSend(message, options)
  }
  const clientSend = clientSide.send.bind(clientSide)
  clientSide.send = (message, options) => {
    if (isRetry(message)) probe.mark('retried')
    return clientSend(message, options)
  }
  const handle = serveStdio(createMrtrBenchServer, { transport: serverSide })
  return { clientSide, close: () => handle.close() }
}
