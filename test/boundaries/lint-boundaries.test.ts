import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import { boundaryRules } from '../../eslint.boundaries.js'

const repoRoot = resolve(import.meta.dirname, '../..')

/** Lints text as if it lived at `path`, with exactly the boundary rules the project's eslint.config.js uses. */
async function lintAs(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
      ...boundaryRules,
    ],
  })
  const [result] = await eslint.lintText(code, { filePath: resolve(repoRoot, path) })
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`)
}

describe('boundary lint rules', () => {
  it('flag electron in core, shared, web mode and the CLI', async () => {
    for (const path of ['src/main/core/x.ts', 'src/shared/x.ts', 'src/main/web/x.ts', 'src/cli/x.ts']) {
      const messages = await lintAs(path, "import { app } from 'electron'\nexport const a = app\n")
      expect(messages, path).toEqual([expect.stringContaining('no-restricted-imports')])
    }
  })

  it('flag node built-ins in the renderer and shared, with and without the node: prefix', async () => {
    for (const [path, specifier] of [
      ['src/renderer/src/x.tsx', 'node:fs'],
      ['src/renderer/src/x.ts', 'fs'],
      ['src/shared/x.ts', 'node:path'],
      ['src/shared/x.ts', 'crypto'],
    ] as const) {
      const messages = await lintAs(path, `import * as m from '${specifier}'\nexport const a = m\n`)
      expect(messages, `${path} ${specifier}`).toEqual([expect.stringContaining('no-restricted-imports')])
    }
  })

  it('allow electron in src/main/electron and node built-ins in core', async () => {
    expect(
      await lintAs('src/main/electron/x.ts', "import { app } from 'electron'\nexport const a = app\n"),
    ).toEqual([])
    expect(
      await lintAs(
        'src/main/core/x.ts',
        "import { readFileSync } from 'node:fs'\nexport const r = readFileSync\n",
      ),
    ).toEqual([])
  })

  it('flag a bare node:http listener outside the guard, which alone may create one', async () => {
    const code = "import { createServer } from 'node:http'\nexport const s = createServer()\n"
    for (const path of [
      'src/main/core/x.ts',
      'src/main/web/x.ts',
      'src/cli/x.ts',
      'src/main/electron/x.ts',
    ]) {
      expect(await lintAs(path, code), path).toEqual([expect.stringContaining('createGuardedServer')])
    }
    expect(await lintAs('src/main/core/net/guarded-http-server.ts', code)).toEqual([])
  })
})
