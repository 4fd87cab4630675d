// `mcp-desk import` on real fixture files, in-process with a temp home: what the preview shows, what
// --yes writes (servers in settings.json, values in the secret store), and that refusals write nothing.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IMPORT_MAX_BYTES } from '../../../src/shared/import/import-types'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { ServerConfigService } from '../../../src/main/core/mcp/server-config-service'
import type { ServerConfig } from '../../../src/shared/settings/settings-schema'
import { buildHelloBundle } from '../../fixtures/import/mcpb/build-bundle'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, runMcpDesk } from '../support/cli-harness'

const FIXTURES = path.join(import.meta.dirname, '../../fixtures/import')
const CLAUDE_DESKTOP = path.join(FIXTURES, 'claude-desktop/claude_desktop_config.json')
const VSCODE = path.join(FIXTURES, 'vscode/mcp.jsonc')
const GITHUB_TOKEN = 'ghp_import0123456789abcdef'
const API_KEY = 'sk-hello-bundle-0123456789'

let temp: TempHome
let home: string
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-import-')
  home = path.join(temp.dir, 'home')
})
afterEach(() => temp.cleanup())

function settingsText(): string {
  const file = path.join(home, 'settings.json')
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
}

function configs(): ServerConfigService {
  const profile = openNodeProfile(home)
  return new ServerConfigService(profile.settings, profile.secrets)
}

function servers(): ServerConfig[] {
  return configs().list()
}

function named(name: string): ServerConfig {
  const found = servers().find((server) => server.name === name)
  if (!found) throw new Error(`no server "${name}" in ${JSON.stringify(servers().map((s) => s.name))}`)
  return found
}

function writeTemp(name: string, content: string | Buffer): string {
  const file = path.join(temp.dir, name)
  fs.writeFileSync(file, content)
  return file
}

const imports = (file: string, ...rest: string[]) => ['--home', home, 'import', file, ...rest]

