import path from 'node:path'
import { beforeAll, afterAll, describe, expect, it } from 'vitest'
import { serverStateSchema, type ServerState } from '../../../src/shared/mcp/server-state'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, fixtureServerCommand, runMcpDesk } from '../support/cli-harness'

const ENV_SECRET = 'secret-value-123'
/** echo, add, fail, read_env, slow, sample and crash (test/fixtures/mcp-servers/fixture-server.ts). */
const FIXTURE_TOOL_COUNT = 7

// One profile for the whole file: each `servers` run starts (and stops) every server again.
let temp: TempHome
let home: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-list-')
  home = path.join(temp.dir, 'home')
  await expectExit(
    ['--home', home, 'servers', 'add', 'Fixture', '--env', `TOKEN=${ENV_SECRET}`, ...fixtureServerCommand()],
    0,
  )
  await expectExit(['--home', home, 'servers', 'add', 'Broken', '--', 'false'], 0)
  // Reads initialize, then dies with a long message: a failure whose reason is known in advance.
  const message = `config file missing: ${'/very/long/path'.repeat(6)}`
  await expectExit(
    ['--home', home, 'servers', 'add', 'Exits', '--', 'sh', '-c', `read line; echo '${message}' >&2; exit 3`],
    0,
  )
  await expectExit(['--home', home, 'servers', 'add', 'Resting', '--disabled', ...fixtureServerCommand()], 0)
})
afterAll(() => temp.cleanup())

function statesOf(stdout: string): ServerState[] {
  return serverStateSchema.array().parse(JSON.parse(stdout))
}

describe('mcp-desk servers', () => {
  it('--json: connects every enabled server and prints each state, with no secret in it', async () => {
    const { stdout, stderr } = await expectExit(['--home', home, 'servers', '--json'], 0)
    expect(stdout + stderr).not.toContain(ENV_SECRET)
    const states = statesOf(stdout)
    expect(states.map((state) => [state.id, state.transport, state.status])).toEqual([
      ['fixture', 'stdio', 'connected'],
      ['broken', 'stdio', 'failed'],
      ['exits', 'stdio', 'failed'],
      ['resting', 'stdio', 'disabled'],
    ])
    const [fixture, broken] = states
    expect(fixture?.tools).toHaveLength(FIXTURE_TOOL_COUNT)
    expect(fixture?.tools.map((tool) => tool.name)).toContain('echo')
    expect(fixture?.destination).toBe(`stdio: ${process.execPath} ${fixtureServerCommand()[2]}`)
    expect(broken?.failure?.reason).toBeTruthy()
  })

  it('prints an aligned table within 80 columns: name, type, status, tools, reason', async () => {
    const { stdout } = await expectExit(['--home', home, 'servers'], 0)
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^NAME +TYPE +STATUS +PROTOCOL +TOOLS +REASON$/)
    expect(lines[1]).toMatch(new RegExp(`^Fixture +stdio +connected +2025-11-25 +${FIXTURE_TOOL_COUNT}$`))
    expect(lines[2]).toMatch(/^Broken +stdio +failed +- +- +\S/)
    // The reason's first line, cut to fit: the stderr line that follows it is left for `servers tools`.
    expect(lines[3]).toMatch(/^Exits +stdio +failed +- +- +exited with code 3\b.*…$/)
    expect(lines[4]).toMatch(/^Resting +stdio +disabled +- +-$/)
    expect(lines[5]).toBe('4 servers: 1 connected, 2 failed, 1 disabled')
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80)
    // Every column starts at the same offset in every row.
    const typeColumn = lines[0]!.indexOf('TYPE')
    for (const line of lines.slice(1, 5)) expect(line.indexOf('stdio')).toBe(typeColumn)
    expect(stdout).not.toContain(ENV_SECRET)
  })

  it('--strict exits 1 when a server failed', async () => {
    const { stdout } = await expectExit(['--home', home, 'servers', '--strict'], 1)
    expect(stdout).toContain('failed')
  })
})

describe('mcp-desk servers with nothing configured', () => {
  it('says how to add one, and exits 0 even with --strict', async () => {
    const empty = path.join(temp.dir, 'empty')
    expect((await expectExit(['--home', empty, 'servers', '--strict'], 0)).stdout).toContain(
      'No servers configured',
    )
    expect(JSON.parse((await expectExit(['--home', empty, 'servers', '--json'], 0)).stdout)).toEqual([])
  })
})

describe('mcp-desk servers: options', () => {
  it.each([
    [['servers', '--yes'], 'option --yes does not apply to servers'],
    [['servers', 'frob'], 'unknown servers subcommand "frob"'],
  ])('exits 2 for %j', async (argv, message) => {
    const result = await runMcpDesk(['--home', home, ...argv])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
  })
})
