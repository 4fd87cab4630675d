import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, fixtureServerCommand } from '../support/cli-harness'

let temp: TempHome
let home: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-dispatch-')
  home = path.join(temp.dir, 'home')
  await expectExit(['--home', home, 'servers', 'add', 'Fixture', ...fixtureServerCommand()], 0)
})
afterAll(() => temp.cleanup())

it('dispatches prompts and resources', async () => {
  expect(
    (await expectExit(['--home', home, 'prompts', 'fixture', 'greet', '--arg', 'name=Ada'], 0)).stdout,
  ).toBe('[user]\nPlease greet Ada warmly.\n')
  expect((await expectExit(['--home', home, 'prompts', 'fixture'], 0)).stdout).toContain('greet')
  expect((await expectExit(['--home', home, 'resources', 'fixture', 'fixture://readme'], 0)).stdout).toBe(
    'This is the readme of fixture-stdio.\n',
  )
  expect((await expectExit(['--home', home, 'prompts', 'fixture', 'greet'], 1)).stderr).toBe(
    'mcp-desk: prompt "greet" needs the argument "name"\n',
  )
  expect((await expectExit(['--home', home, 'prompts', 'fixture', '--arg', 'a=1'], 2)).stderr).toContain(
    'mcp-desk: --arg needs a prompt name',
  )
  expect((await expectExit(['--home', home, 'resources', 'fixture', 'x', 'y'], 2)).stderr).toContain(
    'unexpected argument "y" for resources',
  )
})
