import { spawn, type ChildProcess } from 'node:child_process'
import { spawnCommandFor } from './spawn-command'

/** What server-everything prints once each HTTP mode listens (its stdio mode prints nothing like it). */
const READY: Record<'sse' | 'streamableHttp', (port: number) => string> = {
  sse: (port) => `running on port ${port}`,
  streamableHttp: (port) => `listening on port ${port}`,
}

/**
 * Starts @modelcontextprotocol/server-everything in one of its HTTP modes on `port` (it cannot report a
 * port it picked itself), resolving once it says it listens and rejecting with its stderr if it exits first.
 */
export async function startServerEverythingHttp(
  mode: 'sse' | 'streamableHttp',
  port: number,
): Promise<ChildProcess> {
  // Its CLI takes the transport as the first argument: swap the default `stdio` for the mode.
  const { command, args } = spawnCommandFor('server-everything')
  const child = spawn(command, [...args.slice(0, -1), mode], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    let stderr = ''
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (text: string) => {
      stderr += text
      if (stderr.includes(READY[mode](port))) resolve()
    })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      reject(
        new Error(`server-everything exited (${code ?? signal}) before listening: ${stderr.slice(-2000)}`),
      )
    })
  })
  return child
}
