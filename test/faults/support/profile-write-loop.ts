// `node --import tsx profile-write-loop.ts HOME TAG COUNT`: opens the profile at HOME like the CLI does,
// prints `ready`, waits for `go` on stdin (so two writers start together), then COUNT times adds a server
// `TAG-N` (one settings update) and stores a secret `TAG.secret.N`, and prints `done`. The shared-profile
// fault test runs two of these at once.
import { createInterface } from 'node:readline'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'

const [home, tag, count] = process.argv.slice(2)
if (home === undefined || tag === undefined || count === undefined) {
  throw new Error('usage: profile-write-loop.ts HOME TAG COUNT')
}
const { settings, secrets } = openNodeProfile(home)
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
    secrets.set(`${tag}.secret.${index}`, `value ${index}`)
  }
  process.stdout.write('done\n')
})
