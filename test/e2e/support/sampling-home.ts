import { existsSync, mkdirSync, mkdtempSync, readFileSync, watch, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const triggerServer = fileURLToPath(
  new URL('../../fixtures/mcp-servers/sampling-trigger-server.ts', import.meta.url),
)

export interface TriggerAnswer {
  ok: boolean
  result?: Record<string, unknown>
  error?: string
}

/**
 * A profile with the mock provider's two models and one server (the sampling trigger fixture, policy ask)
 * that asks for sampling as soon as it connects and writes the answer to `answerFile`.
 */
export function samplingHome(
  mockUrl: string,
  triggerArgs: string[] = [],
): { home: string; answerFile: string } {
  const home = mkdtempSync(join(tmpdir(), 'mcp-desk-e2e-sampling-'))
  const answerFile = join(home, 'answers', 'answer.json')
  mkdirSync(dirname(answerFile))
  const model = (id: string) => ({ id, capabilities: { inputModalities: ['text', 'image'] } })
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({
      schemaVersion: 1,
      models: {
        providers: [
          {
            id: 'mock',
            name: 'Mock',
            preset: 'custom',
            baseUrl: mockUrl,
            models: [model('mock-large'), model('mock-mini')],
          },
        ],
        defaultModel: 'mock/mock-large',
      },
      servers: [
        {
          id: 'notes',
          name: 'Notes',
          transport: 'stdio',
          sampling: 'ask',
          command: process.execPath,
          args: [triggerServer, '--out', answerFile, ...triggerArgs],
        },
      ],
    }),
  )
  return { home, answerFile }
}

/** Resolves with the file's JSON once the fixture server writes it (fs.watch on its folder, not polling). */
export function whenWritten(file: string): Promise<TriggerAnswer> {
  return new Promise((resolvePromise) => {
    const read = () => {
      if (!existsSync(file)) return
      const text = readFileSync(file, 'utf8')
      if (text === '') return
      watcher.close()
      resolvePromise(JSON.parse(text) as TriggerAnswer)
    }
    const watcher = watch(dirname(file), read)
    read()
  })
}
