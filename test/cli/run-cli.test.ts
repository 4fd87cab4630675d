import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/run-cli'
import { APP_VERSION } from '../../src/main/core/app-identity'
import { defaultHome } from '../../src/main/core/config/home-paths'
import { openNodeProfile } from '../../src/main/core/profile/open-node-profile'
import { PROVIDER_PRESET_IDS } from '../../src/shared/models/model-schema'

let root: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-desk-cli-'))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    env,
    untilShutdown: () => Promise.reject(new Error('web must not start in these tests')),
  })
  return { code, stdout, stderr }
}

const LITERAL_ENV = 'env-literal-c4n4ry-771'
const LITERAL_HEADER = 'Bearer header-c4n4ry-992'
const SECRET_VALUE = 'secret-value-c4n4ry-313'

function writeProfileWithLiterals(home: string): void {
  fs.mkdirSync(home, { recursive: true })
  fs.writeFileSync(
    path.join(home, 'settings.json'),
    JSON.stringify({
      schemaVersion: 1,
      servers: [
        {
          id: 'local',
          name: 'Local',
          transport: 'stdio',
          command: 'node',
          args: ['server.js'],
          env: { API_TOKEN: LITERAL_ENV, FROM_STORE: { secret: 'local-token' } },
        },
        {
          id: 'remote',
          name: 'Remote',
          transport: 'http',
          url: 'https://example.test/mcp',
          headers: { Authorization: LITERAL_HEADER },
        },
      ],
    }),
  )
  openNodeProfile(home).secrets.set('local-token', SECRET_VALUE)
}

describe('runCli config path', () => {
  it('prints the settings file under --home', async () => {
    const home = path.join(root, 'flag-home')
    const result = await run(['--home', home, 'config', 'path'])
    expect(result).toEqual({ code: 0, stdout: `${path.join(home, 'settings.json')}\n`, stderr: '' })
    // Printing a path creates nothing.
    expect(fs.existsSync(home)).toBe(false)
  })

  it('uses MCP_DESK_HOME, and --home wins over it', async () => {
    const envHome = path.join(root, 'env-home')
    const flagHome = path.join(root, 'flag-home')
    expect((await run(['config', 'path'], { MCP_DESK_HOME: envHome })).stdout.trim()).toBe(
      path.join(envHome, 'settings.json'),
    )
    expect(
      (await run(['config', 'path', `--home=${flagHome}`], { MCP_DESK_HOME: envHome })).stdout.trim(),
    ).toBe(path.join(flagHome, 'settings.json'))
  })

  it('prints every profile path with --json', async () => {
    const home = path.join(root, 'h')
    const { code, stdout } = await run(['--home', home, 'config', 'path', '--json'])
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ home, secretsFile: path.join(home, 'secrets.json') })
  })
})

describe('runCli config show', () => {
  it('masks literal env and header values and shows secret names, never values', async () => {
    const home = path.join(root, 'home')
    writeProfileWithLiterals(home)
    for (const args of [[], ['--json']]) {
      const { code, stdout, stderr } = await run(['--home', home, 'config', 'show', ...args])
      expect(code).toBe(0)
      expect(stderr).toBe('')
      for (const leak of [LITERAL_ENV, LITERAL_HEADER, 'header-c4n4ry', SECRET_VALUE]) {
        expect(stdout).not.toContain(leak)
      }
      expect(stdout).toContain('local-token')
      expect(stdout).toContain('"masked": true')
    }
  })

  it('gives machine-readable output with --json', async () => {
    const home = path.join(root, 'home')
    writeProfileWithLiterals(home)
    const { stdout } = await run(['config', 'show', '--json'], { MCP_DESK_HOME: home })
    const shown = JSON.parse(stdout)
    expect(shown.settingsFile).toBe(path.join(home, 'settings.json'))
    expect(shown.secretNames).toEqual(['local-token'])
    expect(shown.warnings).toEqual([])
    expect(shown.settings.servers[0].env).toEqual({
      API_TOKEN: { masked: true },
      FROM_STORE: { secret: 'local-token' },
    })
    expect(shown.settings.servers[1].headers).toEqual({ Authorization: { masked: true } })
  })

  it('shows defaults for a fresh home', async () => {
    const home = path.join(root, 'fresh')
    const { code, stdout } = await run(['--home', home, 'config', 'show'])
    expect(code).toBe(0)
    expect(stdout).toContain(path.join(home, 'settings.json'))
    expect(stdout).toContain('"servers": []')
    expect(stdout).toContain('(none)')
  })

  it('reports a broken settings file on stderr and exits 1', async () => {
    const home = path.join(root, 'broken')
    fs.mkdirSync(home)
    fs.writeFileSync(path.join(home, 'settings.json'), '{"servers": [')
    const { code, stderr } = await run(['--home', home, 'config', 'show'])
    expect(code).toBe(1)
    expect(stderr).toContain('warning:')
    expect(stderr).toContain('not valid JSON')
  })
})

