import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_VERSION } from '../../../src/main/core/app-identity'

const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
  version: string
  devDependencies: Record<string, string>
}

describe('app identity and runtime', () => {
  it('reports the version package.json declares', () => {
    expect(APP_VERSION).toBe(manifest.version)
  })

  it('runs the tests on the Node that Electron 45 embeds (the pinned node@24), not the machine default', () => {
    const pinned = manifest.devDependencies.node
    expect(pinned).toMatch(/^24\./)
    expect(process.versions.node).toBe(pinned)
  })
})
