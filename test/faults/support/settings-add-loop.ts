// `node --import tsx settings-add-loop.ts HOME TAG COUNT`: opens the profile at HOME like the CLI does, prints
// `ready`, waits for `go` on stdin (so two writers start together), then adds COUNT servers `TAG-0` ... one
// settings update each, and prints `done`. The shared-profile fault test runs two of these at once.
import { createInterface } from 'node:readline'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'

const [home, tag, count] = process.argv.slice(2)
if (home === undefined || tag === undefined || count === undefined) {
  throw new Error('usage: settings-add-loop.ts HOME TAG COUNT')
}
const { settings } = openNodeProfile(home)
process.stdout.write('ready\n')
const lines = createInterface({ input: process.stdin })
lines.once('line', () => {
  lines.close()
  for (let index = 0; index < Number(count); index += 1) {
    settings.update((draft) => {
      draft.servers.push({
        id: `${tag}-${index}`,
        name: `${tag} ${index}`,
        enabled: false,
        sampling: 'deny',
        transport: 'stdio',
        command: 'node',
        args: [],
        env: {},
      })
    })
  }
  process.stdout.write('done\n')
})
