// The npm reference MCP servers the end-to-end CLI tests run, started from their package bins under the
// test's node (the way test/support/spawn-command.ts starts server-everything over stdio).
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const NODE_MODULES = fileURLToPath(new URL('../../../node_modules/', import.meta.url))

export type NpmServer = 'server-everything' | 'server-filesystem' | 'server-memory'

/** The bin script of an installed `@modelcontextprotocol/<server>`, read from its package.json like npm. */
export function npmServerBin(server: NpmServer): string {
  const packageDir = `${NODE_MODULES}@modelcontextprotocol/${server}/`
  const manifest = JSON.parse(readFileSync(`${packageDir}package.json`, 'utf8')) as {
    bin?: string | Record<string, string>
  }
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0]
  if (bin === undefined) throw new Error(`${server} declares no bin in its package.json`)
  return `${packageDir}${bin}`
}

/** A port that was free a moment ago; the caller retries when another process takes it first. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export interface RunningHttpServer {
  /** http://127.0.0.1:PORT/mcp */
  url: string
  stop(): Promise<void>
}

/**
 * server-everything in its streamableHttp mode. It takes its port from $PORT and reports on stderr when it
 * listens (or that the port is taken, then exits 1): readiness is that line, not a delay.
 */
export async function startEverythingOverHttp(attempts = 3): Promise<RunningHttpServer> {
  let lastError: Error | undefined
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const port = await freePort()
    const child = spawn(process.execPath, [npmServerBin('server-everything'), 'streamableHttp'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    try {
      await listening(child)
      return { url: `http://127.0.0.1:${port}/mcp`, stop: () => stopChild(child) }
    } catch (error) {
      lastError = error as Error
      await stopChild(child)
    }
  }
  throw lastError ?? new Error('server-everything did not start')
}

function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = ''
    const onData = (chunk: Buffer): void => {
      stderr += chunk.toString('utf8')
      if (/listening on port \d+/.test(stderr)) {
        cleanup()
        resolve()
      }
    }
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      cleanup()
      reject(new Error(`server-everything exited (${code ?? signal}) before listening:\n${stderr}`))
    }
    const cleanup = (): void => {
      child.stderr?.off('data', onData)
      child.off('exit', onExit)
      // Keep draining so the server never blocks on a full pipe.
      child.stderr?.resume()
    }
    child.stderr?.on('data', onData)
    child.once('exit', onExit)
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
