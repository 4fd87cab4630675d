// Plays a byte stream as a server's stdout to the real ObservingStdioTransport: the bytes go to a temp file,
// and a child process (plain-js/replay-stdout.js) writes them in uneven chunks, then waits for its stdin to close.
import type { JSONRPCMessage } from '@modelcontextprotocol/server'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ObservingStdioTransport, type StdioExitInfo } from '../../../src/main/core/mcp/stdio/stdio-transport'
import { pidExists } from './process-census'

const REPLAY_STDOUT = fileURLToPath(new URL('./plain-js/replay-stdout.js', import.meta.url))

export interface Played {
  messages: JSONRPCMessage[]
  errors: Error[]
  exitInfo: StdioExitInfo | undefined
  serverAlive: boolean
}

/** Resolves once the transport has closed (the stream must make it close, e.g. by breaking the cap). */
export async function playToTransport(stream: Buffer, maxMessageBytes: number): Promise<Played> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-desk-replay-'))
  try {
    const file = join(dir, 'stdout.bin')
    writeFileSync(file, stream)
    const transport = new ObservingStdioTransport({
      command: process.execPath,
      args: [REPLAY_STDOUT, file],
      env: {},
      maxMessageBytes,
      shutdownGraceMs: 500,
    })
    const messages: JSONRPCMessage[] = []
    const errors: Error[] = []
    transport.onmessage = (message) => messages.push(message)
    transport.onerror = (error) => errors.push(error)
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve()
    })
    await transport.start()
    await closed
    await transport.close()
    return { messages, errors, exitInfo: transport.exitInfo, serverAlive: pidExists(transport.pid ?? -1) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
