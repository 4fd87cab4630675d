// MCP bundles (.mcpb) before anything is written: what inspection reports, how a bad manifest is refused,
// and the zip guards (paths outside the folder, links, sizes, bombs) on zips built at test time.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_BUNDLE_LIMITS } from '../../../../../src/main/core/config/import/mcpb/bundle-limits'
import {
  inspectBundle,
  type InspectOptions,
} from '../../../../../src/main/core/config/import/mcpb/inspect-bundle'
import { installBundle } from '../../../../../src/main/core/config/import/mcpb/install-bundle'
import { defaultSystemDirs } from '../../../../../src/main/core/config/import/mcpb/substitute-variables'
import { IpcFailure } from '../../../../../src/shared/ipc/ipc-error'
import {
  buildHelloBundle,
  buildZip,
  S_IFLNK,
  type ZipEntrySpec,
} from '../../../../fixtures/import/mcpb/build-bundle'

const HOME = '/home/tester'
const options: InspectOptions = { dirs: defaultSystemDirs(HOME, 'linux'), platform: 'linux' }

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpb-inspect-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** The refusal's message, checking it is a validation failure (what the IPC layer shows as-is). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(IpcFailure)
  expect((error as IpcFailure).code).toBe('validation_failed')
  return (error as IpcFailure).message
}

const withExtra = (...extra: ZipEntrySpec[]) => buildHelloBundle({ extra })

