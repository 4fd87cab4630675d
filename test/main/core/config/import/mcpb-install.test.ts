// Installing MCP bundles (.mcpb): the answers to the bundle's form are checked before anything is written,
// each install lands in a new folder <bundlesDir>/<name>-<version>-<random>/ (renamed from a staging
// folder once complete), `${…}` variables are filled in, and
// the returned server, added through the real ServerConfigService, connects over stdio through the real
// ConnectionManager and reports the settings it was started with.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  installBundle,
  installFolderName,
  type InstallOptions,
} from '../../../../../src/main/core/config/import/mcpb/install-bundle'
import { defaultSystemDirs } from '../../../../../src/main/core/config/import/mcpb/substitute-variables'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ConnectionManager } from '../../../../../src/main/core/mcp/connection-manager'
import { defaultTransportOpener } from '../../../../../src/main/core/mcp/default-transport-opener'
import { ServerConfigService } from '../../../../../src/main/core/mcp/server-config-service'
import { IpcFailure } from '../../../../../src/shared/ipc/ipc-error'
import { serverInputSchema } from '../../../../../src/shared/mcp/server-input'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'
import { buildHelloBundle, buildZip } from '../../../../fixtures/import/mcpb/build-bundle'

const API_KEY = 'sk-hello-0123456789'

let dir: string
let bundlesDir: string
let workspace: string
let manager: ConnectionManager | undefined

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpb-install-'))
  bundlesDir = join(dir, 'home', 'bundles')
  workspace = join(dir, 'workspace')
})
afterEach(async () => {
  await manager?.shutdown()
  manager = undefined
  rmSync(dir, { recursive: true, force: true })
})

function install(
  bytes: Uint8Array,
  userConfig: InstallOptions['userConfig'],
  extra: Partial<InstallOptions> = {},
) {
  return installBundle(bytes, {
    bundlesDir,
    userConfig,
    dirs: defaultSystemDirs(join(dir, 'user'), 'linux'),
    platform: 'linux',
    ...extra,
  })
}

async function refusal(promise: Promise<unknown>): Promise<IpcFailure> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(IpcFailure)
  return error as IpcFailure
}

/** What is left in the bundles folder: installs only, never staging or replaced copies. */
const bundlesOnDisk = () => (existsSync(bundlesDir) ? readdirSync(bundlesDir).sort() : [])

