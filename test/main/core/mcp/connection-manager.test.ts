import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { ConnectionManager } from '../../../../src/main/core/mcp/connection-manager'
import type { ServerInput } from '../../../../src/shared/mcp/server-input'
import { spawnCommandFor } from '../../../support/spawn-command'
import { setup, waitForStatus } from './support/manager-rig'

const fixture = spawnCommandFor('fixture')
const SAMPLING_TRIGGER_SERVER = fileURLToPath(
  new URL('../../../fixtures/mcp-servers/sampling-trigger-server.ts', import.meta.url),
)
const nodeScript = (code: string): ServerInput => ({
  name: 'script',
  transport: 'stdio',
  command: process.execPath,
  args: ['-e', code],
})

describe('ConnectionManager', () => {
  const managers: ConnectionManager[] = []
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((m) => m.shutdown()))
  })

  function started(build: (ctx: ReturnType<typeof setup>) => void) {
    const ctx = setup()
    managers.push(ctx.manager)
    build(ctx)
    return ctx
  }

  it('fails a server that exits at once without reading stdin with its exit code, not a write error', async () => {
    const { manager } = started(({ configs }) => {
      for (let n = 0; n < 5; n += 1) {
        configs.add({
          name: `quick-${n}`,
          transport: 'stdio',
          command: 'sh',
          args: ['-c', 'echo gone >&2; exit 4'],
        })
      }
    })
    await manager.start()
    for (const server of manager.list()) {
      expect(server.failure).toMatchObject({ exitCode: 4, reason: 'exited with code 4: gone' })
    }
  })

  it('connects servers in parallel, and a server that exits at start fails with its exit code and stderr', async () => {
    const { manager, configs } = started(({ configs }) => {
      configs.add({ name: 'ok', transport: 'stdio', ...fixture })
      configs.add({
        ...nodeScript("process.stderr.write('config file missing: /etc/notes.toml\\n'); process.exit(3)"),
        name: 'broken',
      })
    })
    expect(configs.list().map((c) => c.id)).toEqual(['ok', 'broken'])
    await manager.start()
    const [ok, broken] = manager.list()
    expect(ok).toMatchObject({ status: 'connected', serverInfo: { name: expect.any(String) } })
    expect(ok!.tools.map((t) => t.exposedName)).toContain('mcp_ok_echo')
    expect(ok!.tools.find((t) => t.name === 'echo')?.description).toBe('Returns the given text unchanged')
    expect(broken).toMatchObject({ status: 'failed', failure: { exitCode: 3 } })
    expect(broken!.failure!.reason).toContain('exited with code 3')
    expect(broken!.failure!.reason).toContain('config file missing: /etc/notes.toml')
    expect(broken!.stderrTail).toContain('config file missing')
  })

  it('reports a crash after connecting, and restarts the server on request', async () => {
    const { manager } = started(({ configs }) =>
      configs.add({ name: 'crashy', transport: 'stdio', ...fixture }),
    )
    await manager.start()
    const failed = waitForStatus(manager, 'crashy', 'failed')
    await manager
      .connection('crashy')
      .callTool('crash', {})
      .catch(() => undefined)
    expect((await failed).failure).toMatchObject({ exitCode: 3 })
    expect((await failed).failure!.reason).toContain('crash tool called')
    expect((await manager.restart('crashy')).status).toBe('connected')
  })

  it('disables and enables a server at runtime, persisting the choice', async () => {
    const { manager, configs } = started(({ configs }) =>
      configs.add({ name: 'toggle', transport: 'stdio', ...fixture }),
    )
    await manager.start()
    expect((await manager.setEnabled('toggle', false)).status).toBe('disabled')
    expect(configs.get('toggle')?.enabled).toBe(false)
    await expect(manager.restart('toggle')).rejects.toThrow('disabled')
    expect((await manager.setEnabled('toggle', true)).status).toBe('connected')
  })

  it('connects a server added at runtime and forgets a removed one', async () => {
    const { manager, secrets } = started(() => undefined)
    await manager.start()
    const added = await manager.add({
      name: 'Late',
      transport: 'stdio',
      ...fixture,
      env: { FIXTURE_TOKEN: { value: 'v-1' } },
    })
    expect(added).toMatchObject({ id: 'late', status: 'connected' })
    expect(secrets.list()).toEqual(['server.late.env.FIXTURE_TOKEN'])
    await manager.remove('late')
    expect(manager.list()).toEqual([])
    expect(secrets.list()).toEqual([])
  })

  it('reconnects after an edit that only changes a secret value', async () => {
    const { manager } = started(({ configs }) =>
      configs.add({
        name: 'env',
        transport: 'stdio',
        ...fixture,
        env: { FIXTURE_VALUE: { value: 'first' } },
      }),
    )
    await manager.start()
    const read = async () =>
      JSON.stringify(await manager.connection('env').callTool('read_env', { name: 'FIXTURE_VALUE' }))
    expect(await read()).toContain('first')
    await manager.update('env', {
      name: 'env',
      transport: 'stdio',
      ...fixture,
      env: { FIXTURE_VALUE: { value: 'second' } },
    })
    expect(manager.get('env').status).toBe('connected')
    expect(await read()).toContain('second')
  })

  it('fails a server whose env names a missing secret, with a reason naming it', async () => {
    const { manager } = started(({ settings }) =>
      settings.update((draft) => {
        draft.servers.push({
          id: 'nokey',
          name: 'nokey',
          enabled: true,
          sampling: 'ask',
          transport: 'stdio',
          command: process.execPath,
          args: [],
          env: { API_KEY: { secret: 'missing-key' } },
        })
      }),
    )
    await manager.start()
    expect(manager.get('nokey').failure?.reason).toBe(
      'env API_KEY refers to the secret "missing-key", which is not in the secret store',
    )
  })

  it('fails a server that has spoken but never answers initialize after 10 s while the others are connected', async () => {
    const { manager, transitions } = started(({ configs }) => {
      // A blank line on stdout: the process is up (no longer starting), so the 10 s handshake budget applies.
      configs.add({
        ...nodeScript("process.stdout.write('\\n'); setInterval(() => {}, 1000)"),
        name: 'silent',
      })
      configs.add({ name: 'fast', transport: 'stdio', ...fixture })
    })
    const began = Date.now()
    await manager.start()
    const silent = manager.get('silent')
    expect(silent.status).toBe('failed')
    expect(silent.failure?.reason).toContain('within 10 s')
    expect(Date.now() - began).toBeGreaterThanOrEqual(9_990)
    const order = transitions.filter(([, status]) => status === 'connected' || status === 'failed')
    expect(order).toEqual([
      ['fast', 'connected'],
      ['silent', 'failed'],
    ])
  }, 30_000)
})

