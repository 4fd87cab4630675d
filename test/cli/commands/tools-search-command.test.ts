// `mcp-desk tools search` over real servers: the stdio fixture and server-memory from npm, connected for the
// command; the ranking is the same index the model's mcp_tool_search uses.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit, fixtureServerCommand } from '../support/cli-harness'
import { npmServerBin } from '../support/npm-servers'

let temp: TempHome
let home: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-tools-search-')
  home = path.join(temp.dir, 'home')
  await expectExit(['--home', home, 'servers', 'add', 'Fixture', ...fixtureServerCommand()], 0)
  await expectExit(
    ['--home', home, 'servers', 'add', 'Memory', '--', process.execPath, npmServerBin('server-memory')],
    0,
  )
  await expectExit(['--home', home, 'servers', 'add', 'Broken', '--', 'sh', '-c', 'exit 3'], 0)
})
afterAll(() => temp.cleanup())

describe('mcp-desk tools search', () => {
  it('ranks the tools of every server best first and says which servers could not be searched', async () => {
    const { stdout, stderr } = await expectExit(['--home', home, 'tools', 'search', 'add two numbers'], 0)
    const lines = stdout.split('\n')
    expect(lines[0]).toMatch(/^\d+\.\d{3} {2}mcp_fixture_add {2}\(fixture\)$/)
    expect(lines[1]).toBe('       Adds two numbers')
    expect(stderr).toContain('Server "Broken" (broken) is not available')
  })

  it('--json gives the ranking that answered and name, server, tool, description and score, never a schema', async () => {
    const { stdout } = await expectExit(
      ['--home', home, 'tools', 'search', 'create relations between entities', '--limit', '3', '--json'],
      0,
    )
    const answer = JSON.parse(stdout) as { ranking: string; results: Array<Record<string, unknown>> }
    // The command waited for the tools' vectors, so words and meaning ranked together.
    expect(answer.ranking).toBe('fused')
    const { results } = answer
    expect(results.length).toBeLessThanOrEqual(3)
    expect(results[0]).toMatchObject({
      name: 'mcp_memory_create_relations',
      server: 'memory',
      tool: 'create_relations',
    })
    expect(Object.keys(results[0]!).sort()).toEqual(['description', 'name', 'score', 'server', 'tool'])
    expect(stdout).not.toContain('inputSchema')
  })

  it('waits for the vectors with a progress line on a cold cache, reads them from the cache afterwards', async () => {
    const coldHome = path.join(temp.dir, 'cold')
    await expectExit(['--home', coldHome, 'servers', 'add', 'Fixture', ...fixtureServerCommand()], 0)
    const cold = await expectExit(['--home', coldHome, 'tools', 'search', 'echo text', '--json'], 0)
    expect(cold.stderr).toMatch(/Search by meaning: (loading the embedding model|\d+ of \d+ tools embedded)/)
    expect((JSON.parse(cold.stdout) as { ranking: string }).ranking).toBe('fused')
    const warm = await expectExit(['--home', coldHome, 'tools', 'search', 'echo text', '--json'], 0)
    expect(warm.stderr).not.toMatch(/tools embedded/)
    expect((JSON.parse(warm.stdout) as { ranking: string }).ranking).toBe('fused')
  })

  it('--no-wait answers at once, by words while the model loads, and says so', async () => {
    const { stdout } = await expectExit(
      ['--home', home, 'tools', 'search', 'echo some text back', '--json', '--no-wait'],
      0,
    )
    const answer = JSON.parse(stdout) as { ranking: string; note?: string; results: Array<{ name: string }> }
    expect(answer.ranking).toBe('lexical')
    expect(answer.note).toMatch(/loading/)
    expect(answer.results[0]?.name).toBe('mcp_fixture_echo')
  })

  it('ranks by words alone when search by meaning is off in the settings', async () => {
    const offHome = path.join(temp.dir, 'off')
    await expectExit(['--home', offHome, 'servers', 'add', 'Fixture', ...fixtureServerCommand()], 0)
    const settingsFile = path.join(offHome, 'settings.json')
    const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as { tools?: Record<string, unknown> }
    settings.tools = { ...settings.tools, semantic: { enabled: false } }
    writeFileSync(settingsFile, JSON.stringify(settings))
    const { stdout, stderr } = await expectExit(['--home', offHome, 'tools', 'search', 'echo', '--json'], 0)
    expect((JSON.parse(stdout) as { ranking: string }).ranking).toBe('lexical')
    expect(stderr).not.toMatch(/Search by meaning:/)
  })

  it('--query-file answers each line with one JSON line, skipping blanks and comments', async () => {
    const file = path.join(temp.dir, 'queries.txt')
    writeFileSync(file, '# evaluation queries\necho some text back\n\nsearch the knowledge graph\n')
    const { stdout } = await expectExit(
      ['--home', home, 'tools', 'search', '--query-file', file, '--limit', '2'],
      0,
    )
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { query: string; ranking: string; results: Array<{ name: string }> })
    expect(answers.every((a) => a.ranking === 'fused')).toBe(true)
    expect(answers.map((a) => a.query)).toEqual(['echo some text back', 'search the knowledge graph'])
    expect(answers[0]!.results[0]!.name).toBe('mcp_fixture_echo')
    expect(answers[1]!.results.map((r) => r.name)).toContain('mcp_memory_search_nodes')
    expect(answers.every((a) => a.results.length <= 2)).toBe(true)
  })

  it('explains bad input with exit 2', async () => {
    expect((await expectExit(['--home', home, 'tools', 'search'], 2)).stderr).toContain(
      'tools search needs a query',
    )
    expect((await expectExit(['--home', home, 'tools', 'search', 'x', '--limit', '21'], 2)).stderr).toContain(
      '--limit must be a whole number from 1 to 20',
    )
    expect(
      (await expectExit(['--home', home, 'tools', 'search', '--query-file', '/nonexistent/q.txt'], 2)).stderr,
    ).toContain('cannot read --query-file /nonexistent/q.txt')
    expect(
      (await expectExit(['--home', home, 'tools', 'search', 'x', '--query-file', '/q.txt'], 2)).stderr,
    ).toContain('give either a query or --query-file, not both')
    expect((await expectExit(['--home', home, 'tools', 'search', 'a', 'b'], 2)).stderr).toContain(
      'unexpected argument "b"',
    )
  })
})
