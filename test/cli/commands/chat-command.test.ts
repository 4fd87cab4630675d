// `mcp-desk chat` end to end: the real mock OpenAI-compatible provider scripts the model, the recording
// fixture server (stdio) proves what reached the server, and the transcripts under --home are read back
// from disk as the window would read them.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { chat, type ChatOptions } from '../../../src/cli/commands/chat-command'
import type { CliIo } from '../../../src/cli/cli-io'
import { TOOL_CALL_QUESTION } from '../../../src/cli/format/chat-tool-card'
import { runCli } from '../../../src/cli/run-cli'
import { UNKNOWN_OUTCOME_HOLD_MESSAGE } from '../../../src/main/core/chat/chat-service'
import { TOOL_CALL_ARGUMENTS_NOTE } from '../../../src/shared/chat/tool-call-card'
import type { TranscriptRecord } from '../../../src/shared/chat/transcript-schema'
import { startMockOpenAI, type MockOpenAI, type RecordedRequest } from '../../fixtures/mock-openai'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit } from '../support/cli-harness'

const RECORDING_SERVER = fileURLToPath(new URL('../support/recording-stdio-server.ts', import.meta.url))
const ECHO = 'mcp_recorder_echo'

let temp: TempHome
let home: string
let messageLog: string
let mock: MockOpenAI

async function addMockProvider(target: string, models = ['mock-model', 'mock-model-mini']): Promise<void> {
  await expectExit(
    [
      ...['--home', target, 'providers', 'add', 'custom', '--id', 'mock', '--base-url', mock.url],
      ...['--api-key-stdin', ...models.flatMap((model) => ['--model', model])],
    ],
    0,
    { stdin: 'sk-mock-key\n' },
  )
}

beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-chat-')
  home = path.join(temp.dir, 'home')
  messageLog = path.join(temp.dir, 'messages.jsonl')
  mock = await startMockOpenAI()
  await addMockProvider(home)
  await expectExit(['--home', home, 'models', 'default', 'mock/mock-model'], 0)
  await expectExit(
    ['--home', home, 'servers', 'add', 'Recorder', '--', process.execPath, RECORDING_SERVER, messageLog],
    0,
  )
  // A server that cannot start: chat reports it and goes on with the others.
  await expectExit(
    ['--home', home, 'servers', 'add', 'Broken', '--', process.execPath, '-e', 'process.exit(3)'],
    0,
  )
})
afterAll(async () => {
  await mock.close()
  await temp.cleanup()
})
beforeEach(() => fs.rmSync(messageLog, { force: true }))

interface ChatRun {
  code: number
  stdout: string
  stderr: string
  stdoutWrites: string[]
  /** What stderr held each time an answer was read. */
  stderrAtEachPrompt: string[]
}

interface RunOptions {
  /** A terminal answering the prompts with these lines in turn. */
  answers?: string[]
  /** A terminal whose answer never comes; called when the question is asked. */
  onPromptWithoutAnswer?: () => void
  untilShutdown?: () => Promise<string>
  onStdout?: (stdout: string) => void
}

function ioFor(options: RunOptions, run: ChatRun): CliIo {
  const answers = [...(options.answers ?? [])]
  const terminal = options.answers !== undefined || options.onPromptWithoutAnswer !== undefined
  return {
    stdout: (s) => {
      run.stdout += s
      run.stdoutWrites.push(s)
      options.onStdout?.(run.stdout)
    },
    stderr: (s) => (run.stderr += s),
    env: {},
    untilShutdown: options.untilShutdown ?? (() => new Promise<string>(() => {})),
    ...(terminal
      ? {
          stdinIsTty: true,
          readLine: () => {
            run.stderrAtEachPrompt.push(run.stderr)
            if (options.onPromptWithoutAnswer) {
              options.onPromptWithoutAnswer()
              return new Promise<string | null>(() => {})
            }
            return Promise.resolve(answers.shift() ?? null)
          },
        }
      : {}),
  }
}