describe('inspectBundle', () => {
  it('reports the manifest, the server and the user_config form', async () => {
    const info = await inspectBundle(buildHelloBundle(), options)
    expect(info).toMatchObject({
      name: 'hello-bundle',
      displayName: 'Hello Bundle',
      version: '1.2.0',
      description: 'A tiny MCP server that reports the settings it was started with.',
      author: { name: 'MCP Desk tests', url: 'https://example.com/mcp-desk' },
      manifestVersion: '0.3',
      server: {
        type: 'node',
        entryPoint: 'server/index.js',
        command: 'node',
        args: ['${__dirname}/server/index.js', '--workspace', '${user_config.workspace}'],
        envNames: ['HELLO_API_KEY', 'HELLO_MAX_RESULTS', 'HELLO_VERBOSE', 'HELLO_GREETING_FILE'],
      },
      tools: [{ name: 'echo_config' }],
      fileCount: 4,
      signed: false,
    })
    expect(info.userConfig).toEqual([
      {
        key: 'api_key',
        type: 'string',
        title: 'API key',
        description: 'The key the server sends to its service',
        required: true,
        sensitive: true,
        multiple: false,
      },
      {
        key: 'workspace',
        type: 'directory',
        title: 'Workspace',
        description: 'The folder the server works in',
        required: true,
        sensitive: false,
        multiple: false,
        // `${HOME}${/}hello-workspace`, expanded for the form.
        default: '/home/tester/hello-workspace',
      },
      {
        key: 'max_results',
        type: 'number',
        title: 'Max results',
        description: 'How many results a call returns',
        required: false,
        sensitive: false,
        multiple: false,
        default: 10,
        min: 1,
        max: 50,
      },
      {
        key: 'verbose',
        type: 'boolean',
        title: 'Verbose',
        description: 'Log more',
        required: false,
        sensitive: false,
        multiple: false,
        default: false,
      },
    ])
    expect(info.notes).toEqual([
      'It asks for node >=20.0.0; MCP Desk does not check runtime versions.',
      'It asks for claude_desktop >=0.10.0; client version requirements are not checked.',
      'The manifest lists 1 tool(s) (echo_config): informational only, the tools shown are the ones the ' +
        'server reports when it connects.',
    ])
  })

  it('reads a DXT-era manifest, says when the platform does not match, and cuts off a signature block', async () => {
    const zip = buildHelloBundle({
      manifest: ({ manifest_version: _version, ...rest }) => ({
        ...rest,
        dxt_version: '0.1',
        compatibility: { platforms: ['darwin'] },
      }),
    })
    const signature = Buffer.from('not really PKCS#7')
    const length = Buffer.alloc(4)
    length.writeUInt32LE(signature.length)
    const signed = Buffer.concat([
      zip,
      Buffer.from('MCPB_SIG_V1'),
      length,
      signature,
      Buffer.from('MCPB_SIG_END'),
    ])
    const info = await inspectBundle(signed, options)
    expect(info.manifestVersion).toBe('0.1')
    expect(info.signed).toBe(true)
    expect(info.notes).toContain(
      'The bundle is made for darwin; this computer is linux, so the server may not start.',
    )
    expect(info.notes).toContain('The bundle is signed; MCP Desk does not verify bundle signatures.')
  })

  it('refuses a manifest that breaks the spec, naming each field', async () => {
    const broken = buildHelloBundle({
      manifest: (m) => ({
        ...m,
        name: '',
        author: undefined,
        server: { ...m.server, type: 'java' },
        user_config: { ...m.user_config, max_results: { ...m.user_config?.max_results, min: 60 } },
      }),
    })
    const message = await refusal(inspectBundle(broken, options))
    expect(message).toMatch(/^manifest\.json is not a valid MCP bundle manifest: /)
    expect(message).toContain('name: must not be empty')
    expect(message).toContain('author: is missing')
    expect(message).toContain('server.type: must be one of node, python, binary, uv')
    expect(message).toContain('user_config.max_results.min: 60 is more than max (50)')

    const noVersion = buildHelloBundle({ manifest: ({ manifest_version: _v, ...rest }) => rest })
    expect(await refusal(inspectBundle(noVersion, options))).toContain('manifest_version: is missing')

    const noCommand = buildHelloBundle({
      manifest: (m) => ({ ...m, server: { type: 'node', entry_point: 'server/index.js' } }),
    })
    expect(await refusal(inspectBundle(noCommand, options))).toContain(
      'server.mcp_config: is missing; only uv servers may leave it out',
    )
  })

  it('refuses a bundle without a manifest, with a manifest that is not JSON, or a missing entry point', async () => {
    const noManifest = buildZip([{ name: 'server/index.js', data: 'x' }])
    expect(await refusal(inspectBundle(noManifest, options))).toBe(
      'This is not an MCP bundle: it has no manifest.json at its root.',
    )
    const notJson = buildZip([{ name: 'manifest.json', data: '{ "name": ' }])
    expect(await refusal(inspectBundle(notJson, options))).toMatch(/^manifest\.json is not valid JSON: /)
    const noEntry = buildHelloBundle({
      manifest: (m) => ({ ...m, server: { ...m.server, entry_point: 'server/main.js' } }),
    })
    expect(await refusal(inspectBundle(noEntry, options))).toBe(
      'manifest.json: server.entry_point "server/main.js" is not a file in the bundle.',
    )
    expect(await refusal(inspectBundle(Buffer.from('plain text, not a zip'), options))).toMatch(
      /^This MCP bundle cannot be used: it is not a zip file \(/,
    )
  })
})

describe('bundle zip guards', () => {
  it.each([
    ['../evil.js', '"../evil.js" points outside the bundle folder (it contains "..")'],
    ['server/../../evil.js', '"server/../../evil.js" points outside the bundle folder'],
    ['..\\evil.js', '"../evil.js" points outside the bundle folder'],
    ['/etc/evil', '"/etc/evil" is an absolute path; bundle entries must be relative'],
    ['C:/Windows/evil.dll', '"C:/Windows/evil.dll" is an absolute path'],
  ])('refuses the entry %s and writes nothing', async (name, expected) => {
    const bundle = withExtra({ name, data: 'pwned' })
    expect(await refusal(inspectBundle(bundle, options))).toContain(expected)
    const bundlesDir = join(dir, 'bundles')
    const install = installBundle(bundle, { ...options, bundlesDir, userConfig: { api_key: 'k' } })
    expect(await refusal(install)).toContain(expected)
    expect(existsSync(bundlesDir)).toBe(false)
    expect(existsSync(join(dir, 'evil.js'))).toBe(false)
  })

  it('refuses symbolic links and duplicate names', async () => {
    const link = withExtra({ name: 'server/link', data: '/etc/passwd', mode: S_IFLNK | 0o777 })
    expect(await refusal(inspectBundle(link, options))).toContain(
      '"server/link" is a symbolic link; bundles may not contain links',
    )
    const twice = withExtra({ name: 'Manifest.json', data: '{}' })
    expect(await refusal(inspectBundle(twice, options))).toContain(
      '"Manifest.json" appears more than once in the bundle',
    )
    const fileAndFolder = withExtra({ name: 'data/greeting.txt/inner', data: 'x' })
    expect(await refusal(inspectBundle(fileAndFolder, options))).toContain(
      '"data/greeting.txt" is both a file and a folder',
    )
  })

  it('has the documented default limits', () => {
    expect(DEFAULT_BUNDLE_LIMITS).toMatchObject({
      maxBundleBytes: 200 * 1024 * 1024,
      maxUnpackedBytes: 500 * 1024 * 1024,
      maxEntries: 20_000,
      maxExpansionRatio: 200,
      maxTotalExpansionRatio: 50,
    })
  })

  it('refuses a bundle over the size, entry-count or unpacked-size limit', async () => {
    const bundle = buildHelloBundle()
    const tooBig = await refusal(inspectBundle(bundle, { ...options, limits: { maxBundleBytes: 1000 } }))
    expect(tooBig).toMatch(
      /^This MCP bundle cannot be used: the file is .+; bundles are limited to 1000 bytes\.$/,
    )
    expect(await refusal(inspectBundle(bundle, { ...options, limits: { maxEntries: 3 } }))).toContain(
      'it holds 4 entries; bundles are limited to 3',
    )
    expect(
      await refusal(inspectBundle(bundle, { ...options, limits: { maxUnpackedBytes: 1024 } })),
    ).toContain('it would unpack to more than 1 KiB')
  })

  it('refuses an entry that expands more than the ratio allows (a zip bomb)', async () => {
    const bomb = withExtra({ name: 'data/zeros.bin', data: Buffer.alloc(8 * 1024 * 1024), method: 'deflate' })
    expect(await refusal(inspectBundle(bomb, options))).toMatch(
      /"data\/zeros\.bin" would unpack from [\d.]+ KiB to 8 MiB, more than 200 times its size: refused as a likely zip bomb/,
    )
  })

  it('refuses a bomb of many small, highly compressed files before writing anything', async () => {
    // 400 files of 256 KiB zeros: each under the 1 MiB that once skipped the ratio check, 100 MiB in all
    // from a zip of about 150 KiB.
    const zeros = Buffer.alloc(256 * 1024)
    const files = Array.from({ length: 400 }, (_, index) => ({
      name: `data/pad-${index}.bin`,
      data: zeros,
      method: 'deflate' as const,
    }))
    const bomb = withExtra(...files)
    expect(bomb.length).toBeLessThan(200 * 1024)
    expect(await refusal(inspectBundle(bomb, options))).toMatch(
      /^This MCP bundle cannot be used: "data\/pad-0\.bin" would unpack from 271 bytes to 256 KiB, more than 200 times its size: refused as a likely zip bomb\.$/,
    )
    const bundlesDir = join(dir, 'bundles')
    const install = installBundle(bomb, { ...options, bundlesDir, userConfig: { api_key: 'k' } })
    expect(await refusal(install)).toContain('refused as a likely zip bomb')
    expect(existsSync(bundlesDir)).toBe(false)
  })

  it('refuses an archive whose files together expand more than the total ratio allows', async () => {
    // Each file expands about 114 times, under the per-file 200; together they pass the total's 50.
    let seed = 12345
    const block = Buffer.alloc(1024)
    for (let i = 0; i < block.length; i += 1) {
      seed = (seed * 1103515245 + 12345) >>> 0
      block[i] = seed >>> 24
    }
    const repeated = Buffer.concat(Array.from({ length: 300 }, () => block))
    const bundle = withExtra(
      ...[1, 2, 3].map((n) => ({
        name: `data/repeated-${n}.bin`,
        data: repeated,
        method: 'deflate' as const,
      })),
    )
    expect(await refusal(inspectBundle(bundle, options))).toMatch(
      /^This MCP bundle cannot be used: its files would unpack from [\d.]+ KiB to [\d.]+ KiB, more than 50 times their size: refused as a likely zip bomb\.$/,
    )
    // The fixture alone passes both ratios.
    await expect(inspectBundle(buildHelloBundle(), options)).resolves.toMatchObject({ name: 'hello-bundle' })
  })

  it('stops unpacking an entry that inflates past the size its headers declare, leaving nothing behind', async () => {
    const lying = withExtra({
      name: 'data/lies.bin',
      data: Buffer.alloc(512 * 1024, 7),
      method: 'deflate',
      declaredSize: 1000,
    })
    const bundlesDir = join(dir, 'bundles')
    const message = await refusal(
      installBundle(lying, { ...options, bundlesDir, userConfig: { api_key: 'k' } }),
    )
    expect(message).toMatch(
      /^The bundle could not be unpacked: "data\/lies\.bin" could not be unpacked \(too many bytes/,
    )
    // The staging folder is removed; the bundles folder itself may remain, empty.
    expect(existsSync(bundlesDir) ? readdirSync(bundlesDir) : []).toEqual([])
  })
})
