// `mcp-desk import <bundle>` and the server a bundle was installed as (issue 19, item 7): an upgrade of a
// bundle installed under another name finds that server by the manifest name, --replace replaces it as a
// whole (new folder, old one gone), and another bundle's code never lands in its folder.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ServerConfigService } from '../../../src/main/core/mcp/server-config-service'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import type { ServerConfig } from '../../../src/shared/settings/settings-schema'
import { buildHelloBundle } from '../../fixtures/import/mcpb/build-bundle'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, runMcpDesk } from '../support/cli-harness'

const API_KEY = 'sk-bundle-cli-0123456789'

let temp: TempHome
let home: string
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-bundle-')
  home = path.join(temp.dir, 'home')
})
afterEach(() => temp.cleanup())

function servers(): ServerConfig[] {
  const profile = openNodeProfile(home)
  return new ServerConfigService(profile.settings, profile.secrets).list()
}

function writeBundle(name: string, bytes: Buffer): string {
  const file = path.join(temp.dir, name)
  fs.writeFileSync(file, bytes)
  return file
}

const install = (file: string, ...rest: string[]) => [
  '--home',
  home,
  'import',
  file,
  '--set',
  `api_key=${API_KEY}`,
  ...rest,
]

describe('mcp-desk import of a bundle installed before', () => {
  it('upgrades the server the bundle was installed as, whatever its name, only with --replace', async () => {
    await expectExit(install(writeBundle('v1.mcpb', buildHelloBundle()), '--yes', '--name', 'Hello'), 0)
    const [first] = servers()
    const firstDir = first?.transport === 'stdio' ? first.cwd : undefined
    expect(firstDir).toBeDefined()

    const upgrade = writeBundle(
      'v2.mcpb',
      buildHelloBundle({
        manifest: (manifest) => ({ ...manifest, version: '1.3.0', display_name: 'Hello, renamed' }),
      }),
    )
    const refused = await runMcpDesk(install(upgrade, '--yes'))
    expect(refused.code).toBe(1)
    expect(refused.stdout).toContain('server name: "Hello"')
    expect(refused.stderr).toContain('"Hello" (id hello) was installed from this bundle; pass --replace')
    expect(servers()).toHaveLength(1)

    const run = await expectExit(install(upgrade, '--yes', '--replace'), 0)
    expect(run.stdout).toContain('Replaced stdio server "Hello" with id hello')
    const [upgraded] = servers()
    expect(servers()).toHaveLength(1)
    const upgradedDir = upgraded?.transport === 'stdio' ? upgraded.cwd : undefined
    expect(upgradedDir).toMatch(/hello-bundle-1\.3\.0-[0-9a-f]{8}$/)
    expect(fs.existsSync(firstDir!)).toBe(false)
    expect(fs.readdirSync(path.join(home, 'bundles'))).toEqual([path.basename(upgradedDir!)])
  })
})
