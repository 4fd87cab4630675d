// `mcp-desk call` serving sampling/createMessage with the app's engine: the fixture server's `sample` tool asks
// the host to run a model; the model is the mock OpenAI-compatible provider, configured through the CLI.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPROVAL_QUESTION } from '../../../src/cli/sampling-prompt'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { SamplingAuditLog } from '../../../src/main/core/sampling/audit-log'
import { startMockOpenAI, type MockOpenAI, type RecordedRequest } from '../../fixtures/mock-openai'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, fixtureServerCommand } from '../support/cli-harness'

const SAMPLE_ARGS = JSON.stringify({ prompt: 'Say hello to the terminal', systemPrompt: 'You are terse.' })

let temp: TempHome
let home: string
let mock: MockOpenAI
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-call-sampling-')
  home = path.join(temp.dir, 'home')
  mock = await startMockOpenAI({ models: ['mock-model', 'mock-model-mini'] })
  await expectExit(
    [
      ...['--home', home, 'providers', 'add', 'custom', '--id', 'mock', '--base-url', mock.url],
      ...['--api-key-stdin', '--model', 'mock-model', '--model', 'mock-model-mini'],
    ],
    0,
    { stdin: 'sk-mock-key\n' },
  )
  await expectExit(['--home', home, 'models', 'default', 'mock/mock-model'], 0)
  // Sampling policy `ask` is the default for a new server.
  await expectExit(['--home', home, 'servers', 'add', 'Asker', ...fixtureServerCommand()], 0)
  await expectExit(
    ['--home', home, 'servers', 'add', 'Trusted', '--sampling', 'allow', ...fixtureServerCommand()],
    0,
  )
})
afterAll(async () => {
  await mock.close()
  await temp.cleanup()
})

/** Runs `body` and returns the chat requests the mock received meanwhile. */
async function chatRequestsDuring(body: () => Promise<void>): Promise<RecordedRequest[]> {
  const before = mock.requests.length
  await body()
  return mock.requests.slice(before).filter((request) => request.path === '/v1/chat/completions')
}

function requestedModel(request: RecordedRequest | undefined): unknown {
  return (request?.body as { model?: unknown } | undefined)?.model
}

function sampleCall(server: string): string[] {
  return ['--home', home, 'call', server, 'sample', '--args', SAMPLE_ARGS, '--yes']
}

function auditToday(): ReturnType<SamplingAuditLog['usageToday']> {
  return new SamplingAuditLog(openNodeProfile(home).paths.auditDir).usageToday('asker')
}

