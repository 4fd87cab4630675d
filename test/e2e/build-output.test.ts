import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const out = resolve(import.meta.dirname, '../../out')

/** The global setup ran `electron-vite build`, exactly as `npm run build` does. */
describe('npm run build output', () => {
  it('produces out/main (Electron entry and CLI), out/preload and out/renderer', () => {
    for (const file of ['main/index.js', 'main/cli.js', 'preload/index.cjs', 'renderer/index.html']) {
      expect(existsSync(resolve(out, file)), file).toBe(true)
    }
  })

  it('bundles the sandboxed preload into one CommonJS file that requires only electron', () => {
    const preload = readFileSync(resolve(out, 'preload/index.cjs'), 'utf8')
    const required = [...preload.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1])
    expect(new Set(required)).toEqual(new Set(['electron']))
    expect(preload).not.toMatch(/^\s*import\s/m)
  })
})