describe('installBundle', () => {
  it('checks the answers against the form before writing anything', async () => {
    const failure = await refusal(
      install(buildHelloBundle(), {
        workspace: 'relative/dir',
        max_results: 99,
        verbose: 'sometimes',
        colour: 'red',
      }),
    )
    expect(failure.code).toBe('validation_failed')
    expect(failure.message).toBe(
      "The bundle's settings are not valid: " +
        [
          '"colour" is not a setting of this bundle',
          '"API key" (api_key) is required',
          '"Workspace" (workspace) must be an absolute directory path (got "relative/dir")',
          '"Max results" (max_results) must be at most 50 (got 99)',
          '"Verbose" (verbose) must be true or false',
        ].join('; '),
    )
    const low = await refusal(install(buildHelloBundle(), { api_key: API_KEY, max_results: 0 }))
    expect(low.message).toContain('"Max results" (max_results) must be at least 1 (got 0)')
    const wrongType = await refusal(install(buildHelloBundle(), { api_key: 42, max_results: 'many' }))
    expect(wrongType.message).toContain('"API key" (api_key) must be text')
    expect(wrongType.message).toContain('"Max results" (max_results) must be a number')
    expect(existsSync(bundlesDir)).toBe(false)
  })

  it('unpacks into a new <name>-<version>-<random>/ and returns a stdio server with every variable filled in', async () => {
    // Text from the command line is read as a number and a toggle.
    const result = await install(buildHelloBundle(), {
      api_key: API_KEY,
      workspace,
      max_results: '25',
      verbose: 'true',
    })
    const installDir = result.installDir
    expect(installDir).toMatch(/[\\/]bundles[\\/]hello-bundle-1\.2\.0-[0-9a-f]{8}$/)
    expect(bundlesOnDisk()).toEqual([basename(installDir)])
    expect(readFileSync(join(installDir, 'data', 'greeting.txt'), 'utf8')).toBe(
      'Hello from inside the bundle\n',
    )
    expect(existsSync(join(installDir, 'server', 'index.js'))).toBe(true)
    expect(existsSync(join(installDir, 'manifest.json'))).toBe(true)

    expect(result.input).toEqual({
      name: 'Hello Bundle',
      transport: 'stdio',
      command: 'node',
      args: [`${installDir}/server/index.js`, '--workspace', workspace],
      env: {
        HELLO_API_KEY: { value: API_KEY },
        HELLO_MAX_RESULTS: { value: '25' },
        HELLO_VERBOSE: { value: 'true' },
        HELLO_GREETING_FILE: { value: `${installDir}/data/greeting.txt` },
      },
      cwd: installDir,
    })
    expect(serverInputSchema.safeParse(result.input).success).toBe(true)
    expect(result.notes).toContain(
      'The server runs with the `node` found on PATH (Claude Desktop would use its built-in Node).',
    )
  })

  it('fills optional settings from their defaults, expands multiple paths and leaves out unset ones', async () => {
    const bundle = buildHelloBundle({
      manifest: (m) => ({
        ...m,
        server: {
          ...m.server,
          mcp_config: {
            command: 'node',
            args: ['server/index.js', '${user_config.roots}', '${user_config.token}', '--home=${HOME}'],
            env: {
              HELLO_TOKEN: '${user_config.token}',
              HELLO_ROOTS: '${user_config.roots}',
              HELLO_X: '${FOO}',
            },
            platform_overrides: {
              linux: { env: { HELLO_ON: 'linux', HELLO_TOKEN: '${user_config.token}' } },
            },
          },
        },
        user_config: {
          roots: {
            type: 'directory',
            title: 'Roots',
            description: '',
            multiple: true,
            default: ['${DOCUMENTS}'],
          },
          token: { type: 'string', title: 'Token', description: '', sensitive: true },
        },
      }),
    })
    const onLinux = await install(bundle, { roots: ['/srv/a', '/srv/b'] })
    expect(onLinux.input).toMatchObject({
      command: 'node',
      args: ['server/index.js', '/srv/a', '/srv/b', `--home=${join(dir, 'user')}`],
      // The linux override replaced env; the unset token leaves HELLO_TOKEN out.
      env: { HELLO_ON: { value: 'linux' } },
    })
    expect(onLinux.notes).toContain('args[2]: ${user_config.token} has no value, so the argument is left out')
    expect(onLinux.notes).toContain(
      'env.HELLO_TOKEN: ${user_config.token} has no value, so HELLO_TOKEN is not set',
    )

    const onMac = await install(bundle, { token: 'secret-token' }, { platform: 'darwin' })
    expect(onMac.input).toMatchObject({
      args: [
        'server/index.js',
        join(dir, 'user', 'Documents'),
        'secret-token',
        `--home=${join(dir, 'user')}`,
      ],
      env: {
        HELLO_TOKEN: { value: 'secret-token' },
        HELLO_ROOTS: { value: join(dir, 'user', 'Documents') },
        HELLO_X: { value: '${FOO}' },
      },
    })
    expect(onMac.notes).toContain(
      'args[2]: the sensitive value "token" is passed outside env, so it is kept in settings.json as plain text ' +
        'rather than in the secret store',
    )
    expect(onMac.notes).toContain(
      'env.HELLO_X: ${FOO} is not a variable MCP Desk knows, so it is left as written',
    )
  })

  it('runs a binary server from the bundle and makes it executable', async () => {
    const bundle = buildZip([
      {
        name: 'manifest.json',
        data: JSON.stringify({
          manifest_version: '0.2',
          name: 'My Tool',
          version: '2.0.0-beta.1',
          description: 'a binary',
          author: { name: 'tests' },
          server: { type: 'binary', entry_point: 'bin/my-tool', mcp_config: { command: 'bin/my-tool' } },
        }),
      },
      // Recorded without any executable bit.
      { name: 'bin/my-tool', data: '#!/bin/sh\nexit 0\n', mode: 0o100644 },
    ])
    const result = await install(bundle, {})
    expect(installFolderName('My Tool', '2.0.0-beta.1')).toBe('My-Tool-2.0.0-beta.1')
    expect(basename(result.installDir)).toMatch(/^My-Tool-2\.0\.0-beta\.1-[0-9a-f]{8}$/)
    const executable = join(result.installDir, 'bin', 'my-tool')
    expect(result.input).toMatchObject({ name: 'My Tool', command: executable, args: [] })
    expect(statSync(executable).mode & 0o111).not.toBe(0)
  })

  it('gives every install a folder of its own and leaves nothing behind when unpacking fails', async () => {
    const first = await install(buildHelloBundle(), { api_key: API_KEY, workspace })
    const marker = join(first.installDir, 'left-by-the-old-install.txt')
    writeFileSync(marker, 'old')

    // A bundle of the same name and version that fails halfway through unpacking leaves no folder.
    const broken = buildHelloBundle({
      extra: [{ name: 'zz-last.bin', data: Buffer.alloc(64 * 1024, 1), method: 'deflate', declaredSize: 10 }],
    })
    const failure = await refusal(install(broken, { api_key: API_KEY, workspace }))
    expect(failure.message).toMatch(/^The bundle could not be unpacked: "zz-last\.bin"/)
    expect(bundlesOnDisk()).toEqual([basename(first.installDir)])

    // The same name and version again goes into another folder; the first is untouched.
    const updated = buildHelloBundle({ extra: [{ name: 'data/new.txt', data: 'new' }] })
    const second = await install(updated, { api_key: API_KEY, workspace })
    expect(second.installDir).not.toBe(first.installDir)
    expect(readFileSync(marker, 'utf8')).toBe('old')
    expect(readFileSync(join(second.installDir, 'data', 'new.txt'), 'utf8')).toBe('new')
    expect(bundlesOnDisk()).toEqual([basename(first.installDir), basename(second.installDir)].sort())
  })

  it('adds a server that connects, answers echo_config, and keeps the sensitive value in the secret store', async () => {
    const result = await install(buildHelloBundle(), { api_key: API_KEY, workspace, max_results: 25 })
    const document = new MemoryJsonDocument()
    const settings = new SettingsService(document)
    const secrets = new MemorySecretStore()
    const configs = new ServerConfigService(settings, secrets)
    const id = configs.add(result.input).id
    manager = new ConnectionManager({
      settings,
      configs,
      opener: defaultTransportOpener,
      clientInfo: { name: 'mcpb-install-test', version: '0.0.0' },
      log: () => {},
    })
    await manager.start()
    const state = manager.get(id)
    expect(state.status).toBe('connected')
    expect(state.tools.map((tool) => tool.name)).toEqual(['echo_config'])

    const answer = await manager.connection(id).callTool('echo_config', {})
    const content = answer.content as Array<{ type: string; text: string }>
    expect(JSON.parse(content[0]!.text)).toEqual({
      env: {
        HELLO_API_KEY: API_KEY,
        HELLO_MAX_RESULTS: '25',
        HELLO_VERBOSE: 'false',
        HELLO_GREETING_FILE: join(result.installDir, 'data', 'greeting.txt'),
      },
      argv: ['--workspace', workspace],
      cwd: result.installDir,
      greeting: 'Hello from inside the bundle',
    })

    expect(JSON.stringify(document.read())).not.toContain(API_KEY)
    expect(configs.get(id)).toMatchObject({
      env: { HELLO_API_KEY: { secret: `server.${id}.env.HELLO_API_KEY` } },
    })
    expect(secrets.get(`server.${id}.env.HELLO_API_KEY`)).toBe(API_KEY)
  })
})