describe('mcp-desk call: sampling asked at the terminal', () => {
  it('shows the request, runs the chosen model on "y" and the tool returns its answer', async () => {
    mock.enqueue({ kind: 'text', chunks: ['Hello, ', 'terminal!'] })
    const requestsBefore = auditToday().requests
    let run!: Awaited<ReturnType<typeof expectExit>>
    const chat = await chatRequestsDuring(async () => {
      run = await expectExit(sampleCall('asker'), 0, { terminalAnswers: ['y'] })
    })

    expect(run.stdout).toBe('Hello, terminal!\n')
    expect(chat).toHaveLength(1)
    expect(requestedModel(chat[0])).toBe('mock-model')
    // Before answering, the user saw who asks, the model, the prompts and the question.
    expect(run.stderrAtEachPrompt).toHaveLength(1)
    const seen = run.stderrAtEachPrompt[0]!
    expect(seen).toMatch(/Asker \(stdio: .+\) wants to run a model\n/)
    expect(seen).toContain('  Model: mock/mock-model -- also eligible: mock/mock-model-mini\n')
    expect(seen).toContain('  Max tokens: 200\n')
    expect(seen).toContain('  System prompt (14 chars):\n    You are terse.\n')
    expect(seen).toContain('  Message 1 (user):\n    Say hello to the terminal\n')
    expect(seen).toMatch(/ {2}Estimated input: ~\d+ tokens/)
    expect(seen.endsWith(APPROVAL_QUESTION)).toBe(true)
    expect(run.stderr).toContain('Generating with mock/mock-model…')
    expect(auditToday().requests).toBe(requestsBefore + 1)
  })

  it('"n" refuses: the tool reports the -1 error and no model is called', async () => {
    let run!: Awaited<ReturnType<typeof expectExit>>
    const chat = await chatRequestsDuring(async () => {
      run = await expectExit(sampleCall('asker'), 1, { terminalAnswers: ['n'] })
    })
    expect(chat).toEqual([])
    expect(run.stdout).toMatch(/the user declined the request/)
    expect(run.stderr).toContain('Sampling request denied')
  })

  it('input ending before an answer refuses too', async () => {
    let run!: Awaited<ReturnType<typeof expectExit>>
    const chat = await chatRequestsDuring(async () => {
      run = await expectExit(sampleCall('asker'), 1, { terminalAnswers: [] })
    })
    expect(chat).toEqual([])
    expect(run.stdout).toMatch(/the user declined the request: no answer/)
  })

  it('"m" lists the eligible models and runs the one picked', async () => {
    mock.enqueue({ kind: 'text', chunks: ['from the mini model'] })
    let run!: Awaited<ReturnType<typeof expectExit>>
    const chat = await chatRequestsDuring(async () => {
      run = await expectExit(sampleCall('asker'), 0, { terminalAnswers: ['m', '7', '2'] })
    })
    expect(run.stdout).toBe('from the mini model\n')
    expect(chat).toHaveLength(1)
    expect(requestedModel(chat[0])).toBe('mock-model-mini')
    expect(run.stderrAtEachPrompt).toHaveLength(3)
    expect(run.stderrAtEachPrompt[1]).toMatch(
      /Eligible models:\n {2}1\. mock\/mock-model.*\(chosen\)\n {2}2\. mock\/mock-model-mini.*\nModel number \[1-2\]: $/,
    )
    expect(run.stderrAtEachPrompt[2]).toMatch(
      /"7" is not one of the numbers 1 to 2\.\nModel number \[1-2\]: $/,
    )
    expect(run.stderr).toContain('Generating with mock/mock-model-mini…')
  })
})

describe('mcp-desk call: reviewing the completion at the terminal', () => {
  function setReviewCompletion(on: boolean): void {
    openNodeProfile(home).settings.update((draft) => {
      draft.sampling.reviewCompletion = on
    })
  }

  it('shows the completion and returns it on "y", or refuses it on "n"', async () => {
    setReviewCompletion(true)
    try {
      mock.enqueue({ kind: 'text', chunks: ['reviewed ', 'text'] })
      const returned = await expectExit(sampleCall('asker'), 0, { terminalAnswers: ['y', 'y'] })
      expect(returned.stdout).toBe('reviewed text\n')
      expect(returned.stderrAtEachPrompt[1]).toMatch(
        /mock\/mock-model answered \(13 chars\):\n {4}reviewed text\nReturn this completion to the server\? \[y\/N\] $/,
      )

      mock.enqueue({ kind: 'text', chunks: ['secret plan'] })
      const refused = await expectExit(sampleCall('asker'), 1, { terminalAnswers: ['y', 'n'] })
      expect(refused.stdout).toMatch(/the user declined the request/)
      expect(refused.stdout).not.toContain('secret plan')
    } finally {
      setReviewCompletion(false)
    }
  })
})

describe('mcp-desk call: sampling without a terminal', () => {
  it('an ask server gets -1 "no one to ask"; the tool call itself still runs', async () => {
    let run!: Awaited<ReturnType<typeof expectExit>>
    const chat = await chatRequestsDuring(async () => {
      run = await expectExit(sampleCall('asker'), 1)
    })
    expect(chat).toEqual([])
    expect(run.stdout).toMatch(/sampling needs approval and no one is there to approve it/)
    expect(run.stderr).toContain('The tool reported an error')
    expect(run.stderr).not.toContain('Allow this sampling request?')
  })

  it('an allow server samples without a prompt', async () => {
    mock.enqueue({ kind: 'text', chunks: ['allowed ', 'answer'] })
    let run!: Awaited<ReturnType<typeof expectExit>>
    const chat = await chatRequestsDuring(async () => {
      run = await expectExit(sampleCall('trusted'), 0)
    })
    expect(run.stdout).toBe('allowed answer\n')
    expect(chat).toHaveLength(1)
    expect(requestedModel(chat[0])).toBe('mock-model')
    expect(run.stderr).not.toContain('wants to run a model')
  })
})