function emptyRun(): ChatRun {
  return { code: -1, stdout: '', stderr: '', stdoutWrites: [], stderrAtEachPrompt: [] }
}

async function runChat(args: string[], options: RunOptions = {}, target = home): Promise<ChatRun> {
  const run = emptyRun()
  run.code = await runCli(['--home', target, 'chat', ...args], ioFor(options, run))
  return run
}

function conversationIdOf(run: ChatRun): string {
  const id = /Conversation: (\S+)\n/.exec(run.stderr)?.[1]
  if (!id) throw new Error(`no conversation id on stderr:\n${run.stderr}`)
  return id
}

function jsonLines<T>(file: string): T[] {
  if (!fs.existsSync(file)) return []
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n')
  return lines.map((line) => JSON.parse(line) as T)
}

function transcript(id: string): TranscriptRecord[] {
  return jsonLines(path.join(home, 'transcripts', `${id}.jsonl`))
}

function chatRequests(): RecordedRequest[] {
  return mock.requests.filter((request) => request.path === '/v1/chat/completions')
}

type ChatBody = { model: string; messages: Array<Record<string, unknown>> }

function bodyOf(request: RecordedRequest | undefined): ChatBody {
  return request?.body as ChatBody
}

function toolMessageOf(request: RecordedRequest | undefined): Record<string, unknown> | undefined {
  return bodyOf(request).messages.find((message) => message.role === 'tool')
}

/** The tools/call requests the recording server received. */
function receivedCalls(): Array<{ name: string; arguments: unknown }> {
  const messages = jsonLines<{ method?: string; params?: { name: string; arguments: unknown } }>(messageLog)
  return messages.flatMap((message) =>
    message.method === 'tools/call' && message.params ? [message.params] : [],
  )
}

/** The model calls echo once with `text`, then answers `answer`. */
function enqueueEcho(text: string, answer: string): void {
  mock.enqueue({ kind: 'tool_calls', calls: [echoCall('call_1', text)] }, { kind: 'text', chunks: [answer] })
}

function echoCall(id: string, text: string): { id: string; name: string; arguments: string } {
  return { id, name: ECHO, arguments: JSON.stringify({ text }) }
}

