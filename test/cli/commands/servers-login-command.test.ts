import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CliIo } from '../../../src/cli/cli-io'
import { loginServer, logoutServer } from '../../../src/cli/commands/servers-login-command'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { startOAuthMcpServer, type OAuthMcpServer } from '../../fixtures/oauth-server/start-oauth-mcp-server'
import { tempHome, type TempHome } from '../../support/temp-home'
import { browse } from '../../main/core/mcp/oauth/oauth-support'
import { expectExit } from '../support/cli-harness'

let temp: TempHome
let home: string
let fixture: OAuthMcpServer
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-login-')
  home = path.join(temp.dir, 'home')
  fixture = await startOAuthMcpServer()
  await expectExit(['--home', home, 'servers', 'add', 'Notes', '--url', fixture.mcpUrl], 0)
})
afterEach(async () => {
  await fixture.stop()
  await temp.cleanup()
})

/** A terminal whose user opens the printed address in a browser as soon as it appears. */
function terminalWithBrowser(): CliIo & { out: () => string; err: () => string; landed: Promise<Response> } {
  let stdout = ''
  let stderr = ''
  let opened: ((page: Response) => void) | undefined
  const landed = new Promise<Response>((resolve) => (opened = resolve))
  return {
    stdout: (text) => {
      stdout += text
      const url = /^(http\S+authorize\S*)$/m.exec(stdout)?.[1]
      if (url && opened) {
        const open = opened
        opened = undefined
        void browse(url).then(open)
      }
    },
    stderr: (text) => (stderr += text),
    env: {},
    out: () => stdout,
    err: () => stderr,
    landed,
  }
}

describe('mcp-desk servers login / logout', () => {
  it('prints the sign-in address, waits for the browser, and reports the connected server', async () => {
    const io = terminalWithBrowser()
    const code = await loginServer(home, 'Notes', io)
    expect(code).toBe(0)
    expect(io.err()).toMatch(
      /Open this address in your browser to sign in to "Notes" \(notes\) on 127\.0\.0\.1:\d+/,
    )
    expect(io.out()).toMatch(/Signed in to "Notes" \(notes\) with notes:read: connected, 2 tools/)
    expect((await io.landed).status).toBe(200)

    // The tokens stay in the profile's secret store: a second command connects without asking.
    const again = terminalWithBrowser()
    expect(await loginServer(home, 'notes', again)).toBe(0)
    expect(again.out()).toContain('is connected and signed in; nothing to do')
    const tokenValues = fixture.log.mcpAuthorizationHeaders.filter(Boolean).map((h) => h!.slice(7))
    for (const token of tokenValues)
      expect(io.out() + io.err() + again.out() + again.err()).not.toContain(token)

    const out = terminalWithBrowser()
    expect(await logoutServer(home, 'Notes', out)).toBe(0)
    expect(out.out()).toContain('Signed out of "Notes" (notes); its tokens are deleted')
    expect(
      openNodeProfile(home)
        .secrets.list()
        .filter((name) => name.startsWith('oauth.')),
    ).toEqual([])
  })
})
