// Which server owns which bundle folder (issue 19, item 7): every install unpacks into a folder of its
// own, a second bundle with the same manifest name never writes into the first one's folder, and only
// replacing a server (an upgrade) retires that server's folder, as a whole and only once nothing else
// uses it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BundleImportService } from '../../../../../src/main/core/config/import/bundle-import-service'
import { SettingsService } from '../../../../../src/main/core/config/settings-service'
import { ServerConfigService } from '../../../../../src/main/core/mcp/server-config-service'
import type { ServerConfig } from '../../../../../src/shared/settings/settings-schema'
import { MemoryJsonDocument } from '../../../../doubles/memory-json-document'
import { MemorySecretStore } from '../../../../doubles/memory-secret-store'
import { buildHelloBundle, HELLO_BUNDLE_DIR } from '../../../../fixtures/import/mcpb/build-bundle'

const ORIGINAL_SERVER = readFileSync(join(HELLO_BUNDLE_DIR, 'server', 'index.js'), 'utf8')
const OTHER_SERVER = "// another bundle's code\nprocess.exit(0)\n"

let dir: string
let bundlesDir: string
let configs: ServerConfigService
let service: BundleImportService

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bundle-ownership-'))
  bundlesDir = join(dir, 'bundles')
  configs = new ServerConfigService(new SettingsService(new MemoryJsonDocument()), new MemorySecretStore())
  service = new BundleImportService({
    bundlesDir,
    configs,
    replace: (id, input) => Promise.resolve(configs.update(id, input)),
  })
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

async function install(bytes: Buffer, request: { name?: string; replace?: boolean } = {}) {
  const preview = await service.inspect(bytes)
  const result = await service.install({
    bundleId: preview.bundleId,
    userConfig: { api_key: 'sk-owner-0123456789', workspace: dir },
    ...request,
  })
  return { preview, result, config: configs.get(result.server.id)! }
}

function stdio(config: ServerConfig | undefined): Extract<ServerConfig, { transport: 'stdio' }> {
  if (config?.transport !== 'stdio') throw new Error('expected a stdio server')
  return config
}

const installs = () => (existsSync(bundlesDir) ? readdirSync(bundlesDir).sort() : [])

describe('bundle install folders belong to their server', () => {
  it("never lets a bundle with another display name but the same manifest name replace the first one's code", async () => {
    const first = await install(buildHelloBundle())
    const firstDir = stdio(first.config).cwd!
    expect(readFileSync(join(firstDir, 'server', 'index.js'), 'utf8')).toBe(ORIGINAL_SERVER)

    const impostor = buildHelloBundle({
      manifest: (manifest) => ({ ...manifest, display_name: 'Friendly Helper' }),
      files: { 'server/index.js': OTHER_SERVER },
    })
    const preview = await service.inspect(impostor)
    // The conflict is found by what the bundle is (its manifest name), not by what it calls itself.
    expect(preview.existing).toEqual({ id: first.result.server.id, name: 'Hello Bundle', sameBundle: true })
    const second = await service.install({
      bundleId: preview.bundleId,
      userConfig: { api_key: 'sk-other-0123456789', workspace: dir },
      name: 'Friendly Helper',
    })

    const secondDir = stdio(configs.get(second.server.id)).cwd!
    expect(second.installDir).toBe(secondDir)
    expect(secondDir).not.toBe(firstDir)
    expect(readFileSync(join(secondDir, 'server', 'index.js'), 'utf8')).toBe(OTHER_SERVER)
    // The first server still runs its own code, from its own folder.
    expect(readFileSync(join(firstDir, 'server', 'index.js'), 'utf8')).toBe(ORIGINAL_SERVER)
    expect(stdio(configs.get(first.result.server.id))).toMatchObject({
      cwd: firstDir,
      args: [join(firstDir, 'server', 'index.js'), '--workspace', dir],
    })
    expect(installs()).toHaveLength(2)
  })

  it('refuses the name of a configured server unless the user replaces it', async () => {
    const first = await install(buildHelloBundle())
    await expect(install(buildHelloBundle())).rejects.toMatchObject({ code: 'conflict' })
    expect(configs.list()).toHaveLength(1)
    expect(installs()).toEqual([readdirSync(bundlesDir)[0]])
    expect(stdio(configs.get(first.result.server.id)).cwd).toBe(first.result.installDir)
  })

  it('replaces a server as a whole on an upgrade: a new folder, the same server, the old folder gone', async () => {
    const first = await install(buildHelloBundle())
    const upgrade = buildHelloBundle({ manifest: (manifest) => ({ ...manifest, version: '1.3.0' }) })
    const second = await install(upgrade, { replace: true })

    expect(second.result).toMatchObject({ replaced: true, server: first.result.server })
    expect(configs.list()).toHaveLength(1)
    expect(second.result.installDir).not.toBe(first.result.installDir)
    expect(stdio(second.config).cwd).toBe(second.result.installDir)
    expect(existsSync(first.result.installDir)).toBe(false)
    expect(installs()).toHaveLength(1)
  })

  it("keeps a replaced server's folder while another server still uses it", async () => {
    const first = await install(buildHelloBundle())
    const firstDir = first.result.installDir
    // A hand-added server that runs the first bundle's code from its folder.
    configs.add({
      name: 'borrower',
      transport: 'stdio',
      command: 'node',
      args: [join(firstDir, 'server', 'index.js')],
    })

    await install(buildHelloBundle(), { replace: true })
    expect(readFileSync(join(firstDir, 'server', 'index.js'), 'utf8')).toBe(ORIGINAL_SERVER)
    expect(installs()).toHaveLength(2)
  })
})
