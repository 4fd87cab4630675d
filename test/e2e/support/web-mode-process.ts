import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'

const repoRoot = resolve(import.meta.dirname, '../../..')
export const builtCli = resolve(repoRoot, 'out/main/cli.js')

export interface WebModeProcess {
  url: string
  origin: string
  port: number
  token: string
  output: string[]
  stop(): Promise<void>
}

/** Starts `mcp-desk --home HOME web` from the build, as a user would, and resolves with the URL it prints. */
export function startWebModeProcess(home: string): Promise<WebModeProcess> {
  const child = spawn(process.execPath, [builtCli, '--home', home, 'web'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MCP_DESK_HOME: '' },
  })
  const output: string[] = []
  return new Promise((resolvePromise, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`mcp-desk web exited early (code ${code}):\n${output.join('\n')}`))
    child.once('exit', onExit)
    createInterface({ input: child.stderr }).on('line', (line) => output.push(line))
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line)
      const match = /^MCP Desk web UI: (\S+)$/.exec(line)
      if (!match?.[1]) return
      child.off('exit', onExit)
      const url = new URL(match[1])
      resolvePromise({
        url: match[1],
        origin: url.origin,
        port: Number(url.port),
        token: url.searchParams.get('token') ?? '',
        output,
        stop: () => stopChild(child),
      })
    })
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolveStop) => {
    child.once('exit', () => resolveStop())
    child.kill('SIGTERM')
  })
}