describe('mcp-desk import (config files)', () => {
  it('imports a Claude Desktop file with --yes: servers in settings, the placeholder value in the secret store', async () => {
    const run = await expectExit(imports(CLAUDE_DESKTOP, '--yes', '--set', `GITHUB_TOKEN=${GITHUB_TOKEN}`), 0)
    expect(run.stdout).toContain('Format: Claude Desktop (claude_desktop_config.json)')
    expect(run.stdout).toContain('[new] filesystem  stdio  npx -y @modelcontextprotocol/server-filesystem')
    expect(run.stdout).toContain('${GITHUB_TOKEN}  env variable GITHUB_TOKEN, secret')
    expect(run.stdout).toContain('in github: env.GITHUB_PERSONAL_ACCESS_TOKEN')
    expect(run.stdout).toContain('value: given with --set')
    expect(run.stdout).toContain('Added "filesystem" with id filesystem')
    expect(run.stdout).toContain('Added "github" with id github')

    expect(servers().map((s) => [s.name, s.transport])).toEqual([
      ['filesystem', 'stdio'],
      ['github', 'stdio'],
    ])
    expect(named('filesystem')).toMatchObject({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/ada/projects'],
    })
    const github = named('github')
    expect(configs().resolveValues(github)).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: GITHUB_TOKEN })
    expect(github).toMatchObject({
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: { secret: 'server.github.env.GITHUB_PERSONAL_ACCESS_TOKEN' } },
    })
    expect(settingsText()).not.toContain(GITHUB_TOKEN)
    expect(run.stdout + run.stderr).not.toContain(GITHUB_TOKEN)
  })

  it('refuses when a placeholder has no value, naming it and how to give it; nothing is written', async () => {
    const run = await runMcpDesk(imports(CLAUDE_DESKTOP, '--yes'), { env: { GITHUB_TOKEN } })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('no value for ${GITHUB_TOKEN} (in github: env.GITHUB_PERSONAL_ACCESS_TOKEN)')
    expect(run.stderr).toContain('--set NAME=VALUE')
    expect(run.stderr).toContain("--use-env to read GITHUB_TOKEN from this shell's environment")
    // Set in the environment, but read from there only with consent.
    expect(run.stdout).toContain("set in this shell's environment; --use-env reads it from there")
    expect(servers()).toEqual([])

    await expectExit(imports(CLAUDE_DESKTOP, '--yes', '--use-env'), 0, { env: { GITHUB_TOKEN } })
    expect(configs().resolveValues(named('github'))).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: GITHUB_TOKEN })
    expect(settingsText()).not.toContain(GITHUB_TOKEN)
  })

  it('takes --set by full token or bare name for VS Code inputs', async () => {
    const missing = await runMcpDesk(imports(VSCODE, '--yes', '--set', 'region=eu'))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain(
      'no value for ${input:perplexity-key} (in perplexity: env.PERPLEXITY_API_KEY)',
    )
    expect(missing.stderr).not.toContain('--use-env')
    expect(servers()).toEqual([])

    const run = await expectExit(
      imports(VSCODE, '--yes', '--set', 'region=eu', '--set', '${input:perplexity-key}=pplx-secret-42'),
      0,
    )
    expect(run.stdout + run.stderr).not.toContain('pplx-secret-42')
    const perplexity = named('perplexity')
    expect(perplexity).toMatchObject({ args: ['-y', 'server-perplexity-ask', '--region', 'eu'] })
    expect(configs().resolveValues(perplexity)).toEqual({ PERPLEXITY_API_KEY: 'pplx-secret-42' })
    expect(settingsText()).not.toContain('pplx-secret-42')
    expect(named('linear')).toMatchObject({ transport: 'http', url: 'https://mcp.linear.app/mcp' })
  })

  it('names the placeholders the file has when --set names none of them', async () => {
    const run = await runMcpDesk(imports(VSCODE, '--yes', '--set', 'nope=1'))
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('--set nope: the file has no placeholder of that name')
    expect(run.stderr).toContain('${input:region}, ${input:perplexity-key}')
    expect(servers()).toEqual([])
  })

  it('skips a conflicting server without --replace and replaces it with --replace', async () => {
    await expectExit(['--home', home, 'servers', 'add', 'filesystem', '--', 'other-files-server', '--ro'], 0)
    const token = ['--set', `GITHUB_TOKEN=${GITHUB_TOKEN}`]

    const skipped = await expectExit(imports(CLAUDE_DESKTOP, '--yes', ...token), 0)
    expect(skipped.stdout).toContain('[conflict] filesystem')
    expect(skipped.stdout).toContain('configured as "filesystem" (id filesystem)')
    expect(skipped.stdout).toContain('command: other-files-server -> npx')
    expect(skipped.stdout).toContain('skip: pass --replace to replace the configured server')
    expect(skipped.stdout).toContain('Skipped: filesystem')
    expect(named('filesystem')).toMatchObject({ command: 'other-files-server', args: ['--ro'] })
    expect(servers()).toHaveLength(2)

    const replaced = await expectExit(imports(CLAUDE_DESKTOP, '--yes', '--replace', ...token), 0)
    expect(replaced.stdout).toContain('Replaced "filesystem" (id filesystem)')
    expect(named('filesystem')).toMatchObject({ id: 'filesystem', command: 'npx' })
    expect(servers()).toHaveLength(2)

    // Now the same as the file: identical, skipped even with --replace.
    const again = await expectExit(imports(CLAUDE_DESKTOP, '--yes', '--replace', ...token), 0)
    expect(again.stdout).toContain('[identical] filesystem')
    expect(again.stdout).toContain('skip: already configured the same way')
  })

  it('reports broken TOML with its line and column and writes nothing', async () => {
    const broken = writeTemp('config.toml', fs.readFileSync(path.join(FIXTURES, 'broken/config.toml.txt')))
    const run = await runMcpDesk(imports(broken, '--yes'))
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/cannot import config\.toml: Malformed TOML: .*\(line 6, column \d+\)/)
    expect(servers()).toEqual([])
  })

  it('reports broken JSON and files that are no MCP config', async () => {
    const broken = await runMcpDesk(imports(path.join(FIXTURES, 'broken/claude_desktop_config.json.txt')))
    expect(broken.code).toBe(1)
    expect(broken.stderr).toMatch(/Malformed JSON: a "," was expected \(line 6, column 7\)/)
    const other = await runMcpDesk(imports(path.join(FIXTURES, 'not-mcp/package.json'), '--yes'))
    expect(other.code).toBe(1)
    expect(other.stderr).toContain('This JSON file is not an MCP config')
    expect(servers()).toEqual([])
  })

  it('refuses a file larger than 5 MiB, and a missing file, by name', async () => {
    const large = writeTemp('huge.json', Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x20))
    const run = await runMcpDesk(imports(large, '--yes'))
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      `cannot import ${large}: MCP config files larger than 5 MiB are refused, and it is 5,242,881 bytes`,
    )
    const missing = await runMcpDesk(imports(path.join(temp.dir, 'absent.json')))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('absent.json: no such file')
  })

  it('reads UTF-16 files with a byte order mark, as Windows editors save them', async () => {
    const text = fs.readFileSync(CLAUDE_DESKTOP, 'utf8')
    const utf16 = writeTemp(
      'claude_desktop_config.json',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    )
    const run = await expectExit(imports(utf16, '--json'), 0)
    expect(JSON.parse(run.stdout).preview.rows.map((row: { name: string }) => row.name)).toEqual([
      'filesystem',
      'github',
    ])
  })

  it('without --yes and without a terminal shows the preview, says how to apply, and writes nothing', async () => {
    const run = await expectExit(imports(CLAUDE_DESKTOP, '--set', `GITHUB_TOKEN=${GITHUB_TOKEN}`), 0)
    expect(run.stdout).toContain('[new] github')
    expect(run.stderr).toContain('Nothing was written.')
    expect(run.stderr).toContain('To import 2 servers, run the command again with --yes.')
    expect(servers()).toEqual([])

    const withoutValue = await expectExit(imports(CLAUDE_DESKTOP), 0)
    expect(withoutValue.stderr).toContain('Placeholders without a value: ${GITHUB_TOKEN}')
  })

  it('asks at a terminal and imports only on yes', async () => {
    const token = ['--set', `GITHUB_TOKEN=${GITHUB_TOKEN}`]
    const declined = await runMcpDesk(imports(CLAUDE_DESKTOP, ...token), { terminalAnswers: ['n'] })
    expect(declined.code).toBe(1)
    expect(declined.stderrAtEachPrompt[0]).toContain('Import 2 servers? [y/N]')
    expect(declined.stderr).toContain('Not imported: nothing was written.')
    expect(servers()).toEqual([])

    await expectExit(imports(CLAUDE_DESKTOP, ...token), 0, { terminalAnswers: ['y'] })
    expect(servers().map((s) => s.name)).toEqual(['filesystem', 'github'])
  })

  it('prints the preview and the result as JSON with --json', async () => {
    const preview = await expectExit(imports(CLAUDE_DESKTOP, '--json'), 0)
    const shown = JSON.parse(preview.stdout)
    expect(shown.preview).toMatchObject({ format: 'claude-desktop' })
    expect(shown.preview.previewId).toBeUndefined()
    expect(shown.actions).toEqual({ filesystem: 'add', github: 'add' })

    const applied = await expectExit(
      imports(CLAUDE_DESKTOP, '--json', '--yes', '--set', `GITHUB_TOKEN=${GITHUB_TOKEN}`),
      0,
    )
    const report = JSON.parse(applied.stdout)
    expect(report.result).toEqual({
      added: [
        { id: 'filesystem', name: 'filesystem' },
        { id: 'github', name: 'github' },
      ],
      replaced: [],
      skipped: [],
    })
    expect(applied.stdout).not.toContain(GITHUB_TOKEN)
  })

  it('rejects options that do not fit the file', async () => {
    const named = await runMcpDesk(imports(CLAUDE_DESKTOP, '--name', 'x'))
    expect(named.code).toBe(2)
    expect(named.stderr).toContain('--name applies to .mcpb bundles')
    const unset = await runMcpDesk(imports(CLAUDE_DESKTOP, '--set', 'GITHUB_TOKEN'))
    expect(unset.code).toBe(2)
    expect(unset.stderr).toContain('each --set takes NAME=VALUE')
  })
})

