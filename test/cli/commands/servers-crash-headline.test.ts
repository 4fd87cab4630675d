// `mcp-desk servers` names a crashed server's death as the window does: code or signal, and the stderr line
// that says why (not the first line it logged). A real crashing stdio server (crashing-server.ts).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit } from '../support/cli-harness'

const CRASHING_SERVER = fileURLToPath(
  new URL('../../fixtures/mcp-servers/crashing-server.ts', import.meta.url),
)

let temp: TempHome
let home: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-crash-')
  home = path.join(temp.dir, 'home')
  const add = (name: string, die: string) =>
    expectExit(
      [
        '--home',
        home,
        'servers',
        'add',
        name,
        '--',
        process.execPath,
        CRASHING_SERVER,
        '--die',
        die,
        '--when',
        'start',
      ],
      0,
    )
  await add('Thrower', 'throw')
  await add('Killed', 'signal')
})
afterAll(() => temp.cleanup())

describe('mcp-desk servers with crashed servers', () => {
  it('shows the exit code or signal and the meaningful stderr line', async () => {
    const { stdout } = await expectExit(['--home', home, 'servers'], 0)
    const lines = stdout.split('\n')
    expect(lines.find((line) => line.startsWith('Thrower'))).toMatch(/ exited with code 1: Error: boom$/)
    // The table cuts the reason to 80 columns; --json has all of it.
    expect(lines.find((line) => line.startsWith('Killed'))).toMatch(
      / killed by SIGKILL: crashing-server: ou…$/,
    )
    const json = await expectExit(['--home', home, 'servers', '--json'], 0)
    const reasons = (JSON.parse(json.stdout) as Array<{ failure?: { reason: string } }>).map(
      (state) => state.failure?.reason,
    )
    expect(reasons).toEqual([
      'exited with code 1: Error: boom',
      'killed by SIGKILL: crashing-server: out of memory, giving up',
    ])
  })
})
