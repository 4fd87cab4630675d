// The installer over real services: the real ImportService, BundleImportService and ServerConfigService
// (settings and secrets in memory), a registry answered by a small in-memory catalog, runtimes looked up on
// an injected PATH of real files, and bundles downloaded from a real HTTP server on 127.0.0.1 through the
// real pinned fetch.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BundleImportService } from '../../../../../src/main/core/config/import/bundle-import-service'
import { ImportService } from '../../../../../src/main/core/config/import/import-service'
import { parseMcpConfig } from '../../../../../src/main/core/config/import/parse-mcp-config'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ServerConfigService } from '../../../../../src/main/core/mcp/server-config-service'
import { createBundleDownloader } from '../../../../../src/main/core/registry/install/bundle-download'
import { findRuntime } from '../../../../../src/main/core/registry/install/find-runtime'
import { RegistryInstaller } from '../../../../../src/main/core/registry/install/registry-installer'
import type { RegistryCatalog } from '../../../../../src/main/core/registry/registry-ports'
import { IpcFailure } from '../../../../../src/shared/ipc/ipc-error'
import { serverJsonSchema, type ServerJson } from '../../../../../src/shared/registry/server-json'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'
import { buildHelloBundle } from '../../../../fixtures/import/mcpb/build-bundle'

const BUNDLE = buildHelloBundle()
const BUNDLE_SHA = createHash('sha256').update(BUNDLE).digest('hex')
const MiB = 1024 * 1024

let http: Server
let base: string
const requests: string[] = []

beforeAll(async () => {
  http = createServer((req, res) => {
    requests.push(req.url ?? '')
    if (req.url === '/hello.mcpb') res.end(BUNDLE)
    else if (req.url === '/moved.mcpb') res.writeHead(302, { location: '/hello.mcpb' }).end()
    else if (req.url === '/stall.mcpb') res.writeHead(200).write('PK')
    else if (req.url === '/declared-huge.mcpb')
      res.writeHead(200, { 'content-length': String(3 * MiB) }).end()
    else if (req.url === '/endless.mcpb') {
      // No length: the cap must stop it while it streams.
      res.writeHead(200)
      const chunk = Buffer.alloc(256 * 1024, 7)
      const pump = () => {
        while (res.write(chunk)) if (res.writableLength > 4 * MiB) break
      }
      res.on('drain', pump)
      res.on('close', () => res.off('drain', pump))
      pump()
    } else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})
afterAll(async () => {
  http.closeAllConnections()
  await new Promise((resolve) => http.close(resolve))
})

let dir: string
let binDir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'registry-installer-'))
  binDir = join(dir, 'bin')
  mkdirSync(binDir)
  // Only npx is installed on this computer.
  writeFileSync(join(binDir, 'npx'), '#!/bin/sh\nexit 0\n')
  chmodSync(join(binDir, 'npx'), 0o755)
  // Present but not executable: not a runtime.
  writeFileSync(join(binDir, 'uvx'), 'not a program')
  chmodSync(join(binDir, 'uvx'), 0o644)
  requests.length = 0
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function serverJson(extra: Partial<ServerJson>): ServerJson {
  return serverJsonSchema.parse({ name: 'io.github.example/weather', version: '1.4.0', ...extra })
}

const stdio = { type: 'stdio' as const }

const ENTRIES: Record<string, ServerJson> = {
  'io.github.example/weather': serverJson({
    title: 'Weather',
    packages: [
      {
        registryType: 'npm',
        identifier: '@example/weather-mcp',
        version: '1.4.0',
        transport: stdio,
        environmentVariables: [
          { name: 'WEATHER_KEY', isSecret: true, isRequired: true, description: 'API key' },
          { name: 'UNITS', value: 'metric' },
        ],
      },
      { registryType: 'pypi', identifier: 'weather-mcp', version: '1.4.0', transport: stdio },
      { registryType: 'oci', identifier: 'ghcr.io/example/weather', version: '1.4.0', transport: stdio },
    ],
    remotes: [
      {
        type: 'streamable-http',
        url: 'https://{tenant}.weather.example/mcp',
        variables: { tenant: { isRequired: true, description: 'Tenant' } },
      },
    ],
  }),
}

