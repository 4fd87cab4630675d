// `mcp-desk import` shows what each server is granted before anything is written (issue 19, items 8 and
// 11): its sampling policy, its env and header names (secret or plain), its command line; a file's
// `sampling: allow` is imported as ask unless --allow-sampling names the server; a file listing more
// than 1,000 servers is refused at preview in plain words.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ServerConfigService } from '../../../src/main/core/mcp/server-config-service'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { manyServers } from '../../main/core/config/import/fixture-files'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, runMcpDesk } from '../support/cli-harness'

const FIXTURES = path.join(import.meta.dirname, '../../fixtures/import')
const CLAUDE_DESKTOP = path.join(FIXTURES, 'claude-desktop/claude_desktop_config.json')
const OPENCODE = path.join(FIXTURES, 'opencode/mimocode.jsonc')
const OPENAI_KEY = 'sk-import-trust-0123456789'

let temp: TempHome
let home: string
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-import-trust-')
  home = path.join(temp.dir, 'home')
})
afterEach(() => temp.cleanup())

const imports = (file: string, ...rest: string[]) => ['--home', home, 'import', file, ...rest]
const withKey = ['--set', `OPENAI_API_KEY=${OPENAI_KEY}`]

function samplingOf(name: string) {
  const profile = openNodeProfile(home)
  return new ServerConfigService(profile.settings, profile.secrets).list().find((s) => s.name === name)
    ?.sampling
}

describe('mcp-desk import: what each server is granted', () => {
  it('shows the sampling policy and env names in the preview, and --json has them per row', async () => {
    const text = await expectExit(imports(CLAUDE_DESKTOP), 0)
    expect(text.stdout).toContain(
      [
        '  [new] github  stdio  npx -y @modelcontextprotocol/server-github',
        '      sampling: ask (a card for each request)',
        '      env: GITHUB_PERSONAL_ACCESS_TOKEN (secret)',
      ].join('\n'),
    )
    expect(text.stdout).toContain('      env: LOG_LEVEL (plain)')
    expect(text.stdout).not.toContain('debug')

    const json = JSON.parse((await expectExit(imports(CLAUDE_DESKTOP, '--json'), 0)).stdout)
    const github = json.preview.rows.find((row: { sourceName: string }) => row.sourceName === 'github')
    expect(github).toMatchObject({
      destination: 'npx -y @modelcontextprotocol/server-github',
      sampling: 'ask',
      fileAllowsSampling: false,
      env: [{ name: 'GITHUB_PERSONAL_ACCESS_TOKEN', secret: true }],
    })
    expect(json.sampling).toEqual({ filesystem: 'ask', github: 'ask' })
  })

  it("imports a file's sampling allow as ask, and as allow only with --allow-sampling", async () => {
    const preview = await expectExit(imports(OPENCODE, ...withKey), 0)
    expect(preview.stdout).toContain(
      '      sampling: ask (a card for each request); the file says allow: --allow-sampling summarizer keeps it',
    )
    expect(preview.stdout).toContain('      headers: X-Workspace (plain)')
    const json = JSON.parse((await expectExit(imports(OPENCODE, '--json', ...withKey), 0)).stdout)
    expect(json.sampling).toMatchObject({ summarizer: 'ask', scratch: 'deny' })
    expect(
      json.preview.rows.find((row: { sourceName: string }) => row.sourceName === 'summarizer'),
    ).toMatchObject({ sampling: 'ask', fileAllowsSampling: true })

    await expectExit(imports(OPENCODE, '--yes', ...withKey), 0)
    expect(samplingOf('summarizer')).toBe('ask')
    expect(samplingOf('scratch')).toBe('deny')
  })

  it('keeps allow for the servers --allow-sampling names, and refuses names that do not fit', async () => {
    const notAsked = await runMcpDesk(
      imports(OPENCODE, '--yes', ...withKey, '--allow-sampling', 'filesystem'),
    )
    expect(notAsked.code).toBe(2)
    expect(notAsked.stderr).toContain(
      '--allow-sampling filesystem: the file does not set sampling to allow for that server',
    )
    const unknown = await runMcpDesk(imports(OPENCODE, '--yes', ...withKey, '--allow-sampling', 'nope'))
    expect(unknown.stderr).toContain('--allow-sampling nope: the file has no server of that name')
    expect(samplingOf('summarizer')).toBeUndefined()

    const run = await expectExit(imports(OPENCODE, '--yes', ...withKey, '--allow-sampling', 'summarizer'), 0)
    expect(run.stdout).toContain('      sampling: allow, without asking (--allow-sampling)')
    expect(samplingOf('summarizer')).toBe('allow')
    expect(samplingOf('filesystem')).toBe('ask')
  })

  it('refuses a file with more than 1,000 servers at preview, in plain words', async () => {
    const file = path.join(temp.dir, 'big.json')
    fs.writeFileSync(file, manyServers(1500))
    const run = await runMcpDesk(imports(file))
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      'cannot import big.json: This file lists 1,500 servers; MCP Desk imports at most 1,000 at a time',
    )
    expect(run.stderr).not.toMatch(/"code"|too_big/)
    expect(samplingOf('server-0')).toBeUndefined()
  })
})
