// Import through the IPC contract of a real host: a Claude Desktop file naming real stdio servers is
// previewed, applied, and its servers connect; a `.mcpb` bundle is inspected, installed into the profile
// and its server connects with the form's answers (the sensitive one only in the secret store).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ConnectionManager } from '../../../../../src/main/core/mcp/connection-manager'
import type { ServerState } from '../../../../../src/shared/mcp/server-state'
import { createTestHost } from '../../../../doubles/test-host'
import { buildHelloBundle } from '../../../../fixtures/import/mcpb/build-bundle'
import { spawnCommandFor } from '../../../../support/spawn-command'
import { tempHome, type TempHome } from '../../../../support/temp-home'
import { manyServers } from './fixture-files'

let home: TempHome | undefined
let stop: (() => Promise<void>) | undefined
afterEach(async () => {
  await stop?.()
  await home?.cleanup()
  stop = undefined
  home = undefined
})

async function setup() {
  home = await tempHome('mcp-desk-import-')
  const test = createTestHost(undefined, undefined, home.dir)
  stop = test.shutdown
  void test.servers.start()
  const call = async (channel: string, request: unknown) => {
    const result = await test.host.dispatch(channel, request)
    if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code })
    return result.value as never
  }
  return { ...test, call }
}

function connected(servers: ConnectionManager, name: string): Promise<ServerState> {
  return new Promise((resolve, reject) => {
    const check = (list: readonly ServerState[]) => {
      const state = list.find((s) => s.name === name)
      if (state?.status === 'connected') resolve(state)
      if (state?.status === 'failed') reject(new Error(`${name} failed: ${JSON.stringify(state.failure)}`))
    }
    servers.subscribe(check)
    check(servers.list())
  })
}

describe('import over the contract', () => {
  it('previews a Claude Desktop file, writes nothing until apply, then its servers connect', async () => {
    const { call, doc, servers, secrets } = await setup()
    const everything = spawnCommandFor('server-everything')
    const fixture = spawnCommandFor('fixture')
    const text = JSON.stringify({
      mcpServers: {
        everything: { ...everything, env: { API_KEY: 'sk-imported-0123456789' } },
        fixture,
      },
    })
    const before = JSON.stringify(doc.read())
    const preview: { previewId: string; format: string; rows: Array<{ status: string }> } = await call(
      'import:preview',
      { text, fileName: 'claude_desktop_config.json' },
    )
    expect(preview.format).toBe('claude-desktop')
    expect(preview.rows.map((row) => row.status)).toEqual(['new', 'new'])
    expect(JSON.stringify(doc.read())).toBe(before)

    const result: { added: Array<{ name: string }> } = await call('import:apply', {
      previewId: preview.previewId,
      decisions: [],
    })
    expect(result.added.map((a) => a.name)).toEqual(['everything', 'fixture'])
    const state = await connected(servers, 'everything')
    expect(state.tools.length).toBeGreaterThan(3)
    await connected(servers, 'fixture')
    expect(JSON.stringify(doc.read())).not.toContain('sk-imported-0123456789')
    expect(secrets.list().map((name) => secrets.get(name))).toContain('sk-imported-0123456789')
  })

  it('refuses a file over 5 MiB and a file in no known format, writing nothing', async () => {
    const { call, doc } = await setup()
    const before = JSON.stringify(doc.read())
    await expect(call('import:preview', { text: ' '.repeat(5 * 1024 * 1024 + 1) })).rejects.toThrow(
      'larger than 5 MiB',
    )
    await expect(call('import:preview', { text: '{"name": "x", "version": "1.0.0"}' })).rejects.toThrow(
      /not an MCP config/,
    )
    expect(JSON.stringify(doc.read())).toBe(before)
  })

  it('refuses at preview a file listing more than 1,000 servers, in the words the window shows', async () => {
    const { call, doc } = await setup()
    const before = JSON.stringify(doc.read())
    await expect(
      call('import:preview', { text: manyServers(1001), fileName: 'claude_desktop_config.json' }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'This file lists 1,001 servers; MCP Desk imports at most 1,000 at a time',
    })
    expect(JSON.stringify(doc.read())).toBe(before)
  })

  it('installs a .mcpb bundle into the profile and its server connects', async () => {
    const { call, doc, servers, secrets } = await setup()
    const data = buildHelloBundle().toString('base64')
    const preview: {
      bundleId: string
      info: { displayName: string; userConfig: Array<{ key: string; sensitive: boolean }> }
    } = await call('import:inspect-bundle', { data, fileName: 'hello.mcpb' })
    expect(preview.info.displayName).toBe('Hello Bundle')
    expect(preview.info.userConfig.find((f) => f.key === 'api_key')?.sensitive).toBe(true)
    expect(existsSync(join(home!.dir, 'bundles'))).toBe(false)

    const workspace = join(home!.dir, 'workspace')
    const installed: { server: { name: string }; installDir: string } = await call('import:install-bundle', {
      bundleId: preview.bundleId,
      userConfig: { api_key: 'sk-bundle-0123456789', workspace, max_results: 5, verbose: true },
    })
    expect(installed.installDir).toMatch(/[\\/]bundles[\\/]hello-bundle-1\.2\.0-[0-9a-f]{8}$/)
    const state = await connected(servers, 'Hello Bundle')
    expect(state.tools.map((t) => t.name)).toContain('echo_config')
    expect(JSON.stringify(doc.read())).not.toContain('sk-bundle-0123456789')
    expect(secrets.list().map((name) => secrets.get(name))).toContain('sk-bundle-0123456789')

    // The same bundle again: refused by name unless the user asks to replace (an upgrade).
    const again: { bundleId: string; existing?: { name: string } } = await call('import:inspect-bundle', {
      data,
    })
    expect(again.existing?.name).toBe('Hello Bundle')
    await expect(
      call('import:install-bundle', { bundleId: again.bundleId, userConfig: { api_key: 'k', workspace } }),
    ).rejects.toMatchObject({ code: 'conflict' })
    const replaced: { replaced: boolean } = await call('import:install-bundle', {
      bundleId: again.bundleId,
      userConfig: { api_key: 'sk-bundle-0123456789', workspace },
      replace: true,
    })
    expect(replaced.replaced).toBe(true)
    expect(servers.list().filter((s) => s.name === 'Hello Bundle')).toHaveLength(1)
  })

  it('refuses bundle data that is not base64 or not a bundle', async () => {
    const { call } = await setup()
    await expect(call('import:inspect-bundle', { data: 'not base64!' })).rejects.toThrow('not base64')
    await expect(
      call('import:inspect-bundle', { data: Buffer.from('hello').toString('base64') }),
    ).rejects.toMatchObject({ code: 'validation_failed' })
  })
})