function bundleEntry(url: string, fileSha256?: string): ServerJson {
  return serverJson({
    name: 'io.github.example/hello',
    packages: [
      { registryType: 'mcpb', identifier: url, transport: stdio, ...(fileSha256 ? { fileSha256 } : {}) },
    ],
  })
}

function setup(
  options: {
    registryUrl?: string
    entries?: Record<string, ServerJson>
    maxBundleBytes?: number
    timeoutMs?: number
  } = {},
) {
  const doc = new MemoryJsonDocument()
  const settings = new SettingsService(doc)
  const secrets = new MemorySecretStore()
  const configs = new ServerConfigService(settings, secrets)
  const replace = (id: string, input: Parameters<typeof configs.update>[1]) =>
    Promise.resolve(configs.update(id, input))
  const imports = new ImportService({ parse: parseMcpConfig, configs, replace, environment: () => ({}) })
  const bundlesDir = join(dir, 'bundles')
  const bundles = new BundleImportService({ bundlesDir, configs, replace })
  const entries = options.entries ?? ENTRIES
  const registry: Pick<RegistryCatalog, 'serverJson'> = {
    serverJson: ({ name }) => {
      const server = entries[name]
      if (!server) return Promise.reject(new IpcFailure('not_found', `no server ${name}`))
      return Promise.resolve({ registryUrl: options.registryUrl ?? base, server, meta: undefined })
    },
  }
  const installer = new RegistryInstaller({
    registry,
    imports,
    bundles,
    download: createBundleDownloader({ timeoutMs: options.timeoutMs ?? 10_000 }),
    findRuntime: (command) => findRuntime(command, { PATH: `${join(dir, 'nowhere')}:${binDir}` }, 'linux'),
    ...(options.maxBundleBytes === undefined ? {} : { maxBundleBytes: options.maxBundleBytes }),
  })
  return { installer, imports, bundles, configs, doc, secrets, bundlesDir }
}

async function refusal(promise: Promise<unknown>): Promise<IpcFailure> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(IpcFailure)
  return error as IpcFailure
}

