import type { ServerState } from '../../shared/mcp/server-state'
import { outputOf, type CliIo, type CliOutput } from '../cli-io'
import { formatToolList } from '../format/tool-list'
import { acceptCommand, pendingChangeLines } from '../format/tool-changes'
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
      printPendingChanges(state, out)
    } else {
      reportFailure(state, out)
    }
    return state.status === 'connected' ? 0 : 1
  })
}

/** Tool changes waiting for review, in full, with the command that accepts them. */
function printPendingChanges(state: ServerState, out: CliOutput): void {
  const count = state.pendingChanges.length
  if (count === 0) return
  out.print('')
  out.print(
    `${count} tool change${count === 1 ? '' : 's'} since you approved this server's tools; no model sees ` +
      `these tools and \`call\` refuses them until you run: ${acceptCommand(state.id)}`,
  )
  for (const line of pendingChangeLines(state.pendingChanges)) out.print(line)
}

/** The whole reason (a stdio reason carries exit code, signal and stderr), plus stderr it did not quote. */
export function reportFailure(state: ServerState, out: CliOutput): void {
  const reason = state.failure?.reason ?? `the server is ${state.status}`
  out.warn(`Server "${firstLine(state.name)}" (${state.id}) failed: ${terminalText(reason)}`)
  const tail = state.stderrTail.trim()
  if (tail !== '' && !reason.includes(tail)) out.warn(`Its stderr ended with:\n${terminalText(tail)}`)
}
