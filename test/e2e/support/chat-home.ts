import { existsSync, mkdtempSync, readFileSync, watch, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { mockProviderModels } from './mock-provider-home'

export const docsServer = fileURLToPath(new URL('../../fixtures/mcp-servers/docs-server.ts', import.meta.url))

/**
 * A profile for chat: the mock provider's model as the default model and one stdio server with id `docs`
 * (the docs fixture, whose `query` tool the model sees as `mcp_docs_query`), which writes how many calls
 * reached it to `countFile`. `extraTools` adds that many unrelated tools to the server (tool search).
 */
export function chatHome(
  mockUrl: string,
  options: { extraTools?: number } = {},
): { home: string; countFile: string } {
  const home = mkdtempSync(join(tmpdir(), 'mcp-desk-e2e-chat-'))
  const countFile = join(home, 'docs-calls.txt')
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({
      schemaVersion: 1,
      models: mockProviderModels(mockUrl),
      servers: [
        {
          id: 'docs',
          name: 'Docs',
          transport: 'stdio',
          command: process.execPath,
          args: [docsServer, '--count-file', countFile, '--extra-tools', String(options.extraTools ?? 0)],
        },
      ],
    }),
  )
  return { home, countFile }
}

/** How many calls the docs server has received, as it last wrote (0 before it started). */
export function callCount(countFile: string): number {
  return existsSync(countFile) ? Number(readFileSync(countFile, 'utf8') || '0') : 0
}

/** Resolves once the docs server has written `count` (fs.watch on its folder, not polling). */
export function whenCallCount(countFile: string, count: number): Promise<void> {
  return new Promise((resolvePromise) => {
    const check = () => {
      if (callCount(countFile) !== count) return
      watcher.close()
      resolvePromise()
    }
    const watcher = watch(dirname(countFile), check)
    check()
  })
}
