// Add once the roots commands are dispatched (run-cli.ts, cli-args.ts) and server-session offers roots.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { spawnCommandFor } from '../../support/spawn-command'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit } from '../support/cli-harness'

let temp: TempHome
let home: string
let granted: string
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-roots-dispatch-')
  home = path.join(temp.dir, 'home')
  granted = path.join(fs.realpathSync(temp.dir), 'granted')
  fs.mkdirSync(granted)
  const everything = spawnCommandFor('server-everything')
  await expectExit(
    ['--home', home, 'servers', 'add', 'Everything', '--', everything.command, ...everything.args],
    0,
  )
})
afterEach(() => temp.cleanup())

describe('mcp-desk roots (dispatched)', () => {
  it('add, list (bare and --json), remove and reset run from the command line', async () => {
    await expectExit(['--home', home, 'roots', 'add', '*', granted], 0)
    expect((await expectExit(['--home', home, 'roots'], 0)).stdout).toContain(
      `Server "Everything" (everything), following the default folders:\n  ${granted}\n`,
    )
    expect(
      JSON.parse((await expectExit(['--home', home, 'roots', 'list', '*', '--json'], 0)).stdout),
    ).toEqual({
      target: '*',
      folders: [granted],
      source: '*',
    })
    await expectExit(['--home', home, 'roots', 'remove', 'everything', granted], 0)
    await expectExit(['--home', home, 'roots', 'reset', 'everything'], 0)
    const missing = await expectExit(['--home', home, 'roots', 'add', '*', path.join(granted, 'nope')], 1)
    expect(missing.stderr).toContain(`folder "${path.join(granted, 'nope')}" does not exist`)
    expect((await expectExit(['--home', home, 'roots', 'add', '*'], 2)).stderr).toContain(
      'roots add needs <dir>',
    )
  })

  it('mcp-desk call hands the granted folders to the server', async () => {
    await expectExit(['--home', home, 'roots', 'add', 'everything', granted], 0)
    const { stdout } = await expectExit(['--home', home, 'call', 'everything', 'get-roots-list', '--yes'], 0)
    expect(stdout).toContain('Current MCP Roots (1 total):')
    expect(stdout).toContain(`URI: ${pathToFileURL(granted).href}`)
  })
})
