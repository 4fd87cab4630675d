// The npm reference servers, end to end through `mcp-desk servers`: each added with the CLI, connected by
// the real transports (our stdio transport, Streamable HTTP), discovered and listed.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverStateSchema } from '../../src/shared/mcp/server-state'
import { spawnCommandFor } from '../support/spawn-command'
import { tempHome, type TempHome } from '../support/temp-home'
import { expectExit } from './support/cli-harness'
import { npmServerBin, startEverythingOverHttp, type RunningHttpServer } from './support/npm-servers'

let temp: TempHome
let home: string
let memoryFile: string
let everythingHttp: RunningHttpServer

beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-npm-')
  home = path.join(temp.dir, 'home')
  const shared = path.join(temp.dir, 'shared')
  fs.mkdirSync(shared)
  fs.writeFileSync(path.join(shared, 'hello.txt'), 'hello from the filesystem server\n')
  memoryFile = path.join(temp.dir, 'memory.jsonl')
  everythingHttp = await startEverythingOverHttp()

  const everything = spawnCommandFor('server-everything')
  const add = (argv: string[]) => expectExit(['--home', home, 'servers', 'add', ...argv], 0)
  await add(['ev-stdio', '--', everything.command, ...everything.args])
  await add(['ev-http', '--url', everythingHttp.url])
  await add(['fs', '--', process.execPath, npmServerBin('server-filesystem'), shared])
  await add([
    'memory',
    '--env',
    `MEMORY_FILE_PATH=${memoryFile}`,
    '--',
    process.execPath,
    npmServerBin('server-memory'),
  ])
}, 60_000)

afterAll(async () => {
  await everythingHttp?.stop()
  await temp?.cleanup()
})

describe('npm MCP servers through mcp-desk servers', () => {
  it('connects server-everything (stdio and Streamable HTTP), server-filesystem and server-memory', async () => {
    const { stdout } = await expectExit(['--home', home, 'servers', '--json', '--strict'], 0)
    const states = serverStateSchema.array().parse(JSON.parse(stdout))
    const summary = states.map((s) => ({
      id: s.id,
      transport: s.transport,
      status: s.status,
      reason: s.failure?.reason,
    }))
    expect(summary).toEqual([
      { id: 'ev-stdio', transport: 'stdio', status: 'connected', reason: undefined },
      { id: 'ev-http', transport: 'http', status: 'connected', reason: undefined },
      { id: 'fs', transport: 'stdio', status: 'connected', reason: undefined },
      { id: 'memory', transport: 'stdio', status: 'connected', reason: undefined },
    ])
    for (const state of states) expect(state.tools.length).toBeGreaterThan(0)
    expect(states.find((s) => s.id === 'fs')?.tools.map((t) => t.name)).toContain('read_text_file')
    expect(states.find((s) => s.id === 'memory')?.tools.map((t) => t.name)).toContain('create_entities')
  }, 60_000)

  it('shows them all connected in the table', async () => {
    const { stdout } = await expectExit(['--home', home, 'servers', '--strict'], 0)
    for (const [name, type] of [
      ['ev-stdio', 'stdio'],
      ['ev-http', 'http'],
      ['fs', 'stdio'],
      ['memory', 'stdio'],
    ]) {
      expect(stdout).toMatch(new RegExp(`^${name} +${type} +connected +2025-11-25 +[1-9]\\d*$`, 'm'))
    }
    expect(stdout).toContain('4 servers: 4 connected')
  }, 60_000)

  it('lists annotations and calls tools over both transports', async () => {
    const tools = await expectExit(['--home', home, 'servers', 'tools', 'ev-http'], 0)
    expect(tools.stdout).toContain("mcp_ev-http_echo  (server's name: echo)")
    expect(tools.stdout).toContain('annotations: readOnlyHint=true, destructiveHint=false')

    const echoed = await expectExit(
      ['--home', home, 'call', 'ev-http', 'echo', '--args', '{"message":"over http"}', '--yes'],
      0,
    )
    expect(echoed.stdout).toBe('Echo: over http\n')
    const image = await expectExit(['--home', home, 'call', 'ev-stdio', 'get-tiny-image', '--yes'], 0)
    expect(image.stdout).toMatch(/^\[image image\/png, \d+\.\d KiB\]$/m)
    const file = await expectExit(
      [
        '--home',
        home,
        'call',
        'fs',
        'read_text_file',
        '--args',
        JSON.stringify({ path: path.join(temp.dir, 'shared', 'hello.txt') }),
        '--yes',
      ],
      0,
    )
    expect(file.stdout).toContain('hello from the filesystem server')
  }, 60_000)

  it('gives server-memory its env var: the memory file appears where MEMORY_FILE_PATH says', async () => {
    const entities = { entities: [{ name: 'MCP Desk', entityType: 'app', observations: ['tested'] }] }
    await expectExit(
      ['--home', home, 'call', 'memory', 'create_entities', '--args', JSON.stringify(entities), '--yes'],
      0,
    )
    expect(fs.readFileSync(memoryFile, 'utf8')).toContain('MCP Desk')
  }, 60_000)
})
