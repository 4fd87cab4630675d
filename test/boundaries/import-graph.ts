import { readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, extname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/**
 * Scans the import graph from every file under a set of folders, following relative imports transitively,
 * and reports any reachable forbidden import. Following the graph matters: a core file that imports
 * `../electron/window` pulls Electron in as surely as `import 'electron'` does.
 */
export interface BoundaryRule {
  /** Folders (relative to root) whose files and everything they import must obey the rule. */
  roots: string[]
  forbidden: (specifier: string) => boolean
  description: string
}

export interface BoundaryViolation {
  rule: string
  /** The chain of files from the rule's root file to the file with the forbidden import. */
  chain: string[]
  specifier: string
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs']
const nodeBuiltins = new Set(builtinModules)

export const isElectron = (specifier: string): boolean =>
  specifier === 'electron' || specifier.startsWith('electron/')
export const isNodeBuiltin = (specifier: string): boolean =>
  specifier.startsWith('node:') || nodeBuiltins.has(specifier.split('/')[0] ?? '')

export function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  return info.importedFiles.map((f) => f.fileName)
}

function listSources(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) out.push(...listSources(full))
    else if (SOURCE_EXTENSIONS.includes(extname(name)) && !name.endsWith('.d.ts')) out.push(full)
  }
  return out
}

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier)
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((e) => base + e),
    ...SOURCE_EXTENSIONS.map((e) => join(base, 'index' + e)),
  ]
  return candidates.find((c) => {
    try {
      return statSync(c).isFile()
    } catch {
      return false
    }
  })
}

export function findBoundaryViolations(root: string, rules: BoundaryRule[]): BoundaryViolation[] {
  const violations: BoundaryViolation[] = []
  for (const rule of rules) {
    const starts = rule.roots.flatMap((r) => {
      const dir = join(root, r)
      try {
        return listSources(dir)
      } catch {
        return []
      }
    })
    const seen = new Set<string>()
    const queue: Array<{ file: string; chain: string[] }> = starts.map((file) => ({ file, chain: [file] }))
    while (queue.length > 0) {
      const { file, chain } = queue.shift()!
      if (seen.has(file)) continue
      seen.add(file)
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith('.')) {
          const target = resolveRelative(file, specifier)
          if (target && !seen.has(target)) queue.push({ file: target, chain: [...chain, target] })
        } else if (rule.forbidden(specifier)) {
          violations.push({ rule: rule.description, chain: chain.map((c) => relative(root, c)), specifier })
        }
      }
    }
  }
  return violations
}

export const projectRules: BoundaryRule[] = [
  {
    roots: ['src/main/core', 'src/shared'],
    forbidden: isElectron,
    description: 'core and shared never import electron',
  },
  {
    roots: ['src/main/web', 'src/cli'],
    forbidden: isElectron,
    description: 'web mode and the CLI run without electron',
  },
  {
    roots: ['src/renderer', 'src/shared'],
    forbidden: isNodeBuiltin,
    description: 'renderer and shared never import node built-ins',
  },
]