describe('RegistryInstaller.previewInstall', () => {
  it('previews an npm entry, then adds it enabled with its secret in the secret store', async () => {
    const { installer, imports, configs, doc, secrets } = setup()
    const preview = await installer.previewInstall({
      name: 'io.github.example/weather',
      option: { kind: 'package', index: 0 },
    })
    if (preview.kind !== 'config') throw new Error('expected a config preview')
    expect(preview.missingRuntimes).toEqual([])
    expect(preview.preview.origin).toBe(`the MCP registry at ${new URL(base).host}`)
    expect(preview.preview.addsDisabled).toBeUndefined()
    expect(preview.preview.formatLabel).toBe('MCP registry entry (server.json)')
    expect(preview.preview.rows[0]).toMatchObject({
      sourceName: 'io.github.example/weather',
      name: 'Weather',
      status: 'new',
      env: [
        { name: 'WEATHER_KEY', secret: true },
        { name: 'UNITS', secret: false },
      ],
    })
    expect(configs.list()).toEqual([])

    await imports.apply({
      previewId: preview.preview.previewId,
      decisions: [],
      placeholderValues: { '${input:WEATHER_KEY}': 'wk-secret-123' },
    })
    const [config] = configs.list()
    expect(config).toMatchObject({
      name: 'Weather',
      enabled: true,
      command: 'npx',
      args: ['-y', '@example/weather-mcp@1.4.0'],
    })
    expect(config!.transport === 'stdio' && config!.env).toEqual({
      WEATHER_KEY: { secret: `server.${config!.id}.env.WEATHER_KEY` },
      UNITS: 'metric',
    })
    expect(configs.resolveValues(config!)).toEqual({ WEATHER_KEY: 'wk-secret-123', UNITS: 'metric' })
    expect(JSON.stringify(doc.read())).not.toContain('wk-secret-123')
    expect(secrets.list()).toEqual([`server.${config!.id}.env.WEATHER_KEY`])
  })

  it('keeps a fixed value the entry marks isSecret in the secret store, whatever its name', async () => {
    const entries = {
      'io.github.example/fixed': serverJson({
        name: 'io.github.example/fixed',
        packages: [
          {
            registryType: 'npm',
            identifier: '@example/fixed-mcp',
            version: '1.0.0',
            transport: stdio,
            environmentVariables: [{ name: 'ENDPOINT_ID', value: 'ep-fixed-9931', isSecret: true }],
          },
        ],
      }),
    }
    const { installer, imports, configs, doc } = setup({ entries })
    const preview = await installer.previewInstall({
      name: 'io.github.example/fixed',
      option: { kind: 'package', index: 0 },
    })
    if (preview.kind !== 'config') throw new Error('expected a config preview')
    expect(preview.preview.rows[0]?.env).toEqual([{ name: 'ENDPOINT_ID', secret: true }])
    await imports.apply({ previewId: preview.preview.previewId, decisions: [] })
    const [config] = configs.list()
    expect(configs.resolveValues(config!)).toEqual({ ENDPOINT_ID: 'ep-fixed-9931' })
    expect(JSON.stringify(doc.read())).not.toContain('ep-fixed-9931')
  })

  it('names the runtimes that are not on PATH, with where to get them', async () => {
    const { installer } = setup()
    const pypi = await installer.previewInstall({
      name: 'io.github.example/weather',
      option: { kind: 'package', index: 1 },
    })
    expect(pypi.kind === 'config' && pypi.missingRuntimes).toEqual([
      { command: 'uvx', hint: 'uvx comes with uv: install uv from https://docs.astral.sh/uv/' },
    ])
    const oci = await installer.previewInstall({
      name: 'io.github.example/weather',
      option: { kind: 'package', index: 2 },
    })
    expect(oci.kind === 'config' && oci.missingRuntimes).toEqual([
      { command: 'docker', hint: 'Install Docker from https://docs.docker.com/get-docker/ and start it' },
    ])
    expect(await findRuntime('npx', { PATH: binDir }, 'linux')).toBe(join(binDir, 'npx'))
    expect(await findRuntime('npx', {}, 'linux')).toBeUndefined()
  })

  it('checks a remote URL once its variables are typed, and writes nothing when it is not a URL', async () => {
    const { installer, imports, configs, doc } = setup()
    const preview = await installer.previewInstall({
      name: 'io.github.example/weather',
      option: { kind: 'remote', index: 0 },
    })
    if (preview.kind !== 'config') throw new Error('expected a config preview')
    expect(preview.preview.rows[0]!.destination).toBe('https://${input:tenant}.weather.example/mcp')
    const before = JSON.stringify(doc.read())
    const bad = await refusal(
      imports.apply({
        previewId: preview.preview.previewId,
        decisions: [],
        placeholderValues: { '${input:tenant}': 'acme corp/x' },
      }),
    )
    expect(bad.message).toContain('"io.github.example/weather" cannot be added with the values given')
    expect(JSON.stringify(doc.read())).toBe(before)
    await imports.apply({
      previewId: preview.preview.previewId,
      decisions: [],
      placeholderValues: { '${input:tenant}': 'acme' },
    })
    expect(configs.list()[0]).toMatchObject({ transport: 'http', url: 'https://acme.weather.example/mcp' })
  })
})

