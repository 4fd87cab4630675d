import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempHome, type TempHome } from '../support/temp-home'
import { expectExit } from './support/cli-harness'

let temp: TempHome
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-session-')
})
afterEach(() => temp.cleanup())

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
    throw error
  }
}

/** Polls for a condition that has no event to wait on (a file another process writes), up to a deadline. */
async function waitFor<T>(probe: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

describe('server commands interrupted by a signal', () => {
  it('stop their servers, leave no process behind and exit 130', async () => {
    const home = path.join(temp.dir, 'home')
    const pidFile = path.join(temp.dir, 'server.pid')
    // A "server" that never answers initialize, so `servers` is still connecting when Ctrl+C comes.
    await expectExit(
      ['--home', home, 'servers', 'add', 'Mute', '--', 'sh', '-c', `echo $$ > '${pidFile}'; exec sleep 30`],
      0,
    )

    let serverPid = 0
    const run = await expectExit(['--home', home, 'servers'], 130, {
      untilShutdown: async () => {
        serverPid = await waitFor(() => {
          const text = fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8') : ''
          return text.endsWith('\n') ? Number(text) : undefined
        }, 'the server to start')
        expect(isAlive(serverPid)).toBe(true)
        return 'SIGINT'
      },
    })
    expect(run.stderr).toContain('SIGINT: stopping servers')
    expect(isAlive(serverPid)).toBe(false)
  })
})