describe('mcp-desk chat: the answer', () => {
  it('streams the answer to stdout, records it in a new, titled conversation and reports a broken server', async () => {
    mock.enqueue({ kind: 'text', chunks: ['Hello', ', \u001b[31mterminal', '!'] })
    const message = `${'Please say hello to the terminal, and keep it short and friendly'}\nsecond line`
    const run = await runChat([message])
    expect(run.code).toBe(0)
    // Streamed piece by piece, with the model's escape sequences shown, not obeyed.
    expect(run.stdoutWrites).toEqual(['Hello', ', \\x1b[31mterminal', '!', '\n'])
    expect(run.stderr).toContain('Server "Broken" (broken) is not available')
    const id = conversationIdOf(run)
    const records = transcript(id)
    expect(records.map((record) => record.type)).toEqual(['meta', 'turn', 'user', 'assistant', 'turn'])
    expect(records[0]).toMatchObject({ type: 'meta', title: `${message.slice(0, 59)}…` })
    expect(records[2]).toMatchObject({ type: 'user', text: message })
    expect(records[3]).toMatchObject({ type: 'assistant', text: 'Hello, \u001b[31mterminal!' })
    expect(records[4]).toMatchObject({ type: 'turn', status: 'completed' })
    // No --model and none on the conversation: the settings' default.
    expect(bodyOf(chatRequests().at(-1)).model).toBe('mock-model')
  })

  it('a failed model request exits 1 and records the turn as an error', async () => {
    mock.enqueue({ kind: 'http_error', status: 500 })
    const run = await runChat(['Hi'])
    expect(run.code).toBe(1)
    // The provider's HTTP status and its own message, as a sampling server would get them.
    expect(run.stderr).toMatch(/mcp-desk: the provider of \S+\/mock-model failed \(HTTP 500\): /)
    expect(transcript(conversationIdOf(run)).at(-1)).toMatchObject({ type: 'turn', status: 'error' })
  })

  it('--conversation continues the same transcript, with the history sent to the model', async () => {
    mock.enqueue({ kind: 'text', chunks: ['Nice to meet you, Ada.'] })
    const first = await runChat(['My name is Ada'])
    const id = conversationIdOf(first)
    mock.enqueue({ kind: 'text', chunks: ['You are Ada.'] })
    const second = await runChat(['--conversation', id, 'What is my name?'])
    expect(second.code).toBe(0)
    expect(second.stdout).toBe('You are Ada.\n')
    expect(second.stderr).not.toContain('Conversation:')
    const messages = bodyOf(chatRequests().at(-1)).messages
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'My name is Ada'],
      ['assistant', 'Nice to meet you, Ada.'],
      ['user', 'What is my name?'],
    ])
    const users = transcript(id).filter((record) => record.type === 'user')
    expect(users.map((record) => record.text)).toEqual(['My name is Ada', 'What is my name?'])
  })

  it('--model sets the conversation model before the turn, and later turns keep it', async () => {
    mock.enqueue({ kind: 'text', chunks: ['small'] })
    const first = await runChat(['--model', 'mock/mock-model-mini', 'Which model?'])
    expect(first.code).toBe(0)
    expect(bodyOf(chatRequests().at(-1)).model).toBe('mock-model-mini')
    const id = conversationIdOf(first)
    mock.enqueue({ kind: 'text', chunks: ['still small'] })
    await runChat(['--conversation', id, 'And now?'])
    expect(bodyOf(chatRequests().at(-1)).model).toBe('mock-model-mini')
    mock.enqueue({ kind: 'text', chunks: ['big'] })
    await runChat(['--conversation', id, '--model', 'mock/mock-model', 'Switch'])
    expect(bodyOf(chatRequests().at(-1)).model).toBe('mock-model')
    const metas = transcript(id).filter((record) => record.type === 'meta')
    expect(metas.map((record) => record.model)).toEqual(['mock/mock-model-mini', 'mock/mock-model'])
  })

  it('an unknown --model, no model at all or an unknown conversation is a clear error; nothing is sent', async () => {
    const before = chatRequests().length
    const unknown = await runChat(['--model', 'mock/nope', 'Hi'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('cannot use --model: provider "mock" has no model "nope"')
    expect(unknown.stderr).toContain('configured: mock/mock-model, mock/mock-model-mini')

    const bare = path.join(temp.dir, 'bare')
    // A provider without models: the first model added would have become the default.
    await addMockProvider(bare, [])
    const none = await runChat(['Hi'], {}, bare)
    expect(none.code).toBe(1)
    expect(none.stderr).toContain(
      'no model to chat with: pass --model <provider/model>, or set a default with',
    )
    const missing = await runChat(['--conversation', '01JZZZZZZZZZZZZZZZZZZZZZZZ', 'hi'])
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('no conversation 01JZZZZ') })
    const transcripts = path.join(bare, 'transcripts')
    expect(fs.existsSync(transcripts) ? fs.readdirSync(transcripts) : []).toEqual([])
    expect(chatRequests()).toHaveLength(before)
  })
})

