// `node --import tsx settings-update-loop.ts HOME BYTES`: rewrites <HOME>/settings.json through the real
// SettingsService and settings document, forever, each time with one server named `generation N` whose
// arguments make the file about BYTES long, printing N once the update has returned. The crash-safety test
// kills it with SIGKILL in the middle of a write.
import { SettingsFileDocument } from '../../../src/main/core/config/settings-file-document'
import { SettingsService } from '../../../src/main/core/config/settings-service'

const [home, bytes] = process.argv.slice(2)
if (home === undefined || bytes === undefined) throw new Error('usage: settings-update-loop.ts HOME BYTES')
const settings = new SettingsService(new SettingsFileDocument(home))
const args = Array.from({ length: Math.ceil(Number(bytes) / 1024) }, (_, i) => `${i}:${'a'.repeat(1020)}`)
for (let generation = 1; ; generation += 1) {
  settings.update((draft) => {
    draft.servers = [
      {
        id: 'big',
        name: `generation ${generation}`,
        enabled: false,
        sampling: 'deny',
        transport: 'stdio',
        command: 'node',
        args,
        env: {},
      },
    ]
  })
  process.stdout.write(`${generation}\n`)
}