describe('mcp-desk import (.mcpb bundles)', () => {
  it('installs a bundle with --yes: unpacked under <home>/bundles, the server added, the key in the secret store', async () => {
    // A zip, told from its first bytes: the extension does not matter.
    const bundle = writeTemp('hello.zip', buildHelloBundle())
    const run = await expectExit(
      imports(
        bundle,
        '--yes',
        '--set',
        `api_key=${API_KEY}`,
        '--set',
        'max_results=20',
        '--set',
        'verbose=true',
      ),
      0,
    )
    expect(run.stdout).toContain('Bundle: Hello Bundle 1.2.0 (hello-bundle)')
    expect(run.stdout).toContain('by MCP Desk tests')
    expect(run.stdout).toContain('api_key  string, required, sensitive  API key')
    expect(run.stdout).toContain('Added stdio server "Hello Bundle" with id hello-bundle')
    expect(run.stdout + run.stderr).not.toContain(API_KEY)

    const [folder] = fs.readdirSync(path.join(home, 'bundles'))
    expect(folder).toMatch(/^hello-bundle-1\.2\.0-[0-9a-f]{8}$/)
    const installDir = path.join(home, 'bundles', folder!)
    expect(run.stdout).toContain(`Installed Hello Bundle 1.2.0 into ${installDir}`)
    expect(fs.existsSync(path.join(installDir, 'server', 'index.js'))).toBe(true)
    const server = named('Hello Bundle')
    expect(server).toMatchObject({ transport: 'stdio', command: 'node', cwd: installDir })
    expect(configs().resolveValues(server)).toMatchObject({
      HELLO_API_KEY: API_KEY,
      HELLO_MAX_RESULTS: '20',
      HELLO_VERBOSE: 'true',
    })
    expect(settingsText()).not.toContain(API_KEY)
  })

  it('names the missing required settings, hides sensitive answers, and writes nothing', async () => {
    const bundle = writeTemp('hello.mcpb', buildHelloBundle())
    const missing = await runMcpDesk(imports(bundle, '--yes'))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('the bundle needs "API key" (api_key): give it with --set api_key=VALUE')
    expect(fs.existsSync(path.join(home, 'bundles'))).toBe(false)
    expect(servers()).toEqual([])

    const preview = await expectExit(imports(bundle, '--set', `api_key=${API_KEY}`), 0)
    expect(preview.stdout).toContain('value: given with --set')
    expect(preview.stderr).toContain('To install the bundle, run the command again with --yes.')
    const json = await expectExit(imports(bundle, '--json', '--set', `api_key=${API_KEY}`), 0)
    expect(JSON.parse(json.stdout).bundle.info.name).toBe('hello-bundle')
    for (const run of [preview, json]) expect(run.stdout + run.stderr).not.toContain(API_KEY)
    expect(servers()).toEqual([])

    const unknown = await runMcpDesk(imports(bundle, '--yes', '--set', 'colour=red'))
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain(
      '--set colour: the bundle has no setting of that name; its settings: api_key',
    )
  })

  it('refuses the same name again unless --replace, and installs under --name', async () => {
    const bundle = writeTemp('hello.mcpb', buildHelloBundle())
    await expectExit(imports(bundle, '--yes', '--set', `api_key=${API_KEY}`), 0)
    const again = await runMcpDesk(imports(bundle, '--yes', '--set', `api_key=${API_KEY}`))
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('"Hello Bundle" (id hello-bundle) was installed from this bundle')
    expect(again.stdout).toContain(
      '"Hello Bundle" (id hello-bundle) was installed from this bundle: --replace upgrades it',
    )

    const replaced = await expectExit(
      imports(bundle, '--yes', '--replace', '--set', 'api_key=sk-rotated-0123456789'),
      0,
    )
    expect(replaced.stdout).toContain('Replaced stdio server "Hello Bundle" with id hello-bundle')
    expect(configs().resolveValues(named('Hello Bundle'))).toMatchObject({
      HELLO_API_KEY: 'sk-rotated-0123456789',
    })

    await expectExit(imports(bundle, '--yes', '--name', 'Hello Two', '--set', `api_key=${API_KEY}`), 0)
    expect(servers().map((s) => s.name)).toEqual(['Hello Bundle', 'Hello Two'])
  })

  it('prints one JSON document with --json --yes: the bundle, its sensitive default left out, and the result', async () => {
    const bundle = writeTemp('hello.mcpb', buildHelloBundle())
    const run = await expectExit(imports(bundle, '--json', '--yes', '--set', `api_key=${API_KEY}`), 0)
    const report = JSON.parse(run.stdout)
    expect(report.serverName).toBe('Hello Bundle')
    expect(report.bundle.bundleId).toBeUndefined()
    expect(report.result).toMatchObject({
      server: { id: 'hello-bundle', name: 'Hello Bundle' },
      replaced: false,
      installDir: expect.stringMatching(/[\\/]bundles[\\/]hello-bundle-1\.2\.0-[0-9a-f]{8}$/),
    })
    expect(run.stdout + run.stderr).not.toContain(API_KEY)
  })

  it('asks at a terminal before installing', async () => {
    const bundle = writeTemp('hello.mcpb', buildHelloBundle())
    const key = ['--set', `api_key=${API_KEY}`]
    const declined = await runMcpDesk(imports(bundle, ...key), { terminalAnswers: [''] })
    expect(declined.code).toBe(1)
    expect(declined.stderrAtEachPrompt[0]).toContain(
      'Install Hello Bundle 1.2.0 as server "Hello Bundle"? [y/N]',
    )
    expect(fs.existsSync(path.join(home, 'bundles'))).toBe(false)

    await expectExit(imports(bundle, ...key), 0, { terminalAnswers: ['yes'] })
    expect(servers().map((s) => s.name)).toEqual(['Hello Bundle'])
  })

  it('refuses a .mcpb file that is not a zip', async () => {
    const fake = writeTemp('fake.mcpb', '{"mcpServers":{}}')
    const run = await runMcpDesk(imports(fake, '--yes'))
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('it is not an MCP bundle (bundles are zip files)')
  })
})

describe('mcp-desk --help', () => {
  it('lists import and export', async () => {
    const help = await expectExit(['--help'], 0)
    expect(help.stdout).toContain('import <file> [--yes] [--replace] [--set NAME=VALUE ...] [--use-env]')
    expect(help.stdout).toContain('import <bundle.mcpb> [--yes] [--set KEY=VALUE ...] [--name NAME]')
    expect(help.stdout).toContain('export --format claude-desktop|vscode|cursor [--out FILE [--yes]]')
    expect(help.stdout).toContain('${input:id}')
  })

  it('rejects options import and export do not take', async () => {
    const run = await runMcpDesk(['import', 'x.json', '--format', 'vscode'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('option --format does not apply to import')
    const missing = await runMcpDesk(['import'])
    expect(missing.stderr).toContain('import needs <file>')
  })
})
