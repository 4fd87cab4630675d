import type { ConnectionManager } from '../main/core/mcp/connection-manager'
import { createServerManager } from '../main/core/mcp/create-server-manager'
import { FileApprovedToolsStore } from '../main/core/mcp/discovery/approved-tools-file'
import type { ServerConfigService } from '../main/core/mcp/server-config-service'
import type { ServerState } from '../shared/mcp/server-state'
import type { ServerConfig } from '../shared/settings/settings-schema'
import { exitCodeForSignal, outputOf, waitForProcessSignal, type CliIo } from './cli-io'
import { openNodeProfile, type NodeProfile } from '../main/core/profile/open-node-profile'
import { ProviderService } from '../main/core/models/provider-service'
import { createSamplingEngine } from '../main/core/sampling/create-sampling-engine'
import { TerminalSamplingApprover } from './sampling-prompt'
import type { ClientFeature } from '../main/core/mcp/client-feature'
import { RootsService } from '../main/core/roots/roots-service'
import type { ServerSignIn } from '../main/core/mcp/oauth/server-sign-in'

export interface ServerSession {
  profile: NodeProfile
  configs: ServerConfigService
  servers: ConnectionManager
  signIn: ServerSignIn
}

/**
 * Runs a command that connects servers, and always shuts them down afterwards (every stdio process tree
 * reaped), also when the command fails or the user interrupts it with Ctrl+C: an interrupted command stops
 * its servers and exits 130, instead of leaving them running in their own process groups.
 *
 * The servers get sampling from the same engine the desktop app uses (policy and ruleset gates, limits,
 * audit log under --home). Someone at a terminal answers `ask` requests at a prompt on stderr; without a
 * terminal nobody can, so those get -1 "no one to ask" while `allow` servers still sample.
 */
export async function withServerSession(
  home: string,
  io: CliIo,
  work: (session: ServerSession) => Promise<number>,
  /** Further client features a command offers its servers (`call` answers elicitation). */
  options: { features?: readonly ClientFeature[] } = {},
): Promise<number> {
  const profile = openNodeProfile(home)
  const readLine = io.stdinIsTty === true ? io.readLine : undefined
  const sampling = createSamplingEngine({
    settings: profile.settings,
    providers: new ProviderService(profile.settings, profile.secrets),
    auditDir: profile.paths.auditDir,
    canAsk: () => readLine !== undefined,
    log: outputOf(io).warn,
  })
  const approver = readLine
    ? new TerminalSamplingApprover(sampling.queue, { stderr: io.stderr, readLine })
    : undefined
  approver?.start()
  // Servers get the folders granted to them (MCP roots), as in the app.
  const roots = new RootsService({ settings: profile.settings })
  const { configs, servers, oauth, signIn } = createServerManager({
    settings: profile.settings,
    secrets: profile.secrets,
    // The commands print each server's state themselves; connection logs would repeat it on stderr.
    log: () => {},
    sampling: sampling.service,
    features: [roots, ...(options.features ?? [])],
    approvedTools: new FileApprovedToolsStore(profile.paths.approvedToolsFile, { log: outputOf(io).warn }),
  })
  const done = new AbortController()
  const interrupted = (io.untilShutdown ?? waitForProcessSignal)(done.signal).then((reason) => ({ reason }))
  const working = work({ profile, configs, servers, signIn }).then((code) => ({ code }))
  // After an interruption the work is abandoned; whatever it fails with then is moot, not unhandled.
  working.catch(() => {})
  try {
    const outcome = await Promise.race([working, interrupted])
    if ('code' in outcome) return outcome.code
    outputOf(io).warn(`${outcome.reason}: stopping servers`)
    return exitCodeForSignal(outcome.reason)
  } finally {
    done.abort()
    approver?.stop()
    // Pending approvals and running completions end first, so no server waits on an answer while it stops.
    sampling.service.shutdown()
    oauth.close()
    await servers.shutdown()
    roots.dispose()
  }
}

/** Connects one server (and only it) for `servers tools` and `call`; a disabled one is left alone. */
export async function connectOne(servers: ConnectionManager, config: ServerConfig): Promise<ServerState> {
  if (!config.enabled) {
    throw new Error(
      `server "${config.name}" is disabled; enable it with: mcp-desk servers enable ${config.id}`,
    )
  }
  return servers.restart(config.id)
}
