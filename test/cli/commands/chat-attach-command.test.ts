// `mcp-desk chat --attach SERVER:URI`: the fixture server's readme (stdio) is read before anything is
// written and reaches the mock provider framed as data; a resource that cannot be read stops the command
// with its name, leaving no conversation and sending nothing.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chat, type ChatOptions } from '../../../src/cli/commands/chat-command'
import type { CliIo } from '../../../src/cli/cli-io'
import type { TranscriptRecord } from '../../../src/shared/chat/transcript-schema'
import { startMockOpenAI, type MockOpenAI } from '../../fixtures/mock-openai'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, fixtureServerCommand } from '../support/cli-harness'

let temp: TempHome
let home: string
let mock: MockOpenAI

beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-chat-attach-')
  home = path.join(temp.dir, 'home')
  mock = await startMockOpenAI()
  await expectExit(
    [
      ...['--home', home, 'providers', 'add', 'custom', '--id', 'mock', '--base-url', mock.url],
      ...['--api-key-stdin', '--model', 'mock-model'],
    ],
    0,
    { stdin: 'sk-mock-key\n' },
  )
  await expectExit(['--home', home, 'models', 'default', 'mock/mock-model'], 0)
  await expectExit(['--home', home, 'servers', 'add', 'Fixture', ...fixtureServerCommand()], 0)
})
afterAll(async () => {
  await mock.close()
  await temp.cleanup()
})

function io(output: { stdout: string; stderr: string }): CliIo {
  return {
    stdout: (s) => (output.stdout += s),
    stderr: (s) => (output.stderr += s),
    env: {},
    untilShutdown: () => new Promise<string>(() => {}),
  }
}

function options(attach: string[]): ChatOptions {
  return { message: 'Summarise it', attach, approveAll: false, confirmUnknown: false }
}

function transcriptFiles(): string[] {
  const dir = path.join(home, 'transcripts')
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

describe('mcp-desk chat --attach', () => {
  it('attaches the resource to the message the model gets, and records it', async () => {
    mock.enqueue({ kind: 'text', chunks: ['A readme.'] })
    const output = { stdout: '', stderr: '' }
    expect(await chat(home, options(['fixture:fixture://readme']), io(output))).toBe(0)
    expect(output.stdout).toBe('A readme.\n')
    const body = mock.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> }
    expect(body.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Summarise it' },
        { type: 'text', text: expect.stringContaining('\nThis is the readme of fixture-stdio.\n') },
      ],
    })
    const id = /Conversation: (\S+)\n/.exec(output.stderr)?.[1]
    const records = fs
      .readFileSync(path.join(home, 'transcripts', `${id}.jsonl`), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as TranscriptRecord)
    expect(records.find((record) => record.type === 'user')).toMatchObject({
      text: 'Summarise it',
      resources: [{ kind: 'text', serverId: 'fixture', uri: 'fixture://readme' }],
    })
  })

  it('stops with the resource named when it cannot be read, writing and sending nothing', async () => {
    const before = { files: transcriptFiles().length, requests: mock.requests.length }
    const output = { stdout: '', stderr: '' }
    await expect(chat(home, options(['Fixture:fixture://nothing']), io(output))).rejects.toThrow(
      /^could not attach fixture:\/\/nothing: server "Fixture" could not read fixture:\/\/nothing: .*nothing was sent$/,
    )
    expect(transcriptFiles()).toHaveLength(before.files)
    expect(mock.requests).toHaveLength(before.requests)
  })

  it.each([['readme'], ['fixture:readme'], [':fixture://readme']])(
    'refuses --attach %s before starting anything',
    async (value) => {
      await expect(chat(home, options([value]), io({ stdout: '', stderr: '' }))).rejects.toThrow(
        `invalid --attach "${value}": expected SERVER:URI`,
      )
    },
  )

  it('refuses an unknown server by name', async () => {
    await expect(
      chat(home, options(['nope:fixture://readme']), io({ stdout: '', stderr: '' })),
    ).rejects.toThrow('no server "nope" (configured ids: fixture)')
  })
})
