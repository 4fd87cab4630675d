// `node --import tsx transcript-append-loop.ts DIR ID FIRST BYTES`: appends user records t<FIRST>, t<FIRST+1>,
// ... of BYTES characters each to conversation ID with the real TranscriptStore, forever, printing each
// sequence number once its append has returned (fsync'd). The crash-safety test kills it with SIGKILL.
import { TranscriptStore } from '../../../src/main/core/chat/transcript-store'

const [dir, id, first, bytes] = process.argv.slice(2)
if (dir === undefined || id === undefined || first === undefined || bytes === undefined) {
  throw new Error('usage: transcript-append-loop.ts DIR ID FIRST BYTES')
}
const store = new TranscriptStore(dir)
const padding = 'x'.repeat(Number(bytes))
for (let sequence = Number(first); ; sequence += 1) {
  store.append(id, { type: 'user', turnId: `t${sequence}`, text: `${sequence}:${padding}` })
  // Writes to a pipe are synchronous on POSIX: the line is out before the next append starts.
  process.stdout.write(`${sequence}\n`)
}
