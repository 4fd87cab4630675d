import type { Tool } from '@modelcontextprotocol/server'
import { catalogServerCommand } from '../../test/fixtures/tool-catalogs/start-catalog-server'
import type { ChildCommand } from '../support/server-fleet'
import { loadCatalog } from '../tool-search/toolbench-data'

/** Linux refuses a single argument over 128 KiB (MAX_ARG_STRLEN); stay clear of it. */
const MAX_ARGUMENT_BYTES = 120 * 1024

/**
 * `servers` catalog-server commands that together list `tools` real tool definitions (shared/toolbench,
 * dealt round-robin; past the 879 real ones the catalog repeats; a name already on that server gets `_2`, `_3`…), so the
 * memory measured is that of real names, descriptions and schemas rather than of tiny generated tools.
 */
export function realToolCatalogs(
  servers: number,
  tools: number,
): { commands: ChildCommand[]; bytes: number } {
  const real = loadCatalog()
  const perServer: Tool[][] = Array.from({ length: servers }, () => [])
  const names = perServer.map(() => new Set<string>())
  for (let i = 0; i < tools; i += 1) {
    const entry = real[i % real.length]!
    // Two real servers may share a tool name; discovery refuses duplicates within one server.
    let name = entry.name
    for (let copy = 2; names[i % servers]!.has(name); copy += 1) name = `${entry.name}_${copy}`
    names[i % servers]!.add(name)
    perServer[i % servers]!.push({
      name,
      ...(entry.title === undefined ? {} : { title: entry.title }),
      description: entry.description,
      inputSchema: entry.inputSchema as Tool['inputSchema'],
    })
  }
  let bytes = 0
  const commands = perServer.map((catalog, i) => {
    const command = catalogServerCommand({ name: `catalog-${i + 1}`, tools: catalog })
    const argument = command.args.at(-1) ?? ''
    const size = Buffer.byteLength(argument)
    if (size > MAX_ARGUMENT_BYTES)
      throw new Error(`server ${i + 1}'s catalog is ${size} bytes, too long an argument`)
    bytes += size
    return command
  })
  return { commands, bytes }
}
