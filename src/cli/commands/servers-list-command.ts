import { outputOf, type CliIo } from '../cli-io'
import { formatServersTable, summarizeStatuses } from '../format/servers-table'
import { withServerSession } from '../server-session'

export interface ServersListOptions {
  json: boolean
  /** Exit 1 when any enabled server failed to connect (for scripts and CI). */
  strict: boolean
}

/** `mcp-desk servers`: connects every enabled server, in parallel, and reports how each one did. */
export function listServers(home: string, options: ServersListOptions, io: CliIo): Promise<number> {
  const { print } = outputOf(io)
  return withServerSession(home, io, async ({ servers }) => {
    await servers.start()
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
