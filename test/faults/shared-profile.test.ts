// Issue 19: settings.json is shared by the desktop app, web mode, every CLI command and the user's editor.
// Two real processes that each add 200 servers and store 200 secrets at the same time must leave all 400 of
// each: every update reads the file as it is now, under the file's lock, and replaces it atomically.
import { spawn, type ChildProcessByStdio } from 'node:child_process'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openNodeProfile } from '../../src/main/core/profile/open-node-profile'
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
    ['--import', 'tsx', supportScript('profile-write-loop.ts'), home, tag, String(count)],
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
  it('lose none of 2 x 200 concurrent settings updates and secret writes', async () => {
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
    const { secrets } = openNodeProfile(home)
    const names = new Set(secrets.list())
    const expectedSecrets = ['a', 'b'].flatMap((tag) =>
      Array.from({ length: 200 }, (_, i) => `${tag}.secret.${i}`),
    )
    expect(expectedSecrets.filter((name) => !names.has(name))).toEqual([])
    expect(secrets.get('b.secret.199')).toBe('value 199')
    // No lock or temp file is left behind.
    expect(readdirSync(home).sort()).toEqual(['secrets.json', 'secrets.key', 'settings.json'])
  })
})

describe('a writer that crashed holding the lock', () => {
  it('does not keep the next writer out: a lock whose process is gone is taken over', async () => {
    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', supportScript('hold-settings-lock.ts'), home],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    const holding = new Promise<void>((resolve) =>
      createInterface({ input: holder.stdout }).on('line', (line) => line === 'holding' && resolve()),
    )
    await holding
    expect(existsSync(join(home, 'settings.json.lock'))).toBe(true)
    const exited = new Promise((resolve) => holder.on('exit', resolve))
    holder.kill('SIGKILL')
    await exited
    const { settings } = openNodeProfile(home)
    settings.update((draft) => {
      draft.appearance.theme = 'dark'
    })
    expect(JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8'))).toMatchObject({
      appearance: { theme: 'dark' },
    })
    expect(existsSync(join(home, 'settings.json.lock'))).toBe(false)
  })

  it('takes over a lock left long ago even when its process id now belongs to a live process', () => {
    const lock = join(home, 'settings.json.lock')
    // Our own pid: alive, so only the lock's age can show that its writer is gone.
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), token: 'left-behind' }))
    const longAgo = new Date(Date.now() - 60_000)
    utimesSync(lock, longAgo, longAgo)
    const { settings } = openNodeProfile(home)
    expect(settings.get().appearance.theme).toBe('system')
    expect(existsSync(lock)).toBe(false)
  })
})
