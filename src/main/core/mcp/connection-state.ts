import type { Implementation } from '@modelcontextprotocol/client'
import type {
  ServerAuthState,
  ServerFailure,
  ServerState,
  ServerStatus,
  ToolChange,
  ToolInfo,
} from '../../../shared/mcp/server-state'
import type { ServerConfig } from '../../../shared/settings/settings-schema'
import { describeDestination } from './redact'

/** What a ServerConnection knows at one moment, as its state() reports it (kept apart for its size). */
export interface ConnectionFacts {
  status: ServerStatus
  failure: ServerFailure | undefined
  serverInfo: Implementation | undefined
  protocolVersion: string | undefined
  approved: ToolInfo[]
  pending: ToolChange[]
  /** Already redacted. */
  stderrTail: string
  since: Date
  auth: ServerAuthState | undefined
}

/** The ServerState of one connection: what the window, the CLI and the models are told about it. */
export function connectionState(config: ServerConfig, facts: ConnectionFacts): ServerState {
  const { failure, serverInfo, protocolVersion, auth } = facts
  return {
    id: config.id,
    name: config.name,
    transport: config.transport,
    destination: describeDestination(config),
    status: facts.status,
    ...(failure ? { failure } : {}),
    ...(serverInfo ? { serverInfo: { name: serverInfo.name, version: serverInfo.version } } : {}),
    ...(protocolVersion ? { protocolVersion } : {}),
    tools: facts.approved,
    stderrTail: facts.stderrTail,
    pendingChanges: facts.pending,
    since: facts.since.toISOString(),
    ...(auth ? { auth } : {}),
  }
}
