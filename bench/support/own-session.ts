import { existsSync } from 'node:fs'

export interface ChildCommand {
  command: string
  args: string[]
}

const SETSID = '/usr/bin/setsid'

/**
 * MCP Desk starts every stdio server in a session of its own (`detached`, so shutdown can signal the whole
 * process group). With Linux's autogroup scheduling, a new session is also a new scheduling group with its
 * own share of the CPU, so on a loaded machine our children would get more CPU than children started in the
 * benchmark's own session, and the comparison would measure that instead of the code. The alternatives'
 * children are therefore started the same way, through setsid(1), which execs the command in place (same
 * pid, same pipes) when available; elsewhere the command is returned unchanged.
 */
export function inOwnSession(child: ChildCommand): ChildCommand {
  if (process.platform !== 'linux' || !existsSync(SETSID)) return child
  return { command: SETSID, args: [child.command, ...child.args] }
}

export const OWN_SESSION_NOTE =
  process.platform === 'linux' && existsSync(SETSID)
    ? "Every contender's child runs in a session of its own (MCP Desk's transport does that itself; the others " +
      'through setsid(1)), so none gets a larger share of a loaded machine from Linux autogroup scheduling.'
    : ''
