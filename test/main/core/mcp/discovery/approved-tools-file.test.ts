// The approved tool definitions on disk: shared by every process of a profile, read fresh each time,
// changed per server and tool, and failing closed when the file cannot be read.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileApprovedToolsStore } from '../../../../../src/main/core/mcp/discovery/approved-tools-file'
import { fingerprintTool } from '../../../../../src/main/core/mcp/discovery/tool-fingerprint'
import { reviewTools } from '../../../../../src/main/core/mcp/discovery/tool-review'
import type { ToolInfo } from '../../../../../src/shared/mcp/server-state'

const run = promisify(execFile)
const LOOP = fileURLToPath(new URL('./support/approve-tools-loop.ts', import.meta.url))

let home: string
let file: string
let logs: string[]
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-desk-approved-'))
  file = path.join(home, 'approved-tools.json')
  logs = []
})
afterEach(() => fs.rmSync(home, { recursive: true, force: true }))

function tool(name: string, description = `The ${name} tool`): ToolInfo {
  return { name, exposedName: `mcp_s_${name}`, description, inputSchema: { type: 'object' } }
}

function open(): FileApprovedToolsStore {
  return new FileApprovedToolsStore(file, { log: (line) => logs.push(line) })
}

function namesOf(store: FileApprovedToolsStore, server: string): string[] | undefined {
  const tools = store.get(server).tools
  return tools ? [...tools.keys()].sort() : undefined
}

describe('FileApprovedToolsStore', () => {
  it('starts empty and trusting on first use, and keeps approvals for the next process', () => {
    expect(open().get('notes')).toEqual({ trustOnFirstUse: true, tools: undefined })
    expect(fs.existsSync(file)).toBe(false)
    open().apply(
      'notes',
      new Map([
        ['a', tool('a')],
        ['b', tool('b')],
      ]),
    )
    const later = open()
    expect(namesOf(later, 'notes')).toEqual(['a', 'b'])
    expect(later.get('notes').tools?.get('a')).toEqual(tool('a'))
    expect(later.get('other').tools).toBeUndefined()
  })

  it('changes only the named tools of the named server, re-reading what other processes wrote', () => {
    const app = open()
    const cli = open()
    app.apply(
      'notes',
      new Map([
        ['a', tool('a')],
        ['b', tool('b')],
      ]),
    )
    cli.apply(
      'notes',
      new Map([
        ['b', tool('b', 'accepted new text')],
        ['a', null],
      ]),
    )
    app.apply('mail', new Map([['send', tool('send')]]))
    expect(namesOf(app, 'notes')).toEqual(['b'])
    expect(app.get('notes').tools?.get('b')?.description).toBe('accepted new text')
    expect(namesOf(cli, 'mail')).toEqual(['send'])
    // An empty update still records the server, so its next listing is no longer a first use.
    cli.apply('empty', new Map())
    expect(app.get('empty').tools).toEqual(new Map())
  })

  it('forgets a removed server and leaves the others', () => {
    const store = open()
    store.apply('notes', new Map([['a', tool('a')]]))
    store.apply('mail', new Map([['send', tool('send')]]))
    store.forgetServer('notes')
    store.forgetServer('never-seen')
    expect(store.get('notes').tools).toBeUndefined()
    expect(namesOf(store, 'mail')).toEqual(['send'])
  })

  it('writes atomically: no temp or lock file is left behind', () => {
    open().apply('notes', new Map([['a', tool('a')]]))
    expect(fs.readdirSync(home)).toEqual(['approved-tools.json'])
    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as { servers: Record<string, unknown[]> }
    expect(onDisk.servers['notes']).toEqual([
      { fingerprint: fingerprintTool(tool('a')), definition: tool('a') },
    ])
  })

  it.each([
    ['a torn write', '{"version":1,"firstUse":"trust","servers":{"notes":[{"fingerp'],
    ['not this shape', '{"version":1,"servers":[]}'],
    ['empty', ''],
  ])('fails closed on %s: the file is kept aside and nothing is trusted until accepted', (_, text) => {
    fs.writeFileSync(file, text)
    const store = open()
    expect(store.get('notes')).toEqual({ trustOnFirstUse: false, tools: undefined })
    // The poisoned listing a server now serves is not taken as the baseline.
    expect(reviewTools(store.get('notes'), [tool('a', 'poisoned')])).toMatchObject({ approved: [] })
    const kept = fs.readdirSync(home).filter((name) => name.startsWith('approved-tools.json.invalid-'))
    expect(kept).toHaveLength(1)
    expect(fs.readFileSync(path.join(home, kept[0]!), 'utf8')).toBe(text)
    expect(logs.join('\n')).toMatch(/could not be read .*No tool definition is trusted until you accept it/s)
    // Later processes stay closed too, and what the user accepts is kept.
    open().apply('notes', new Map([['a', tool('a', 'poisoned')]]))
    expect(open().get('notes').trustOnFirstUse).toBe(false)
    expect(namesOf(open(), 'notes')).toEqual(['a'])
  })

  it('approves nothing for an entry whose fingerprint does not match its definition (a hand edit)', () => {
    open().apply(
      'notes',
      new Map([
        ['a', tool('a')],
        ['b', tool('b')],
      ]),
    )
    const edited = fs.readFileSync(file, 'utf8').replace('The a tool', 'Edited by hand')
    fs.writeFileSync(file, edited)
    expect(namesOf(open(), 'notes')).toEqual(['b'])
  })

  it('takes over a lock left by a process that no longer runs', () => {
    fs.writeFileSync(`${file}.lock`, '999999999')
    open().apply('notes', new Map([['a', tool('a')]]))
    expect(namesOf(open(), 'notes')).toEqual(['a'])
    expect(fs.existsSync(`${file}.lock`)).toBe(false)
  })

  it('loses no approval when two processes each approve 100 tools at the same time', async () => {
    const loop = (prefix: string) =>
      run(process.execPath, ['--import', 'tsx', LOOP, file, 'shared', prefix, '100'], { timeout: 120_000 })
    const results = await Promise.all([loop('app'), loop('cli')])
    expect(results.map((result) => result.stdout.trim())).toEqual(['done', 'done'])
    const names = namesOf(open(), 'shared') ?? []
    expect(names).toHaveLength(200)
    expect(fs.readdirSync(home)).toEqual(['approved-tools.json'])
  }, 150_000)
})
