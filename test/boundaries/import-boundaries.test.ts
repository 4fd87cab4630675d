import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findBoundaryViolations, projectRules } from './import-graph'

const repoRoot = resolve(import.meta.dirname, '../..')

describe('import boundaries', () => {
  const temps: string[] = []
  afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'boundaries-'))
    temps.push(root)
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    return root
  }

  it('the real source tree obeys every rule', () => {
    expect(findBoundaryViolations(repoRoot, projectRules)).toEqual([])
  })

  it('fails when a core file imports electron directly', () => {
    const root = tree({ 'src/main/core/leak.ts': "import { app } from 'electron'\nexport const a = app\n" })
    const found = findBoundaryViolations(root, projectRules)
    expect(found).toEqual([
      {
        rule: 'core and shared never import electron',
        chain: ['src/main/core/leak.ts'],
        specifier: 'electron',
      },
    ])
  })

  it('fails when core reaches electron through a relative import chain, and names the chain', () => {
    const root = tree({
      'src/main/core/service.ts': "export * from '../electron/window'\n",
      'src/main/electron/window.ts':
        "const { BrowserWindow } = require('electron')\nexport { BrowserWindow }\n",
    })
    const [violation] = findBoundaryViolations(root, projectRules)
    expect(violation?.chain).toEqual(['src/main/core/service.ts', 'src/main/electron/window.ts'])
  })

  it('catches dynamic import() and electron subpaths', () => {
    const root = tree({ 'src/shared/x.ts': "export const load = () => import('electron/main')\n" })
    expect(findBoundaryViolations(root, projectRules).map((v) => v.specifier)).toEqual(['electron/main'])
  })

  it('fails when the renderer or shared imports a node built-in, with or without the node: prefix', () => {
    const root = tree({
      'src/renderer/src/a.ts': "import { readFileSync } from 'node:fs'\nexport const r = readFileSync\n",
      'src/shared/b.ts': "import path from 'path'\nexport const p = path\n",
    })
    const specifiers = findBoundaryViolations(root, projectRules).map((v) => v.specifier)
    expect(specifiers.sort()).toEqual(['node:fs', 'path'])
  })

  it('allows electron under src/main/electron and node built-ins in core', () => {
    const root = tree({
      'src/main/electron/main.ts': "import { app } from 'electron'\nexport const a = app\n",
      'src/main/core/fs.ts': "import { readFileSync } from 'node:fs'\nexport const r = readFileSync\n",
    })
    expect(findBoundaryViolations(root, projectRules)).toEqual([])
  })
})
