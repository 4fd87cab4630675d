import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PROVIDER_PRESET_IDS } from '../../../src/shared/models/model-schema'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { startMockOpenAI, type MockOpenAI } from '../../fixtures/mock-openai'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, runMcpDesk, type CliRun } from '../support/cli-harness'

const API_KEY = 'sk-canary-provider-key-5150'
const HEADER_VALUE = 'org-canary-header-8642'

let temp: TempHome
let home: string
let mock: MockOpenAI
beforeEach(async () => {
  temp = await tempHome('mcp-desk-cli-providers-')
  home = path.join(temp.dir, 'home')
  mock = await startMockOpenAI({ models: ['mock-model', 'mock-vision'] })
})
afterEach(async () => {
  await mock.close()
  await temp.cleanup()
})

function settingsText(): string {
  return fs.readFileSync(path.join(home, 'settings.json'), 'utf8')
}

function providersInSettings(): Array<Record<string, unknown>> {
  return (JSON.parse(settingsText()) as { models: { providers: Array<Record<string, unknown>> } }).models
    .providers
}

function addMock(extra: string[] = []): Promise<CliRun> {
  return expectExit(
    [
      '--home',
      home,
      'providers',
      'add',
      'custom',
      '--id',
      'mock',
      '--name',
      'Mock',
      '--base-url',
      mock.url,
      '--api-key-stdin',
      ...extra,
    ],
    0,
    { stdin: `  ${API_KEY}  \n` },
  )
}

