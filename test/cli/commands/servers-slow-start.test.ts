// Issue 19 item 10 in the CLI: `mcp-desk servers` waits the stdio start-up time for a server that is slow to
// say anything (a first `npx -y`), saying on stderr that it is waiting and what the server last wrote.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { serverStateSchema } from '../../../src/shared/mcp/server-state'
import { misbehavingServer } from '../../fixtures/misbehaving/misbehaving-command'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit } from '../support/cli-harness'

const PROGRESS = 'npm http fetch GET 200 https://registry.npmjs.org/slow-server 812ms (cache miss)'

let temp: TempHome
let home: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-slow-start-')
  home = path.join(temp.dir, 'home')
  const slow = misbehavingServer(['--stderr', PROGRESS, '--silent-for', '3000'])
  await expectExit(['--home', home, 'servers', 'add', 'slow', '--', slow.command, ...slow.args], 0)
  // A 1 s handshake budget: only the (default, 120 s) start-up time covers the 3 s of silence.
  const file = path.join(home, 'settings.json')
  const settings = JSON.parse(readFileSync(file, 'utf8')) as { mcp?: { limits?: Record<string, number> } }
  settings.mcp = { ...settings.mcp, limits: { ...settings.mcp?.limits, connectTimeoutMs: 1000 } }
  writeFileSync(file, JSON.stringify(settings, null, 2))
})
afterAll(() => temp.cleanup())

it('mcp-desk servers waits for a slow-starting stdio server and says so on stderr', async () => {
  const { stdout, stderr } = await expectExit(['--home', home, 'servers', '--json', '--strict'], 0)
  const [slow] = serverStateSchema.array().parse(JSON.parse(stdout))
  expect(slow?.status).toBe('connected')
  expect(stderr).toContain('Waiting for slow to start (up to 120 s')
  expect(stderr).toContain(`slow: ${PROGRESS}`)
})
