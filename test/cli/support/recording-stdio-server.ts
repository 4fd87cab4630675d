// The fixture MCP server over stdio, writing every message it receives as a JSON line to a log file, so a
// test can prove what reached the server (and what did not):
//   node test/cli/support/recording-stdio-server.ts <log-file>
// Run by node with type stripping: packages and a computed import of the fixture module only.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio'
import { appendFileSync } from 'node:fs'
import type * as FixtureServerModule from '../../fixtures/mcp-servers/fixture-server'

const logFile = process.argv[2]
if (logFile === undefined) {
  process.stderr.write('usage: recording-stdio-server.ts <log-file>\n')
  process.exit(2)
}

const fixtureModuleUrl = new URL('../../fixtures/mcp-servers/fixture-server.ts', import.meta.url).href
const { createFixtureServer } = (await import(fixtureModuleUrl)) as typeof FixtureServerModule

const transport = new StdioServerTransport()
await createFixtureServer({ name: 'recording' }).connect(transport)
// Wrapped after connect (which installs the server's handler) and before any input is read: stdin data
// arrives on a later turn of the event loop.
const deliver = transport.onmessage
transport.onmessage = (message) => {
  appendFileSync(logFile, `${JSON.stringify(message)}\n`)
  deliver?.(message)
}
