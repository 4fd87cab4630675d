// A raw newline-JSON MCP server (no SDK) whose tools fail in the middle of the call, after the call has
// reached it: the host cannot know whether the tool acted. Every tools/call is first appended to the file
// given as --calls-file (one tool name a line), so a test can count what the server saw even after it died.
// Run as `node mid-call-server.ts --calls-file FILE [--oversized-bytes N]`; erasable TypeScript only.
// Tools:
//   echo {text}    answers the text
//   crash          dies by SIGKILL before answering
//   hang           never answers
//   close_stdout   closes its standard output and keeps running (still reading stdin)
//   oversized      answers with one line of --oversized-bytes bytes (default 256 KiB)
import { appendFileSync, closeSync, writeSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'calls-file': { type: 'string' },
    'oversized-bytes': { type: 'string', default: String(256 * 1024) },
  },
  strict: true,
})
const callsFile = values['calls-file']
if (callsFile === undefined) throw new Error('--calls-file is required')

type Id = string | number
interface Incoming {
  id?: Id
  method?: string
  params?: { name?: string; arguments?: { text?: string }; protocolVersion?: string }
}

const noArguments = { type: 'object', properties: {} }
const TOOLS = [
  {
    name: 'echo',
    description: 'Returns the text',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
  { name: 'crash', description: 'Dies before answering', inputSchema: noArguments },
  { name: 'hang', description: 'Never answers', inputSchema: noArguments },
  { name: 'close_stdout', description: 'Closes its output and stays', inputSchema: noArguments },
  { name: 'oversized', description: 'Answers with a line over the cap', inputSchema: noArguments },
]

// Synchronous writes to fd 1, so closing it later (close_stdout) leaves no stream behind that could write.
function writeLine(line: string): void {
  const bytes = Buffer.from(`${line}\n`)
  let written = 0
  while (written < bytes.length) {
    try {
      written += writeSync(1, bytes, written)
    } catch (error) {
      // A pipe the host has not drained yet: try again.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error
    }
  }
}

function answer(id: Id, result: object): void {
  writeLine(JSON.stringify({ jsonrpc: '2.0', id, result }))
}

function callTool(id: Id, name: string, text: string): void {
  appendFileSync(callsFile as string, `${name}\n`)
  switch (name) {
    case 'echo':
      return answer(id, { content: [{ type: 'text', text }] })
    case 'crash':
      return void process.kill(process.pid, 'SIGKILL')
    case 'hang':
      return
    case 'close_stdout':
      return closeSync(1)
    case 'oversized': {
      const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`
      const tail = '"}]}}'
      const size = Number(values['oversized-bytes'])
      return writeLine(head + 'x'.repeat(Math.max(0, size - head.length - tail.length)) + tail)
    }
    default:
      return answer(id, { isError: true, content: [{ type: 'text', text: `unknown tool ${name}` }] })
  }
}

function handle(message: Incoming): void {
  if (message.id === undefined || message.method === undefined) return
  const params = message.params ?? {}
  switch (message.method) {
    case 'initialize':
      return answer(message.id, {
        protocolVersion: params.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'mid-call', version: '1.0.0' },
      })
    case 'tools/list':
      return answer(message.id, { tools: TOOLS })
    case 'tools/call':
      return callTool(message.id, String(params.name), String(params.arguments?.text ?? ''))
    default:
      return answer(message.id, {})
  }
}

const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  if (line.trim() !== '') handle(JSON.parse(line) as Incoming)
})
lines.on('close', () => process.exit(0))
