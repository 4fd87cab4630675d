import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UsageError } from '../../../src/cli/cli-io'
import { parsePromptArguments, showPrompts } from '../../../src/cli/commands/prompts-command'
import { promptListSchema, promptResultSchema } from '../../../src/shared/mcp/prompts'
import { spawnCommandFor } from '../../support/spawn-command'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, fixtureServerCommand } from '../support/cli-harness'
import { runCommand } from './catalog-commands'

let temp: TempHome
let home: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-prompts-')
  home = path.join(temp.dir, 'home')
  const everything = spawnCommandFor('server-everything')
  await expectExit(['--home', home, 'servers', 'add', 'Fixture', ...fixtureServerCommand()], 0)
  await expectExit(
    ['--home', home, 'servers', 'add', 'Everything', '--', everything.command, ...everything.args],
    0,
  )
  await expectExit(
    ['--home', home, 'servers', 'add', 'Exits', '--', 'sh', '-c', 'echo no config >&2; exit 3'],
    0,
  )
})
afterAll(() => temp.cleanup())

const prompts = (server: string, name?: string, args: string[] = [], json = false) =>
  runCommand((io) => showPrompts(home, { server, name, args, json }, io))

describe('mcp-desk prompts <server>', () => {
  it('lists the prompts with their arguments', async () => {
    const { code, stdout } = await prompts('everything')
    expect(code).toBe(0)
    const lines = stdout.split('\n')
    expect(lines[0]).toBe('Server "Everything" (everything): 4 prompts')
    const args = lines.indexOf('args-prompt  (Arguments Prompt)')
    expect(lines.slice(args, args + 4)).toEqual([
      'args-prompt  (Arguments Prompt)',
      '    A prompt with two arguments, one required and one optional',
      '    --arg city=…  required: Name of the city',
      '    --arg state=…  optional',
    ])
  })

  it('--json prints the list as the prompts:list schema reads it', async () => {
    const { stdout } = await prompts('fixture', undefined, [], true)
    const list = promptListSchema.parse({ failures: [], ...JSON.parse(stdout) })
    expect(list.prompts).toEqual([
      {
        key: 'fixture:greet',
        serverId: 'fixture',
        serverName: 'Fixture',
        name: 'greet',
        description: 'Asks the model to greet someone',
        arguments: [{ name: 'name', required: true }],
        completions: false,
      },
    ])
  })
})

describe('mcp-desk prompts <server> <name>', () => {
  it('fills in a prompt with --arg and prints its messages under their roles', async () => {
    const { code, stdout } = await prompts('fixture', 'greet', ['name=Ada Lovelace'])
    expect(code).toBe(0)
    expect(stdout).toBe('[user]\nPlease greet Ada Lovelace warmly.\n')
  })

  it('shows an embedded blob as a line with its type and size, and --json carries its data', async () => {
    const { stdout } = await prompts('everything', 'resource-prompt', ['resourceType=Blob', 'resourceId=1'])
    const lines = stdout.split('\n')
    expect(lines[0]).toBe('[user]')
    expect(lines[2]).toBe('[user]')
    expect(lines[3]).toMatch(/^\[binary demo:\/\/resource\/dynamic\/blob\/1 text\/plain, \d+ bytes\]$/)
    const json = await prompts('everything', 'resource-prompt', ['resourceType=Text', 'resourceId=1'], true)
    const result = promptResultSchema.parse(JSON.parse(json.stdout))
    expect(result.messages[1]?.resource).toEqual({
      uri: 'demo://resource/dynamic/text/1',
      mimeType: 'text/plain',
    })
  })

  it('names a missing required argument', async () => {
    await expect(prompts('everything', 'args-prompt', ['state=Texas'])).rejects.toThrow(
      'prompt "args-prompt" needs the argument "city"',
    )
  })

  it('prints why the server failed and exits 1', async () => {
    const { code, stderr } = await prompts('exits')
    expect(code).toBe(1)
    expect(stderr).toContain('Server "Exits" (exits) failed: ')
    expect(stderr).toContain('no config')
  })
})

describe('--arg', () => {
  it('splits at the first =, and refuses a missing = or a name given twice', () => {
    expect(parsePromptArguments(['q=a=b', 'empty='])).toEqual({ q: 'a=b', empty: '' })
    expect(() => parsePromptArguments(['novalue'])).toThrow(
      new UsageError('--arg takes name=value, got "novalue"'),
    )
    expect(() => parsePromptArguments(['=x'])).toThrow(UsageError)
    expect(() => parsePromptArguments(['a=1', 'a=2'])).toThrow('--arg a is given twice')
  })

  it('needs a prompt name', () => {
    expect(() =>
      showPrompts(
        home,
        { server: 'fixture', name: undefined, args: ['a=1'], json: false },
        {
          stdout: () => {},
          stderr: () => {},
          env: {},
        },
      ),
    ).toThrow(UsageError)
  })
})
