import { outputOf, type CliIo } from '../cli-io'
import { formatServersTable, summarizeStatuses } from '../format/servers-table'
import { withServerSession } from '../server-session'
import { reportSlowStarts } from '../slow-start-notice'

export interface ServersListOptions {
  json: boolean
  /** Exit 1 when any enabled server failed to connect (for scripts and CI). */
  strict: boolean
}

/**
 * `mcp-desk servers`: connects every enabled server, in parallel, and reports how each one did. A stdio
 * server still starting (a first npx/uvx download) is waited for up to the stdio start-up time.
 */
export function listServers(home: string, options: ServersListOptions, io: CliIo): Promise<number> {
  const { print, warn } = outputOf(io)
  return withServerSession(home, io, async ({ servers, profile }) => {
    // A first npx/uvx run can take a minute before the server speaks: say what is being waited for.
    const startupMs = profile.settings.snapshot().mcp.limits.stdioStartupTimeoutMs
    const stopReporting = reportSlowStarts(servers, warn, startupMs)
    try {
      await servers.start()
    } finally {
      stopReporting()
    }
    const states = servers.list()
    if (options.json) {
      // ServerState holds no env or header values: destinations are redacted when the state is built.
      print(JSON.stringify(states, null, 2))
    } else if (states.length === 0) {
      print('No servers configured. Add one with: mcp-desk servers add <name> -- <command> [args...]')
    } else {
      for (const line of formatServersTable(states)) print(line)
      print(summarizeStatuses(states))
    }
    const failed = states.some((state) => state.status === 'failed')
    return options.strict && failed ? 1 : 0
  })
}
