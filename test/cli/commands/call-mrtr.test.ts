// `mcp-desk call` on a 2026-07-28 server that asks for input inside its tool results (MRTR): the terminal
// prompts exactly as for a 2025 server's requests, and says which tool asked and in which round. The server
// is test/fixtures/mcp-servers/mrtr-server.ts over stdio; the model is the mock OpenAI-compatible provider.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORM_QUESTION } from '../../../src/cli/elicitation-prompt'
import { APPROVAL_QUESTION } from '../../../src/cli/sampling-prompt'
import { startMockOpenAI, type MockOpenAI } from '../../fixtures/mock-openai'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit } from '../support/cli-harness'

const MRTR_SERVER = fileURLToPath(new URL('../../fixtures/mcp-servers/mrtr-server.ts', import.meta.url))

let temp: TempHome
let home: string
let mock: MockOpenAI
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-call-mrtr-')
  home = path.join(temp.dir, 'home')
  mock = await startMockOpenAI({ models: ['mock-model'] })
  await expectExit(
    [
      ...['--home', home, 'providers', 'add', 'custom', '--id', 'mock', '--base-url', mock.url],
      ...['--api-key-stdin', '--model', 'mock-model'],
    ],
    0,
    { stdin: 'sk-mock-key\n' },
  )
  await expectExit(['--home', home, 'models', 'default', 'mock/mock-model'], 0)
  await expectExit(['--home', home, 'servers', 'add', 'Notes', '--', process.execPath, MRTR_SERVER], 0)
})
afterAll(async () => {
  await mock.close()
  await temp.cleanup()
})

function call(tool: string, args: Record<string, unknown>): string[] {
  return ['--home', home, 'call', 'notes', tool, '--args', JSON.stringify(args), '--yes']
}

describe('mcp-desk call: input asked inside a 2026-07-28 tool result', () => {
  it('speaks 2026-07-28 to the server', async () => {
    const { stdout } = await expectExit(['--home', home, 'servers', '--json'], 0)
    const [notes] = JSON.parse(stdout) as Array<{ protocolVersion?: string }>
    expect(notes?.protocolVersion).toBe('2026-07-28')
  })

  it('asks at the terminal before running the model, names the tool and round, and prints the answer', async () => {
    mock.enqueue({ kind: 'text', chunks: ['A short ', 'summary.'] })
    const run = await expectExit(call('summarize', { text: 'A long text.' }), 0, { terminalAnswers: ['y'] })
    expect(run.stdout).toBe('summary: A short summary.\n')
    expect(run.stderrAtEachPrompt).toHaveLength(1)
    const seen = run.stderrAtEachPrompt[0]!
    expect(seen).toMatch(
      /Notes \(stdio: .+\) wants to run a model\n {2}Asked inside tool “summarize”, round 1\n/,
    )
    expect(seen).toContain('    Summarize: A long text.\n')
    expect(seen.endsWith(APPROVAL_QUESTION)).toBe(true)
  })

  it('"n" refuses the completion: the tool call fails and no model is called', async () => {
    const before = mock.requests.length
    const run = await expectExit(call('summarize', { text: 'A long text.' }), 1, { terminalAnswers: ['n'] })
    expect(mock.requests.length).toBe(before)
    expect(run.stderr).toContain(
      'Sampling request denied: nothing was sent to a model; the tool call ends with the refusal.\n',
    )
    expect(run.stderr).toContain('mcp-desk: the user declined the request')
  })

  it('fills in a form asked inside the result and the server receives the answer', async () => {
    const run = await expectExit(call('confirm', { question: 'Ship it?' }), 0, {
      terminalAnswers: ['y', 'y'],
    })
    expect(run.stdout).toBe('accept {"ok":true}\n')
    const seen = run.stderrAtEachPrompt[0]!
    expect(seen).toMatch(
      /Notes \(stdio: .+\) asks you for information:\n {2}Asked inside tool “confirm”, round 1\n/,
    )
    expect(seen).toContain('Ship it?')
    expect(seen.endsWith(FORM_QUESTION)).toBe(true)
  })
})
