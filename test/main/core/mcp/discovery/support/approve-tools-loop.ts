// `node --import tsx approve-tools-loop.ts FILE SERVER PREFIX COUNT`: approves COUNT tools named
// PREFIX-0 … through the real FileApprovedToolsStore, one read-modify-write per tool, as a second process
// sharing the profile would; prints "done" at the end.
import { FileApprovedToolsStore } from '../../../../../../src/main/core/mcp/discovery/approved-tools-file'

const [file, server, prefix, count] = process.argv.slice(2)
if (file === undefined || server === undefined || prefix === undefined || count === undefined) {
  throw new Error('usage: approve-tools-loop.ts FILE SERVER PREFIX COUNT')
}
const store = new FileApprovedToolsStore(file)
for (let index = 0; index < Number(count); index += 1) {
  const name = `${prefix}-${index}`
  const tool = {
    name,
    exposedName: `mcp_${server}_${name}`,
    description: name,
    inputSchema: { type: 'object' },
  }
  store.apply(server, new Map([[name, tool]]))
}
process.stdout.write('done\n')