describe('secrets a server echoes', () => {
  it('are masked in its stderr tail, failure reason and the log', async () => {
    const ctx = setup()
    ctx.configs.add({
      name: 'leaky',
      transport: 'stdio',
      command: process.execPath,
      args: ['-e', 'process.stderr.write(`bad token ${process.env.LEAKY_TOKEN}\\n`); process.exit(2)'],
      env: { LEAKY_TOKEN: { value: 'tok-leaky-9913' } },
    })
    await ctx.manager.start()
    const state = ctx.manager.get('leaky')
    expect(state.failure?.reason).toBe('exited with code 2: bad token ***')
    expect(JSON.stringify(state) + ctx.log.join('\n')).not.toContain('tok-leaky-9913')
    await ctx.manager.shutdown()
  })
})

describe('servers without tools', () => {
  it('connect without being asked for a tool list they do not offer', async () => {
    const ctx = setup()
    const out = join(mkdtempSync(join(tmpdir(), 'trigger-')), 'answer.json')
    ctx.configs.add({
      name: 'promptsonly',
      transport: 'stdio',
      command: process.execPath,
      args: [SAMPLING_TRIGGER_SERVER, '--out', out],
    })
    await ctx.manager.start()
    expect(ctx.manager.get('promptsonly')).toMatchObject({ status: 'connected', tools: [] })
    await ctx.manager.shutdown()
  })
})