describe('mcp-desk providers add', () => {
  it('stores the key from stdin as a secret: settings.json and every output hold only its name', async () => {
    const added = await addMock(['--header', `X-Org: ${HEADER_VALUE}`])
    expect(added.stdout).toContain('Added provider "Mock" (custom) with id mock')
    expect(added.stdout).toContain(`base URL: ${mock.url}`)

    const [provider] = providersInSettings()
    const apiKeyRef = provider?.apiKey as { secret: string }
    expect(apiKeyRef).toEqual({ secret: expect.stringMatching(/^provider\.mock\./) })
    const headerRef = (provider?.headers as Record<string, { secret: string }>)['X-Org'] ?? { secret: '' }
    expect(headerRef).toEqual({ secret: expect.stringMatching(/^provider\.mock\./) })
    expect(added.stdout).toContain(apiKeyRef.secret)
    // Trimmed, and really in the store: discovery sends it.
    const secrets = openNodeProfile(home).secrets
    expect(secrets.get(apiKeyRef.secret)).toBe(API_KEY)
    expect(secrets.get(headerRef.secret)).toBe(HEADER_VALUE)

    const outputs = [added]
    for (const argv of [
      ['providers', 'list'],
      ['providers', 'list', '--json'],
      ['models', 'discover', 'mock'],
      ['models', 'discover', 'mock', '--json'],
      ['models', 'discover', 'mock', '--add'],
      ['models'],
      ['models', '--json'],
      ['models', 'default', 'mock/mock-model'],
      ['models', 'default', 'mock/absent'],
      ['config', 'show'],
      ['config', 'show', '--json'],
    ]) {
      outputs.push(await runMcpDesk(['--home', home, ...argv]))
    }
    const models = await mock.waitForRequest(1)
    expect(models.headers.authorization).toBe(`Bearer ${API_KEY}`)
    expect(models.headers['x-org']).toBe(HEADER_VALUE)

    for (const output of outputs) {
      for (const leak of [API_KEY, HEADER_VALUE]) expect(output.stdout + output.stderr).not.toContain(leak)
    }
    expect(settingsText()).not.toContain(API_KEY)
    expect(settingsText()).not.toContain(HEADER_VALUE)
  })

  it('asks for the key at a terminal, and keeps it out of every output', async () => {
    const run = await expectExit(['--home', home, 'providers', 'add', 'openrouter', '--api-key-stdin'], 0, {
      terminalAnswers: [API_KEY],
    })
    expect(run.stderrAtEachPrompt).toEqual(['API key (one line, then Enter): '])
    const apiKey = openNodeProfile(home).settings.get().models.providers[0]?.apiKey
    expect(openNodeProfile(home).secrets.get(apiKey?.secret ?? '')).toBe(API_KEY)
    expect(run.stdout + run.stderr).not.toContain(API_KEY)
  })

  it('saves --model ids with the preset default capabilities and prints them', async () => {
    const added = await expectExit(
      ['--home', home, 'providers', 'add', 'ollama', '--model', 'llama3.2', '--model', 'qwen2.5'],
      0,
    )
    expect(added.stdout).toContain('with id ollama')
    expect(added.stdout).toContain('models: llama3.2, qwen2.5')
    // Ollama needs no key: nothing to warn about.
    expect(added.stderr).toBe('')
    const [provider] = providersInSettings()
    expect(provider).toMatchObject({ id: 'ollama', preset: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1' })
    expect(provider?.apiKey).toBeUndefined()
    const models = provider?.models as Array<{ id: string; capabilities: Record<string, unknown> }>
    expect(models.map((model) => model.id)).toEqual(['llama3.2', 'qwen2.5'])
    for (const model of models) {
      expect(model.capabilities).toMatchObject({
        inputModalities: expect.any(Array),
        toolCalling: expect.any(Boolean),
      })
    }
  })

  it('notes a missing key for a preset that needs one, and takes --chunk-timeout-ms', async () => {
    const added = await expectExit(
      ['--home', home, 'providers', 'add', 'openai', '--chunk-timeout-ms', '0'],
      0,
    )
    expect(added.stdout).toContain('no models yet: `mcp-desk models discover openai --add`')
    expect(added.stderr).toContain('needs an API key and none was given (--api-key-stdin)')
    expect(providersInSettings()[0]).toMatchObject({ id: 'openai', chunkTimeoutMs: 0 })
  })

  it('gives a second provider from the same preset its own id', async () => {
    await expectExit(['--home', home, 'providers', 'add', 'lmstudio'], 0)
    const second = await expectExit(['--home', home, 'providers', 'add', 'lmstudio'], 0)
    expect(second.stdout).toContain('with id lmstudio-2')
  })

  it('rejects an unknown preset with exit 2 and the list of presets', async () => {
    const run = await runMcpDesk(['--home', home, 'providers', 'add', 'frobai'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`unknown preset "frobai"; presets: ${PROVIDER_PRESET_IDS.join(', ')}`)
    expect(run.stderr).toContain('Usage: mcp-desk')
    expect(fs.existsSync(path.join(home, 'settings.json'))).toBe(false)
  })

  it.each([
    [['--api-key-stdin'], '', '--api-key-stdin: stdin held no API key'],
    [['--api-key-stdin'], '   \nsecond line', '--api-key-stdin: stdin held no API key'],
    [['--chunk-timeout-ms', 'soon'], undefined, 'invalid --chunk-timeout-ms "soon"'],
    [['--header', 'no colon'], undefined, 'a --header has no ":"'],
    [['--model', 'a', '--model', 'a'], undefined, '--model a is given more than once'],
    [['--model', ''], undefined, 'invalid --model ""'],
    [['--id', 'Not An Id'], undefined, 'a provider id is 1-64 lowercase letters'],
    [['--base-url', 'ftp://example.test'], undefined, 'baseUrl'],
  ])('exits 2 for %j, naming the problem and storing nothing', async (extra, stdin, message) => {
    const run = await runMcpDesk(['--home', home, 'providers', 'add', 'openai', ...extra], {
      ...(stdin !== undefined ? { stdin } : {}),
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(message)
    expect(run.stdout).toBe('')
    expect(openNodeProfile(home).settings.get().models.providers).toEqual([])
  })

  it('needs --base-url for custom', async () => {
    const run = await runMcpDesk(['--home', home, 'providers', 'add', 'custom'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/base ?url/i)
  })

  it('never takes the key from the command line', async () => {
    const run = await runMcpDesk(['--home', home, 'providers', 'add', 'openai', '--api-key', API_KEY])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("Unknown option '--api-key'")
  })
})

describe('mcp-desk providers list', () => {
  it('shows id, name, preset, masked base URL, whether the key is stored, and the model count', async () => {
    await addMock(['--model', 'mock-model'])
    await expectExit(
      [
        '--home',
        home,
        'providers',
        'add',
        'custom',
        '--id',
        'proxy',
        '--base-url',
        'http://me:pw-9@127.0.0.1:9/v1?key=q-7',
      ],
      0,
    )
    const table = await expectExit(['--home', home, 'providers', 'list'], 0)
    const lines = table.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID +NAME +PRESET +KEY +MODELS +BASE URL$/)
    expect(lines[1]).toMatch(new RegExp(`^mock +Mock +custom +yes +1  ${mock.url.replace(/[.]/g, '\\.')}$`))
    expect(lines[2]).toMatch(
      /^proxy +Custom +custom +no +0 {2}http:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:9\/v1\?key=\*\*\*$/,
    )
    expect(table.stdout).not.toContain('pw-9')
    expect(table.stdout).not.toContain('q-7')

    const json = JSON.parse((await expectExit(['--home', home, 'providers', 'list', '--json'], 0)).stdout)
    expect(json).toMatchObject([
      {
        id: 'mock',
        apiKeyStored: true,
        apiKey: { secret: expect.any(String) },
        models: [{ id: 'mock-model' }],
      },
      { id: 'proxy', apiKeyStored: false, baseUrl: 'http://***:***@127.0.0.1:9/v1?key=***' },
    ])
  })

  it('says how to add one when none is configured', async () => {
    const run = await expectExit(['--home', home, 'providers', 'list'], 0)
    expect(run.stdout).toContain('No providers configured. Add one with: mcp-desk providers add <preset>')
    expect(JSON.parse((await expectExit(['--home', home, 'providers', 'list', '--json'], 0)).stdout)).toEqual(
      [],
    )
  })

  it('shows a key whose secret is gone as missing', async () => {
    await addMock()
    const [provider] = providersInSettings()
    openNodeProfile(home).secrets.delete((provider?.apiKey as { secret: string }).secret)
    const table = await expectExit(['--home', home, 'providers', 'list'], 0)
    expect(table.stdout.split('\n')[1]).toMatch(/^mock +Mock +custom +missing +0 /)
  })
})

describe('mcp-desk providers remove', () => {
  it('deletes the provider and the secrets it owns', async () => {
    await addMock(['--header', `X-Org: ${HEADER_VALUE}`, '--model', 'mock-model'])
    const secretsBefore = openNodeProfile(home).secrets.list()
    expect(secretsBefore.filter((name) => name.startsWith('provider.mock.'))).toHaveLength(2)

    const removed = await expectExit(['--home', home, 'providers', 'remove', 'mock'], 0)
    expect(removed.stdout).toContain('Removed provider "Mock" (mock)')
    expect(removed.stdout).toContain('deleted its secrets: provider.mock.')
    expect(providersInSettings()).toEqual([])
    expect(
      openNodeProfile(home)
        .secrets.list()
        .filter((name) => name.startsWith('provider.mock')),
    ).toEqual([])
  })

  it('names the configured ids when the id is unknown', async () => {
    await addMock()
    const run = await runMcpDesk(['--home', home, 'providers', 'remove', 'nope'])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('no provider "nope" (configured ids: mock)')
  })
})
