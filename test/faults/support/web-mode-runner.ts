// `mcp-desk web` from source, for fault tests that need the host in a process of its own (SIGTERM, RSS):
//   node --import tsx test/faults/support/web-mode-runner.ts HOME RENDERER_DIR SERVERS_JSON
// It adds the servers given (ServerConfig[] as JSON) to the profile, then serves exactly as the CLI's `web`
// command does (src/cli/commands/web-command.ts) but with a renderer directory of the test's choosing, so no
// build is needed; it prints the same "MCP Desk web UI: URL" line, and stops on SIGTERM/SIGINT.
import { waitForProcessSignal } from '../../../src/cli/cli-io'
import { openNodeProfile } from '../../../src/main/core/profile/open-node-profile'
import { startWebMode } from '../../../src/main/web/start-web-mode'
import type { ServerConfig } from '../../../src/shared/settings/settings-schema'

const [home, rendererDir, serversJson] = process.argv.slice(2)
if (!home || !rendererDir || !serversJson)
  throw new Error('usage: web-mode-runner HOME RENDERER_DIR SERVERS_JSON')
const servers = JSON.parse(serversJson) as ServerConfig[]
openNodeProfile(home).settings.update((draft) => {
  draft.servers.push(...servers)
  // These tests bound the host's RSS under floods; tool search's embedding model (~300 MB in a worker, issue
  // 23) would load for the servers' tools and is measured by its own benchmark instead.
  draft.tools.semantic.enabled = false
})
const running = await startWebMode({
  home,
  rendererDir,
  host: '127.0.0.1',
  log: (line) => process.stderr.write(`${line}\n`),
})
process.stdout.write(`MCP Desk web UI: ${running.url}\n`)
const done = new AbortController()
const reason = await waitForProcessSignal(done.signal)
process.stderr.write(`${reason}: shutting down\n`)
done.abort()
await running.close()
