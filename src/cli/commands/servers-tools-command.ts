import type { ServerState } from '../../shared/mcp/server-state'
import { outputOf, type CliIo, type CliOutput } from '../cli-io'
import { formatToolList } from '../format/tool-list'
import { firstLine, terminalText } from '../format/terminal-text'
import { findServer } from '../server-lookup'
import { connectOne, withServerSession } from '../server-session'

/** `servers tools <name|id>`: connects that one server and lists its tools, or says why it failed. */
export function listServerTools(home: string, query: string, json: boolean, io: CliIo): Promise<number> {
  const out = outputOf(io)
  return withServerSession(home, io, async ({ configs, servers }) => {
    const state = await connectOne(servers, findServer(configs.list(), query))
    if (json) {
      out.print(JSON.stringify(state, null, 2))
    } else if (state.status === 'connected') {
      const count = `${state.tools.length} tool${state.tools.length === 1 ? '' : 's'}`
      out.print(`Server "${firstLine(state.name)}" (${state.id}): connected, ${count}`)
      for (const line of formatToolList(state.tools)) out.print(line)
    } else {
      reportFailure(state, out)
    }
    return state.status === 'connected' ? 0 : 1
  })
}

/** The whole reason (a stdio reason carries exit code, signal and stderr), plus stderr it did not quote. */
export function reportFailure(state: ServerState, out: CliOutput): void {
  const reason = state.failure?.reason ?? `the server is ${state.status}`
  out.warn(`Server "${firstLine(state.name)}" (${state.id}) failed: ${terminalText(reason)}`)
  const tail = state.stderrTail.trim()
  if (tail !== '' && !reason.includes(tail)) out.warn(`Its stderr ended with:\n${terminalText(tail)}`)
}
