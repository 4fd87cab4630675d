// The test process's heap after a full garbage collection, without starting vitest's workers with
// --expose-gc: V8 accepts the flag at run time, and a fresh vm context then exposes `gc`.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

function garbageCollector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc
  if (typeof exposed === 'function') return exposed
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/** heapUsed in bytes after collecting twice (the second pass frees what finalizers of the first let go). */
export function heapUsedAfterGc(): number {
  const gc = garbageCollector()
  gc()
  gc()
  return process.memoryUsage().heapUsed
}
