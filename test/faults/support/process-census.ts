// What is left of the processes a test started: single pids and whole process groups, checked with
// kill(pid, 0), which throws ESRCH once nothing by that id exists (a zombie awaiting its reaper still counts).
import { ObservingStdioTransport } from '../../../src/main/core/mcp/stdio/stdio-transport'
import { defaultTransportOpener } from '../../../src/main/core/mcp/default-transport-opener'
import type { TransportOpener } from '../../../src/main/core/mcp/transport-opener'

function signalZeroFinds(target: number): boolean {
  try {
    process.kill(target, 0)
    return true
  } catch (error) {
    // EPERM: something exists by that id but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/** Whether a process with this pid exists. */
export function pidExists(pid: number): boolean {
  return signalZeroFinds(pid)
}

/** Whether any process of the group led by this pid exists (a stdio server leads its own group). */
export function groupExists(pgid: number): boolean {
  return signalZeroFinds(-pgid)
}

/** The pids of every listed process or group member still present: an empty list means none is left. */
export function survivors(pids: readonly number[], groups: readonly number[]): string[] {
  return [
    ...pids.filter(pidExists).map((pid) => `pid ${pid}`),
    ...groups.filter(groupExists).map((pgid) => `process group ${pgid}`),
  ]
}

/** `misbehaving-server.ts --fork-grandchild` announces its grandchild on stderr. */
export function grandchildPidIn(stderr: string): number | undefined {
  const match = /grandchild pid (\d+)/.exec(stderr)
  return match ? Number(match[1]) : undefined
}

/** The real transport opener, keeping each stdio transport it opens so a test can ask for its pid later. */
export function recordingStdioOpener(): { opener: TransportOpener; transports: ObservingStdioTransport[] } {
  const transports: ObservingStdioTransport[] = []
  const opener: TransportOpener = (config, values, limits) => {
    const opened = defaultTransportOpener(config, values, limits)
    if (opened.transport instanceof ObservingStdioTransport) transports.push(opened.transport)
    return opened
  }
  return { opener, transports }
}

/**
 * Polls until none of the listed processes or groups is left, or the deadline passes, and returns what is
 * left then. Polling because no event tells one process about the death of another it did not start, and
 * a dead orphan counts until init reaps it.
 */
export async function survivorsAfter(
  pids: readonly number[],
  groups: readonly number[],
  deadlineMs = 10_000,
): Promise<string[]> {
  const deadline = Date.now() + deadlineMs
  let left = survivors(pids, groups)
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    left = survivors(pids, groups)
  }
  return left
}