describe('runCli usage', () => {
  it('prints help and version', async () => {
    const help = await run(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Usage: mcp-desk')
    expect(help.stdout).toContain('config show')
    for (const command of [
      'servers [--json] [--strict]',
      'servers add <name>',
      '--url URL',
      'servers remove',
      'servers tools',
      'call <server> <tool> [--args JSON] [--yes]',
      'providers add <preset>',
      '[--api-key-stdin]',
      'providers list [--json]',
      'providers remove <id>',
      'models [--json]',
      'models discover <provider> [--add] [--json]',
      'models default <provider/model>',
    ]) {
      expect(help.stdout).toContain(command)
    }
    // Readable in an 80-column terminal (all but the line with this machine's default folder).
    const defaultFolder = defaultHome(process.platform, {}, os.homedir())
    for (const line of help.stdout.split('\n').filter((l) => !l.includes(defaultFolder))) {
      expect(line.length).toBeLessThanOrEqual(80)
    }
    // Every preset is named, even where the list wraps.
    const presets = /Presets: ([^]*?)\n {2}providers list/.exec(help.stdout)?.[1]?.replace(/\s+/g, ' ')
    expect(presets).toBe(PROVIDER_PRESET_IDS.join(', '))
    expect(await run(['--version'])).toMatchObject({ code: 0, stdout: `mcp-desk ${APP_VERSION}\n` })
  })

  it.each([
    [['frobnicate'], 'unknown command "frobnicate"'],
    [['config', 'explode'], 'unknown config subcommand "explode"'],
    [['config'], 'config needs a subcommand'],
    [[], 'missing command'],
    [['config', 'show', '--frob'], "Unknown option '--frob'"],
    [['config', 'path', 'extra'], 'unexpected argument "extra"'],
    [['config', 'show', '--port', '80'], 'option --port does not apply to config show'],
    [['--home'], "'--home <value>' argument missing"],
    [['web', '--port', 'abc'], 'invalid --port "abc"'],
    [['web', '--port', '70000'], 'invalid --port "70000"'],
    [['web', '--port', '-1'], '--port'],
    [['web', '--json'], 'option --json does not apply to web'],
    [['web', 'now'], 'unexpected argument "now"'],
    [['call', 'a', 'b', '--strict'], 'option --strict does not apply to call'],
    [['call', 'a', 'b', 'c'], 'unexpected argument "c" for call'],
    [['servers', 'tools'], 'servers tools needs <name|id>'],
    [['servers', 'tools', 'a', '--yes'], 'option --yes does not apply to servers tools'],
    [['config', 'path', '--', 'x'], '"--" does not apply to config path'],
    [['toString'], 'unknown command "toString"'],
    [['servers add', 'x'], 'unknown command "servers add"'],
    [['providers'], 'providers needs a subcommand: add or list or remove'],
    [['providers', 'add'], 'providers add needs <preset|custom>'],
    [['providers', 'remove'], 'providers remove needs <id>'],
    [['providers', 'list', '--add'], 'option --add does not apply to providers list'],
    [['models', 'discover'], 'models discover needs <provider>'],
    [['models', 'default'], 'models default needs <provider/model>'],
    [['models', 'frob'], 'unknown models subcommand "frob"'],
    [['models', '--add'], 'option --add does not apply to models'],
    [['models', 'default', 'a/b', '--json'], 'option --json does not apply to models default'],
    [['servers', 'add', 'x', '--model', 'm', '--', 'cmd'], 'option --model does not apply to servers add'],
  ])('exits 2 for %j naming the problem, with the usage', async (argv, message) => {
    const { code, stdout, stderr } = await run(argv)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(message)
    expect(stderr).toContain('Usage: mcp-desk')
  })
})