describe('mcp-desk chat: tool calls', () => {
  it('--yes shows the card, sends the call once and prints completed', async () => {
    enqueueEcho('hi from chat', 'Echoed.')
    const run = await runChat(['--yes', 'Echo something'])
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('Echoed.\n')
    expect(receivedCalls()).toEqual([{ name: 'echo', arguments: { text: 'hi from chat' } }])
    expect(run.stderr).toContain('Server: Recorder (recorder)\n')
    expect(run.stderr).toContain(
      `Destination: stdio: ${process.execPath} ${RECORDING_SERVER} ${messageLog}\n`,
    )
    expect(run.stderr).toContain(`Tool: echo (${ECHO})\n`)
    expect(run.stderr).toContain('Arguments:\n{\n  "text": "hi from chat"\n}\n')
    expect(run.stderr).toContain(`${TOOL_CALL_ARGUMENTS_NOTE}\n`)
    expect(run.stderr).toContain(`[completed] ${ECHO}: hi from chat\n`)
    expect(run.stderr).not.toContain('Approve?')
    const results = transcript(conversationIdOf(run)).filter((record) => record.type === 'tool_result')
    expect(results).toEqual([expect.objectContaining({ state: 'completed', text: 'hi from chat' })])
    expect(toolMessageOf(chatRequests().at(-1))).toMatchObject({
      tool_call_id: 'call_1',
      content: 'hi from chat',
    })
  })

  it('without a terminal and without --yes the call is denied: nothing is sent and the model is told', async () => {
    enqueueEcho('secret', 'OK, not sent.')
    const run = await runChat(['Echo something'])
    expect(run.code).toBe(0)
    expect(receivedCalls()).toEqual([])
    expect(run.stderr).toContain('Denied: nobody can approve it (stdin is not a terminal')
    expect(run.stderr).toContain(
      `[denied] ${ECHO}: The user denied this tool call; nothing was sent to the server.`,
    )
    const results = transcript(conversationIdOf(run)).filter((record) => record.type === 'tool_result')
    expect(results).toEqual([expect.objectContaining({ state: 'denied' })])
    expect(String(toolMessageOf(chatRequests().at(-1))?.content)).toContain('[denied]')
  })

  it('on a terminal, y approves after the card was shown and n denies', async () => {
    enqueueEcho('yes please', 'Done.')
    const approved = await runChat(['Echo'], { answers: ['y'] })
    expect(approved.code).toBe(0)
    expect(receivedCalls()).toEqual([{ name: 'echo', arguments: { text: 'yes please' } }])
    expect(approved.stderrAtEachPrompt[0]).toContain('Arguments:\n{\n  "text": "yes please"\n}\n')
    expect(approved.stderrAtEachPrompt[0]?.endsWith(TOOL_CALL_QUESTION)).toBe(true)
    expect(approved.stderr).toContain(`[completed] ${ECHO}: yes please`)

    fs.rmSync(messageLog, { force: true })
    enqueueEcho('no thanks', 'Fine.')
    const denied = await runChat(['Echo'], { answers: ['n'] })
    expect(denied.code).toBe(0)
    expect(receivedCalls()).toEqual([])
    expect(denied.stderr).toContain(`[denied] ${ECHO}`)
  })

  it('c approves the tool for the conversation: the second call of the turn is not asked about', async () => {
    mock.enqueue(
      { kind: 'tool_calls', calls: [echoCall('call_1', 'one'), echoCall('call_2', 'two')] },
      { kind: 'text', chunks: ['Both.'] },
    )
    const run = await runChat(['Echo twice'], { answers: ['c'] })
    expect(run.code).toBe(0)
    expect(run.stderrAtEachPrompt).toHaveLength(1)
    expect(receivedCalls().map((call) => call.arguments)).toEqual([{ text: 'one' }, { text: 'two' }])
    expect(run.stderr).toContain(`[completed] ${ECHO}: two`)
  })

  it('an unknown outcome holds the next message until --confirm-unknown', async () => {
    const slow = { id: 'call_slow', name: 'mcp_recorder_slow', arguments: '{"ms":60000}' }
    mock.enqueue({ kind: 'tool_calls', calls: [slow] }, { kind: 'text', chunks: ['It may have run.'] })
    // The timeout is the command's test-only option: the call is unanswered after 0.5 s instead of 30 s.
    const options: ChatOptions = { message: 'Run the slow tool', approveAll: true, confirmUnknown: false }
    const run = emptyRun()
    run.code = await chat(home, { ...options, toolCallTimeoutMs: 500 }, ioFor({}, run))
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('[unknown] mcp_recorder_slow: Outcome unknown (no answer within')
    expect(run.stderr).toContain('the server may have acted; do not retry automatically')
    expect(run.stderr).toContain('The next message in this conversation needs --confirm-unknown')
    expect(receivedCalls().map((call) => call.name)).toEqual(['slow'])
    const id = conversationIdOf(run)
    const recorded = transcript(id).length
    const requests = chatRequests().length

    const held = await runChat(['--conversation', id, 'Did it run?'])
    expect(held.code).toBe(1)
    expect(held.stderr).toContain(UNKNOWN_OUTCOME_HOLD_MESSAGE)
    expect(held.stderr).toContain('pass --confirm-unknown to send this message')
    expect(transcript(id)).toHaveLength(recorded)
    expect(chatRequests()).toHaveLength(requests)

    mock.enqueue({ kind: 'text', chunks: ['Noted.'] })
    const confirmed = await runChat(['--conversation', id, '--confirm-unknown', 'It ran, go on'])
    expect(confirmed.code).toBe(0)
    expect(confirmed.stdout).toBe('Noted.\n')
    expect(receivedCalls().map((call) => call.name)).toEqual(['slow'])
  })
})

