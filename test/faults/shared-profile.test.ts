// Issue 19: settings.json is shared by the desktop app, web mode, every CLI command and the user's editor.
// Two real processes that each add 200 servers at the same time must leave all 400 in the file: every
// update reads the file as it is now, under the profile's writer lock, and replaces it atomically.
import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { supportScript } from './support/kill-mid-write'

type Writer = ChildProcessByStdio<Writable, Readable, Readable>

let home: string
const writers: Writer[] = []
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'mcp-desk-shared-'))
})
afterEach(() => {
  for (const writer of writers.splice(0)) writer.kill('SIGKILL')
  rmSync(home, { recursive: true, force: true })
})

/** Starts a writer and resolves once it says `ready`; `finished` resolves when it has printed `done` and exited. */
function startWriter(tag: string, count: number): Promise<{ go(): void; finished: Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', supportScript('settings-add-loop.ts'), home, tag, String(count)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
  writers.push(child)
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => (stderr += chunk))
  const lines: string[] = []
  const finished = new Promise<void>((resolve, reject) => {
    child.on('close', (code) =>
      code === 0 && lines.includes('done')
        ? resolve()
        : reject(new Error(`writer ${tag} ended with code ${code}: ${stderr}`)),
    )
  })
  return new Promise((resolve, reject) => {
    finished.catch(reject)
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line)
      if (line === 'ready') resolve({ go: () => child.stdin.end('go\n'), finished })
    })
  })
}

describe('two processes writing one profile', () => {
  it('lose none of 2 x 200 concurrent updates', async () => {
    const [a, b] = await Promise.all([startWriter('a', 200), startWriter('b', 200)])
    a.go()
    b.go()
    await Promise.all([a.finished, b.finished])
    const onDisk = JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')) as {
      servers: Array<{ id: string }>
    }
    const ids = new Set(onDisk.servers.map((server) => server.id))
    const expected = ['a', 'b'].flatMap((tag) => Array.from({ length: 200 }, (_, i) => `${tag}-${i}`))
    expect(expected.filter((id) => !ids.has(id))).toEqual([])
    expect(onDisk.servers).toHaveLength(400)
  })
})
