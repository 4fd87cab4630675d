import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { quarantineFile } from '../../../../src/main/core/config/quarantine-file'

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-desk-quarantine-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('quarantineFile', () => {
  const now = new Date('2024-05-01T12:30:00.000Z')

  it('renames the file beside itself with a timestamp and keeps its bytes', () => {
    const file = path.join(dir, 'settings.json')
    fs.writeFileSync(file, '{broken')
    const moved = quarantineFile(file, now)
    expect(moved).toBe(`${file}.invalid-2024-05-01T12-30-00-000Z`)
    expect(fs.existsSync(file)).toBe(false)
    expect(fs.readFileSync(moved!, 'utf8')).toBe('{broken')
  })

  it('never overwrites an earlier quarantined file', () => {
    const file = path.join(dir, 'settings.json')
    fs.writeFileSync(file, 'first')
    const first = quarantineFile(file, now)
    fs.writeFileSync(file, 'second')
    const second = quarantineFile(file, now)
    fs.writeFileSync(file, 'third')
    const third = quarantineFile(file, now)
    expect(new Set([first, second, third]).size).toBe(3)
    expect(fs.readFileSync(first!, 'utf8')).toBe('first')
    expect(fs.readFileSync(second!, 'utf8')).toBe('second')
    expect(fs.readFileSync(third!, 'utf8')).toBe('third')
  })

  it('returns undefined when there is no file', () => {
    expect(quarantineFile(path.join(dir, 'missing.json'), now)).toBeUndefined()
  })
})