describe('mcp-desk chat: Ctrl+C', () => {
  it('stops a streaming answer, records the cancellation and exits 130', async () => {
    mock.enqueue({ kind: 'stall', afterChunks: ['Thinking'] })
    const disconnects = mock.disconnects.length
    let streamed!: () => void
    const interrupted = new Promise<string>((resolve) => (streamed = () => resolve('SIGINT')))
    const run = await runChat(['Take your time'], {
      onStdout: (stdout) => {
        if (stdout.includes('Thinking')) streamed()
      },
      untilShutdown: () => interrupted,
    })
    expect(run.code).toBe(130)
    await mock.waitForDisconnect(disconnects + 1)
    const records = transcript(conversationIdOf(run))
    expect(records.at(-2)).toMatchObject({ type: 'assistant', text: 'Thinking' })
    expect(records.at(-1)).toMatchObject({ type: 'turn', status: 'cancelled' })
  })

  it('stops at the approval prompt: nothing is sent', async () => {
    mock.enqueue({ kind: 'tool_calls', calls: [echoCall('call_1', 'never')] })
    let prompted!: () => void
    const interrupted = new Promise<string>((resolve) => (prompted = () => resolve('SIGINT')))
    const run = await runChat(['Echo'], {
      onPromptWithoutAnswer: () => prompted(),
      untilShutdown: () => interrupted,
    })
    expect(run.code).toBe(130)
    expect(receivedCalls()).toEqual([])
    const records = transcript(conversationIdOf(run))
    expect(records.map((record) => record.type).slice(-2)).toEqual(['tool_call', 'turn'])
    expect(records.at(-1)).toMatchObject({ type: 'turn', status: 'cancelled' })
  })
})

describe('mcp-desk chat: usage', () => {
  it.each([
    [['chat'], 'chat needs <message>'],
    [['chat', '  '], 'chat needs a message'],
    [['chat', '--model', 'mock/a', '--model', 'mock/b', 'hi'], 'chat takes one --model'],
    [['chat', '--conversation', '../x', 'hi'], 'invalid --conversation "../x"'],
    [['chat', 'hi', 'there'], 'unexpected argument "there" for chat'],
    [['chat', '--args', '{}', 'hi'], 'option --args does not apply to chat'],
  ])('exits 2 for %j', async (argv, message) => {
    const run = emptyRun()
    const code = await runCli(['--home', home, ...argv], ioFor({}, run))
    expect(code).toBe(2)
    expect(run.stderr).toContain(message)
  })
})
