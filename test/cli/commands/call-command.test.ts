import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ARGUMENTS_WARNING } from '../../../src/cli/commands/call-command'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, fixtureServerCommand, runMcpDesk } from '../support/cli-harness'

const RECORDING_SERVER = fileURLToPath(new URL('../support/recording-stdio-server.ts', import.meta.url))
const ENV_SECRET = 'secret-value-123'
const ECHO_ARGS = '{"text":"hello from the cli"}'

let temp: TempHome
let home: string
let messageLog: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-call-')
  home = path.join(temp.dir, 'home')
  messageLog = path.join(temp.dir, 'messages.jsonl')
  await expectExit(
    ['--home', home, 'servers', 'add', 'Recorder', '--', process.execPath, RECORDING_SERVER, messageLog],
    0,
  )
  await expectExit(
    ['--home', home, 'servers', 'add', 'Fixture', '--env', `TOKEN=${ENV_SECRET}`, ...fixtureServerCommand()],
    0,
  )
})
afterAll(() => temp.cleanup())
beforeEach(() => fs.rmSync(messageLog, { force: true }))

/** The JSON-RPC methods the recording server received during the test. */
function receivedMethods(): string[] {
  if (!fs.existsSync(messageLog)) return []
  return fs
    .readFileSync(messageLog, 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { method?: string }).method ?? '(response)')
}

function receivedCalls(): unknown[] {
  if (!fs.existsSync(messageLog)) return []
  return fs
    .readFileSync(messageLog, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { method?: string; params?: unknown })
    .filter((message) => message.method === 'tools/call')
    .map((message) => message.params)
}

function expectSummary(stderr: string): void {
  expect(stderr).toContain('Server: Recorder (recorder)\n')
  expect(stderr).toContain(`Destination: stdio: ${process.execPath} ${RECORDING_SERVER} ${messageLog}\n`)
  expect(stderr).toContain('Tool: echo (mcp_recorder_echo)\n')
  expect(stderr).toContain('Arguments:\n{\n  "text": "hello from the cli"\n}\n')
  expect(stderr).toContain(`${ARGUMENTS_WARNING}\n`)
}

describe('mcp-desk call --yes', () => {
  it('shows what is sent where, calls the tool and prints its text on stdout', async () => {
    const { stdout, stderr } = await expectExit(
      ['--home', home, 'call', 'recorder', 'echo', '--args', ECHO_ARGS, '--yes'],
      0,
    )
    expect(stdout).toBe('hello from the cli\n')
    expectSummary(stderr)
    expect(stderr).not.toContain('Approve?')
    expect(receivedCalls()).toEqual([
      expect.objectContaining({ name: 'echo', arguments: { text: 'hello from the cli' } }),
    ])
  })

  it('accepts the exposed mcp_… name', async () => {
    const { stdout } = await expectExit(
      ['--home', home, 'call', 'Recorder', 'mcp_recorder_add', '--args', '{"a":2,"b":3}', '--yes'],
      0,
    )
    expect(stdout).toBe('5\n')
  })

  it('hands the server its env value from the secret store (and nothing prints it but the tool)', async () => {
    const { stdout, stderr } = await expectExit(
      ['--home', home, 'call', 'fixture', 'read_env', '--args', '{"name":"TOKEN"}', '--yes'],
      0,
    )
    expect(JSON.parse(stdout)).toEqual({ name: 'TOKEN', value: ENV_SECRET })
    expect(stderr).not.toContain(ENV_SECRET)
  })

  it('prints a tool error result and exits 1', async () => {
    const { stdout, stderr } = await expectExit(
      ['--home', home, 'call', 'recorder', 'fail', '--args', '{"message":"nope"}', '--yes'],
      1,
    )
    expect(stdout).toBe('fixture failure: nope\n')
    expect(stderr).toContain('The tool reported an error')
  })

  it("names an unknown tool and lists the server's tools", async () => {
    const { stderr } = await expectExit(['--home', home, 'call', 'recorder', 'nosuch', '--yes'], 1)
    expect(stderr).toMatch(/server "Recorder" has no tool "nosuch"; its tools: .*echo/)
    expect(receivedCalls()).toEqual([])
  })
})

describe('mcp-desk call approval', () => {
  it('refuses without a terminal and without --yes, before starting the server', async () => {
    const { stderr } = await expectExit(['--home', home, 'call', 'recorder', 'echo', '--args', ECHO_ARGS], 1)
    expect(stderr).toContain(
      'nobody can approve it (stdin is not a terminal); pass --yes to approve the call',
    )
    expect(receivedMethods()).toEqual([])
  })

  it.each(['n', '', 'no', 'yes please'])(
    'denies on answer %j: the server receives no call',
    async (answer) => {
      const run = await expectExit(['--home', home, 'call', 'recorder', 'echo', '--args', ECHO_ARGS], 1, {
        terminalAnswers: [answer],
      })
      // The user saw the whole summary and the question before answering.
      expect(run.stderrAtEachPrompt).toHaveLength(1)
      expectSummary(run.stderrAtEachPrompt[0]!)
      expect(run.stderrAtEachPrompt[0]!.endsWith('Approve? [y/N] ')).toBe(true)
      expect(run.stderr).toContain('Not approved: nothing was sent to the server.')
      expect(run.stdout).toBe('')
      expect(receivedMethods()).toContain('initialize')
      expect(receivedMethods()).not.toContain('tools/call')
    },
  )

  it('denies when input ends before an answer', async () => {
    await expectExit(['--home', home, 'call', 'recorder', 'echo', '--args', ECHO_ARGS], 1, {
      terminalAnswers: [],
    })
    expect(receivedMethods()).not.toContain('tools/call')
  })

  it.each(['y', 'YES', ' Yes '])('calls on answer %j', async (answer) => {
    const run = await expectExit(['--home', home, 'call', 'recorder', 'echo', '--args', ECHO_ARGS], 0, {
      terminalAnswers: [answer],
    })
    expect(run.stdout).toBe('hello from the cli\n')
    expect(receivedCalls()).toHaveLength(1)
  })
})

describe('mcp-desk call: bad input', () => {
  it.each([
    [['--args', '{"text":'], '--args is not valid JSON'],
    [['--args', '[1,2]'], '--args must be a JSON object like \'{"text":"hi"}\', not an array'],
    [['--args', '"text"'], 'not a string'],
    [['--args', 'null'], 'not null'],
  ])('exits 2 for %j', async (options, message) => {
    const result = await runMcpDesk(['--home', home, 'call', 'recorder', 'echo', ...options, '--yes'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
    expect(receivedMethods()).toEqual([])
  })

  it('needs both a server and a tool', async () => {
    const result = await runMcpDesk(['--home', home, 'call', 'recorder'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('call needs <tool>')
  })

  it('names an unknown server', async () => {
    const { stderr } = await expectExit(['--home', home, 'call', 'ghost', 'echo', '--yes'], 1)
    expect(stderr).toContain('no server "ghost" (configured ids: recorder, fixture)')
  })
})
