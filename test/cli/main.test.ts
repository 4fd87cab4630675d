import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/run-cli'
import { openNodeProfile } from '../../src/main/core/profile/open-node-profile'
import { fixtureServerCommand } from './support/cli-harness'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const entry = path.join(repoRoot, 'src/cli/main.ts')

let root: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-desk-cli-main-'))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

/** Runs the real entry in its own process (via tsx), the way `mcp-desk` runs, and waits for it to exit. */
function runEntry(
  args: string[],
  stdin?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', entry, ...args],
      { cwd: repoRoot, env: { ...process.env, MCP_DESK_HOME: '' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number | undefined) ?? null) : 0, stdout, stderr }),
    )
    if (stdin !== undefined) child.stdin?.end(stdin)
  })
}

describe('src/cli/main.ts', () => {
  it('passes argv to runCli and sets the exit code', async () => {
    const home = path.join(root, 'home')
    const ok = await runEntry(['--home', home, 'config', 'path'])
    expect(ok).toEqual({ code: 0, stdout: `${path.join(home, 'settings.json')}\n`, stderr: '' })
    const bad = await runEntry(['nonsense'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('unknown command "nonsense"')
  })

  it('connects servers and then exits on its own (nothing left running), and refuses call without a terminal', async () => {
    const home = path.join(root, 'home')
    const added = await runCli(['--home', home, 'servers', 'add', 'Fixture', ...fixtureServerCommand()], {
      stdout: () => {},
      stderr: () => {},
      env: {},
    })
    expect(added).toBe(0)
    const listed = await runEntry(['--home', home, 'servers', '--strict'])
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/^Fixture +stdio +connected/m)
    // execFile's stdin is a pipe, not a terminal: nobody could answer the prompt.
    const call = await runEntry(['--home', home, 'call', 'fixture', 'echo', '--args', '{"text":"x"}'])
    expect(call.code).toBe(1)
    expect(call.stderr).toContain('pass --yes')
  })

  it('reads the --api-key-stdin key from a pipe, stores it, and never prints it', async () => {
    const home = path.join(root, 'home')
    const key = 'sk-piped-canary-4711'
    const added = await runEntry(
      [
        '--home',
        home,
        'providers',
        'add',
        'custom',
        '--id',
        'piped',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--api-key-stdin',
      ],
      `${key}\nignored second line\n`,
    )
    expect(added.code).toBe(0)
    expect(added.stdout).toContain('with id piped')
    expect(added.stdout + added.stderr).not.toContain(key)
    const profile = openNodeProfile(home)
    const apiKey = profile.settings.get().models.providers[0]?.apiKey
    expect(apiKey).toBeDefined()
    expect(profile.secrets.get(apiKey?.secret ?? '')).toBe(key)
  })
})
