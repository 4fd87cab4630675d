// `node --import tsx hold-settings-lock.ts HOME`: takes the settings.json lock of the profile at HOME, prints
// `holding`, and never lets go: the fault test kills it with SIGKILL, as a crash inside a write would.
import { join } from 'node:path'
import { SharedFile } from '../../../src/main/core/config/shared-file'

const [home] = process.argv.slice(2)
if (home === undefined) throw new Error('usage: hold-settings-lock.ts HOME')
new SharedFile(join(home, 'settings.json')).locked(() => {
  process.stdout.write('holding\n')
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
})
