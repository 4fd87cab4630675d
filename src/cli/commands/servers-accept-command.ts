import { outputOf, type CliIo } from '../cli-io'
import { firstLine } from '../format/terminal-text'
import { pendingChangeLines } from '../format/tool-changes'
import { findServer } from '../server-lookup'
import { connectOne, withServerSession } from '../server-session'
import { reportFailure } from './servers-tools-command'

/**
 * `servers accept <name|id> [--yes]`: connects the server, shows every tool change waiting for review in
 * full, and after the user's yes (or --yes) accepts exactly those definitions (by fingerprint), so models
 * see them from then on. A change the server makes meanwhile is not accepted unseen.
 */
export function acceptToolChanges(
  home: string,
  query: string,
  approved: boolean,
  io: CliIo,
): Promise<number> {
  const { print, warn } = outputOf(io)
  const readLine = io.stdinIsTty === true ? io.readLine : undefined
  return withServerSession(home, io, async ({ configs, servers }) => {
    const config = findServer(configs.list(), query)
    const state = await connectOne(servers, config)
    if (state.status !== 'connected') {
      reportFailure(state, { print, warn })
      return 1
    }
    const label = `"${firstLine(state.name)}" (${state.id})`
    if (state.pendingChanges.length === 0) {
      print(`Server ${label}: no tool changes wait for review.`)
      return 0
    }
    const count = `${state.pendingChanges.length} tool change${state.pendingChanges.length === 1 ? '' : 's'}`
    print(`Server ${label}: ${count} since you approved its tools:`)
    for (const line of pendingChangeLines(state.pendingChanges)) print(line)
    if (!approved) {
      if (!readLine) {
        warn('Nothing accepted: nobody can confirm (stdin is not a terminal); pass --yes to accept these.')
        return 1
      }
      io.stderr(`Accept these ${count}? [y/N] `)
      const answer = ((await readLine()) ?? '').trim().toLowerCase()
      if (answer !== 'y' && answer !== 'yes') {
        warn('Nothing accepted.')
        return 1
      }
    }
    const accepted = servers.acceptToolChanges(
      state.id,
      state.pendingChanges.map((change) => ({
        name: change.name,
        fingerprint: change.afterFingerprint ?? null,
      })),
    )
    print(`Accepted ${count}; ${accepted.tools.length} tools of ${label} are now offered to models.`)
    return 0
  })
}
