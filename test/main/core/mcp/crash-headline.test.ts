// A stdio server that dies says why in its state's headline: how it ended (code or signal) and the stderr
// line that explains it, not the first thing it logged. Real child processes (crashing-server.ts).
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { ConnectionManager } from '../../../../src/main/core/mcp/connection-manager'
import { setup, waitForStatus } from './support/manager-rig'

const CRASHING_SERVER = fileURLToPath(
  new URL('../../../fixtures/mcp-servers/crashing-server.ts', import.meta.url),
)

function crashing(name: string, die: 'throw' | 'signal', when: 'start' | 'call') {
  return {
    name,
    transport: 'stdio' as const,
    command: process.execPath,
    args: [CRASHING_SERVER, '--die', die, '--when', when],
  }
}

describe('a crashed stdio server', () => {
  const managers: ConnectionManager[] = []
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((manager) => manager.shutdown()))
  })

  function started(...servers: ReturnType<typeof crashing>[]) {
    const ctx = setup()
    managers.push(ctx.manager)
    for (const server of servers) ctx.configs.add(server)
    return ctx
  }

  it("shows Node's error line and the exit code, not its first log line or the stack", async () => {
    const { manager } = started(crashing('thrower', 'throw', 'start'))
    await manager.start()
    const state = manager.get('thrower')
    expect(state.failure).toMatchObject({ reason: 'exited with code 1: Error: boom', exitCode: 1 })
    expect(state.stderrTail).toContain('crashing-server: starting')
  })

  it('shows the signal and the last line it wrote when it was killed', async () => {
    const { manager } = started(crashing('killed', 'signal', 'start'))
    await manager.start()
    expect(manager.get('killed').failure).toMatchObject({
      reason: 'killed by SIGKILL: crashing-server: out of memory, giving up',
      signal: 'SIGKILL',
    })
  })

  it('says the same when it dies mid-call after connecting', async () => {
    const { manager } = started(crashing('mid-call', 'throw', 'call'))
    await manager.start()
    expect(manager.get('mid-call').status).toBe('connected')
    const failed = waitForStatus(manager, 'mid-call', 'failed')
    await manager
      .connection('mid-call')
      .callTool('explode', {})
      .catch(() => undefined)
    expect((await failed).failure).toMatchObject({ reason: 'exited with code 1: Error: boom', exitCode: 1 })
  })
})
