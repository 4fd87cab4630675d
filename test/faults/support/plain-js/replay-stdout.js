// `node replay-stdout.js FILE`: writes FILE to stdout in uneven chunks (1 byte to 8 KiB, each write
// finished before the next, so the reader sees many separate reads), then stays until stdin closes, as a
// server would. Plain JavaScript: it must start fast and needs nothing from the project.
import { readFileSync } from 'node:fs'

const bytes = readFileSync(process.argv[2])
// A fixed, cheap sequence of chunk sizes: the same cuts on every run.
let state = 12
function nextSize() {
  state = (state * 1103515245 + 12345) % 2147483648
  return 1 + (state % (state % 7 === 0 ? 8 : 8192))
}

let offset = 0
function writeNext() {
  if (offset >= bytes.length) return
  const size = nextSize()
  const chunk = bytes.subarray(offset, offset + size)
  offset += size
  process.stdout.write(chunk, writeNext)
}
writeNext()
process.stdin.on('end', () => process.exit(0))
process.stdin.resume()
