import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { showResources } from '../../../src/cli/commands/resources-command'
import { resourceReadResultSchema } from '../../../src/shared/mcp/resources'
import { spawnCommandFor } from '../../support/spawn-command'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, fixtureServerCommand } from '../support/cli-harness'
import { runCommand } from './catalog-commands'

let temp: TempHome
let home: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-resources-')
  home = path.join(temp.dir, 'home')
  const everything = spawnCommandFor('server-everything')
  await expectExit(['--home', home, 'servers', 'add', 'Fixture', ...fixtureServerCommand()], 0)
  await expectExit(
    ['--home', home, 'servers', 'add', 'Everything', '--', everything.command, ...everything.args],
    0,
  )
  await expectExit(['--home', home, 'servers', 'add', 'Resting', '--disabled', '--', 'false'], 0)
})
afterAll(() => temp.cleanup())

const resources = (server: string, uri?: string, json = false) =>
  runCommand((io) => showResources(home, { server, uri, json }, io))

describe('mcp-desk resources <server>', () => {
  it('lists resources and templates with their names, types and descriptions', async () => {
    const { code, stdout } = await resources('fixture')
    expect(code).toBe(0)
    expect(stdout).toBe(
      [
        'Server "Fixture" (fixture): 1 resource, 0 templates',
        'Resources:',
        '  fixture://readme  Fixture readme (text/plain)',
        '      A small text resource',
        '',
      ].join('\n'),
    )
    const everything = (await resources('everything')).stdout.split('\n')
    expect(everything[0]).toBe('Server "Everything" (everything): 7 resources, 2 templates')
    expect(everything).toContain('Templates:')
    expect(everything).toContain(
      '  demo://resource/dynamic/text/{resourceId}  Dynamic Text Resource (text/plain)',
    )
  })

  it('--json prints resources and templates', async () => {
    const parsed = JSON.parse((await resources('everything', undefined, true)).stdout) as {
      resources: unknown[]
      templates: Array<{ variables: unknown }>
    }
    expect(parsed.resources).toHaveLength(7)
    expect(parsed.templates[0]?.variables).toEqual([{ name: 'resourceId', required: true }])
  })
})

describe('mcp-desk resources <server> <uri>', () => {
  it('prints a text resource as it is', async () => {
    const { code, stdout } = await resources('fixture', 'fixture://readme')
    expect(code).toBe(0)
    expect(stdout).toBe('This is the readme of fixture-stdio.\n')
  })

  it('prints binary content as its type and size, and its base64 with --json', async () => {
    const { stdout } = await resources('everything', 'demo://resource/dynamic/blob/4')
    expect(stdout).toMatch(
      /^\[binary demo:\/\/resource\/dynamic\/blob\/4: text\/plain, \d+ bytes; --json prints its base64\]\n$/,
    )
    const json = resourceReadResultSchema.parse(
      JSON.parse((await resources('everything', 'demo://resource/dynamic/blob/4', true)).stdout),
    )
    const [content] = json.contents
    expect(content?.kind === 'blob' && Buffer.from(content.data, 'base64').toString()).toMatch(
      /^Resource 4: /,
    )
  })

  it("reports the server's refusal", async () => {
    await expect(resources('fixture', 'fixture://missing')).rejects.toThrow(
      /^server "Fixture" could not read fixture:\/\/missing: /,
    )
  })

  it('leaves a disabled server alone and says how to enable it', async () => {
    await expect(resources('resting')).rejects.toThrow(
      'server "Resting" is disabled; enable it with: mcp-desk servers enable resting',
    )
  })
})
