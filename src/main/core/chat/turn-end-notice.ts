import type { ConnectionManager } from '../mcp/connection-manager'
import type { ChatTurnResult } from './chat-turn'
import type { TurnLifecycleNotifier, TurnLifecycleServer } from './turn-lifecycle'

/**
 * Tells the servers a turn used that it ended (turn lifecycle). Best effort: the notifier never throws and
 * bounds each server's wait; a vanished server is skipped.
 */
export async function notifyTurnEnded(
  deps: {
    notifier?: TurnLifecycleNotifier | undefined
    servers: Pick<ConnectionManager, 'connection'>
    log: (line: string) => void
  },
  conversationId: string,
  result: ChatTurnResult,
  used: Set<string>,
): Promise<void> {
  const notifier = deps.notifier
  if (!notifier || used.size === 0) return
  const servers: TurnLifecycleServer[] = []
  for (const serverId of used) {
    try {
      const client = deps.servers.connection(serverId).client
      if (client) servers.push({ id: serverId, client })
    } catch {
      // Removed during the turn: there is no one left to tell.
    }
  }
  const outcomes = await notifier.turnEnded(servers, {
    sessionId: conversationId,
    turnId: result.turnId,
    status: result.status,
  })
  for (const outcome of outcomes) {
    if (
      outcome.outcome === 'failed' ||
      outcome.outcome === 'timed-out' ||
      outcome.outcome === 'skipped-stuck'
    ) {
      const why = outcome.error === undefined ? '' : `: ${outcome.error}`
      deps.log(`turn lifecycle notification to "${outcome.serverId}" ${outcome.outcome}${why}`)
    }
  }
}