describe('RegistryInstaller: .mcpb packages', () => {
  it('downloads, checks the SHA-256 and hands back the bundle preview without unpacking anything', async () => {
    const entries = { 'io.github.example/hello': bundleEntry(`${base}/moved.mcpb`, BUNDLE_SHA.toUpperCase()) }
    const { installer, bundlesDir } = setup({ entries })
    const preview = await installer.previewInstall({
      name: 'io.github.example/hello',
      option: { kind: 'package', index: 0 },
    })
    expect(preview.kind).toBe('bundle')
    expect(preview.kind === 'bundle' && preview.preview.info.name).toBe('hello-bundle')
    expect(requests).toEqual(['/moved.mcpb', '/hello.mcpb'])
    expect(existsSync(bundlesDir)).toBe(false)
  })

  it('refuses a download whose SHA-256 differs, or an entry without one, and unpacks nothing', async () => {
    const wrong = 'ab'.repeat(32)
    const { installer, bundlesDir } = setup({
      entries: {
        'io.github.example/hello': bundleEntry(`${base}/hello.mcpb`, wrong),
        'io.github.example/nosha': { ...bundleEntry(`${base}/hello.mcpb`), name: 'io.github.example/nosha' },
      },
    })
    const mismatch = await refusal(
      installer.previewInstall({ name: 'io.github.example/hello', option: { kind: 'package', index: 0 } }),
    )
    expect(mismatch.message).toBe(
      `The downloaded bundle is not the one the registry published: the registry says its SHA-256 starts ${wrong.slice(0, 12)}…, the download's starts ${BUNDLE_SHA.slice(0, 12)}…; nothing was unpacked or installed`,
    )
    requests.length = 0
    const missing = await refusal(
      installer.previewInstall({ name: 'io.github.example/nosha', option: { kind: 'package', index: 0 } }),
    )
    expect(missing.message).toContain('The registry gives no SHA-256 for this bundle')
    expect(requests).toEqual([])
    expect(existsSync(bundlesDir)).toBe(false)
  })

  it('refuses a bundle larger than the cap, declared or streamed, and plain http from a registry elsewhere', async () => {
    const entries = {
      'io.github.example/declared': bundleEntry(`${base}/declared-huge.mcpb`, BUNDLE_SHA),
      'io.github.example/endless': bundleEntry(`${base}/endless.mcpb`, BUNDLE_SHA),
    }
    const { installer } = setup({ entries, maxBundleBytes: MiB })
    for (const name of Object.keys(entries)) {
      const failure = await refusal(installer.previewInstall({ name, option: { kind: 'package', index: 0 } }))
      expect(failure.message).toBe(
        'The bundle was not downloaded: the bundle is larger than 1 MiB, the most MCP Desk downloads',
      )
    }
    requests.length = 0
    const remote = setup({ entries, registryUrl: 'https://registry.example' })
    const http = await refusal(
      remote.installer.previewInstall({
        name: 'io.github.example/declared',
        option: { kind: 'package', index: 0 },
      }),
    )
    expect(http.message).toContain('bundles are downloaded over https only')
    expect(requests).toEqual([])
  })
})

describe('RegistryInstaller: a bundle that never finishes', () => {
  it('gives up after the download time limit, in words', async () => {
    const entries = { 'io.github.example/stall': bundleEntry(`${base}/stall.mcpb`, BUNDLE_SHA) }
    const { installer, bundlesDir } = setup({ entries, timeoutMs: 300 })
    const failure = await refusal(
      installer.previewInstall({ name: 'io.github.example/stall', option: { kind: 'package', index: 0 } }),
    )
    expect(failure).toMatchObject({ code: 'unavailable' })
    expect(failure.message).toBe(`The bundle download from ${base}/stall.mcpb took longer than 1 second`)
    expect(existsSync(bundlesDir)).toBe(false)
  })
})

describe('RegistryInstaller.previewLink', () => {
  it('previews a registry reference from an mcp-desk:// link; its server is added disabled', async () => {
    const { installer, imports, configs } = setup()
    const preview = await installer.previewLink(
      'mcp-desk://install?name=io.github.example%2Fweather&version=1.4.0',
    )
    if (preview.kind !== 'config') throw new Error('expected a config preview')
    expect(preview.preview.addsDisabled).toBe(true)
    expect(preview.preview.origin).toBe(
      `an install link (mcp-desk://install), from the MCP registry at ${new URL(base).host}`,
    )
    await imports.apply({
      previewId: preview.preview.previewId,
      decisions: [],
      placeholderValues: { '${input:WEATHER_KEY}': 'k' },
    })
    expect(configs.list()[0]).toMatchObject({ name: 'Weather', enabled: false, command: 'npx' })
  })

  it('adds a bundle reached through a link turned off, once its form is filled in', async () => {
    const entries = { 'io.github.example/hello': bundleEntry(`${base}/hello.mcpb`, BUNDLE_SHA) }
    const { installer, bundles, configs } = setup({ entries })
    const preview = await installer.previewLink('mcp-desk://install?name=io.github.example%2Fhello')
    if (preview.kind !== 'bundle') throw new Error('expected a bundle preview')
    expect(preview.preview.addsDisabled).toBe(true)
    const result = await bundles.install({
      bundleId: preview.preview.bundleId,
      userConfig: { api_key: 'k', workspace: dir },
    })
    expect(configs.list().find((config) => config.id === result.server.id)?.enabled).toBe(false)
  })
})
