// Signalling a stdio server together with everything it started. On POSIX the server is spawned as the
// leader of its own process group (detached), so `kill(-pgid)` reaches its children and grandchildren
// (e.g. `npx` → node → the real server) even after the leader itself has exited. Windows has no process
// groups: taskkill /T walks the tree from the server's pid, which only works while that pid is alive.
import { execFile } from 'node:child_process'

export type StopSignal = 'SIGTERM' | 'SIGKILL'

function isNoSuchProcess(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ESRCH'
}

/** Resolves true when something was signalled, false when nothing of the group was left. */
export function signalProcessGroup(
  pid: number,
  signal: StopSignal,
  platform: NodeJS.Platform,
): Promise<boolean> {
  if (platform === 'win32') {
    // Without /F taskkill asks politely (WM_CLOSE), the nearest thing Windows has to SIGTERM.
    const args = ['/pid', String(pid), '/T', ...(signal === 'SIGKILL' ? ['/F'] : [])]
    return new Promise((resolve) => {
      execFile('taskkill', args, { windowsHide: true }, (error) => resolve(error === null))
    })
  }
  try {
    process.kill(-pid, signal)
    return Promise.resolve(true)
  } catch (error) {
    if (isNoSuchProcess(error)) return Promise.resolve(false)
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
}

/** Whether any process of the group still exists (POSIX); a zombie awaiting its reaper still counts. */
export function processGroupExists(pid: number, platform: NodeJS.Platform): boolean {
  if (platform === 'win32') return false
  try {
    process.kill(-pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return !isNoSuchProcess(error)
  }
}
