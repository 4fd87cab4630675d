// A minimal newline-JSON MCP server that starts a grandchild (`sleep`) and leaves it running, for the
// start/stop cycle test. Plain JavaScript on purpose: a hundred cycles start a hundred servers, and plain
// node starts in half the CPU time of node stripping TypeScript types (misbehaving-server.ts does the same
// with a node grandchild, at three times the cost per cycle).
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const grandchild = spawn('sleep', ['100000'], { stdio: 'ignore' })
grandchild.unref()
process.stderr.write(`grandchild pid ${grandchild.pid}\n`)

const TOOL = {
  name: 'grandchild_pid',
  description: 'The pid of the process this server started',
  inputSchema: { type: 'object', properties: {} },
}

function answer(id, result) {
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`)
}

function handle(message) {
  if (message.id === undefined) return
  switch (message.method) {
    case 'initialize':
      return answer(message.id, {
        protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'forking', version: '1.0.0' },
      })
    case 'tools/list':
      return answer(message.id, { tools: [TOOL] })
    case 'tools/call':
      return answer(message.id, { content: [{ type: 'text', text: String(grandchild.pid) }] })
    default:
      return answer(message.id, {})
  }
}

const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  if (line.trim() !== '') handle(JSON.parse(line))
})
// Like most servers: stdin closing is the signal to go, and the grandchild is left behind.
lines.on('close', () => process.exit(0))
