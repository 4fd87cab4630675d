// Both protocol eras, per server (issue 20): a server written with the v2 SDK is spoken to in 2026-07-28, a
// 2025 server through the handshake, each on ONE process (the SDK's own stdio transport would probe on a
// second copy; ours probes in place). Every server here starts through the counting launcher, which
// writes a line to a spawn log per process.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { ConnectionManager } from '../../../../src/main/core/mcp/connection-manager'
import type { ServerProtocol } from '../../../../src/shared/settings/settings-schema'
import { FIXTURE_STDIO_SERVER_PATH } from '../../../support/spawn-command'
import { setup } from './support/manager-rig'

const LAUNCHER = fileURLToPath(new URL('../../../fixtures/mcp-servers/counting-launcher.ts', import.meta.url))
const HANDSHAKE_ONLY = fileURLToPath(
  new URL('../../../fixtures/mcp-servers/handshake-only-server.ts', import.meta.url),
)

const dir = mkdtempSync(join(tmpdir(), 'mcp-desk-era-'))
let logs = 0
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A server started through the launcher, and a count of its processes so far. */
function counted(script: string, args: string[] = []) {
  const spawnLog = join(dir, `spawns-${++logs}.log`)
  const spawns = (): number =>
    existsSync(spawnLog) ? readFileSync(spawnLog, 'utf8').split('\n').filter(Boolean).length : 0
  return { command: process.execPath, args: [LAUNCHER, spawnLog, script, ...args], spawns }
}

describe('protocol eras, per server', () => {
  const managers: ConnectionManager[] = []
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((manager) => manager.shutdown()))
  })

  async function connect(
    server: ReturnType<typeof counted>,
    protocol: ServerProtocol = 'auto',
  ): Promise<{ manager: ConnectionManager; id: string; log: string[] }> {
    const ctx = setup()
    managers.push(ctx.manager)
    const { id } = ctx.configs.add({
      name: 'under test',
      transport: 'stdio',
      command: server.command,
      args: server.args,
      protocol,
    })
    await ctx.manager.start()
    return { manager: ctx.manager, id, log: ctx.log }
  }

  it('speaks 2026-07-28 to a v2 server, on one process, and calls its tools', async () => {
    const server = counted(FIXTURE_STDIO_SERVER_PATH, ['--modern'])
    const { manager, id } = await connect(server)
    const state = manager.get(id)
    expect(state.status).toBe('connected')
    expect(state.protocolVersion).toBe('2026-07-28')
    expect(server.spawns()).toBe(1)
    const result = await manager.connection(id).callTool('echo', { text: 'hi' })
    expect(JSON.stringify(result.content)).toContain('hi')
    expect(server.spawns()).toBe(1)
  })

  it('speaks 2025-11-25 to a server that answers the probe "method not found", on one process', async () => {
    const server = counted(HANDSHAKE_ONLY)
    const { manager, id } = await connect(server)
    const state = manager.get(id)
    expect(state.status).toBe('connected')
    expect(state.protocolVersion).toBe('2025-11-25')
    expect(state.tools.map((tool) => tool.name)).toEqual(['echo'])
    expect(server.spawns()).toBe(1)
  })

  it('starts a server that exits on the probe once more, with the handshake, and never probes it again', async () => {
    const server = counted(HANDSHAKE_ONLY, ['--exit-on-early-request'])
    const { manager, id, log } = await connect(server)
    expect(manager.get(id)).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' })
    expect(server.spawns()).toBe(2)
    expect(log.join('\n')).toMatch(/exited on the protocol probe; starting it again with the 2025 handshake/)
    await manager.restart(id)
    expect(manager.get(id)).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' })
    expect(server.spawns()).toBe(3)
  })

  it('pins an era when the setting says so', async () => {
    const legacy = counted(FIXTURE_STDIO_SERVER_PATH, ['--modern'])
    const pinnedLegacy = await connect(legacy, '2025-11-25')
    expect(pinnedLegacy.manager.get(pinnedLegacy.id).protocolVersion).toBe('2025-11-25')
    expect(legacy.spawns()).toBe(1)

    const old = counted(HANDSHAKE_ONLY)
    const pinnedModern = await connect(old, '2026-07-28')
    const state = pinnedModern.manager.get(pinnedModern.id)
    expect(state.status).toBe('failed')
    expect(state.failure?.reason).toMatch(/2026-07-28/)
    expect(old.spawns()).toBe(1)
  })
})
