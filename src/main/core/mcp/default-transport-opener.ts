import type { FetchLike } from '@modelcontextprotocol/client'
import type { ServerFailure } from '../../../shared/mcp/server-state'
import type { McpLimits, ServerConfig } from '../../../shared/settings/settings-schema'
import type { OpenedTransport, TransportOpener, TransportStartup } from './transport-opener'
import { MessageTooLargeError as RemoteMessageTooLargeError } from './http/guarded-fetch'
import { createLegacySseTransport } from './http/legacy-sse-transport'
import { createRemoteTransport, describeRemoteFailure } from './http/remote-transport'
import {
  describeExit,
  MessageTooLargeError,
  ObservingStdioTransport,
  OutputClosedError,
} from './stdio/stdio-transport'

type StdioServerConfig = Extract<ServerConfig, { transport: 'stdio' }>
type RemoteServerConfig = Exclude<ServerConfig, { transport: 'stdio' }>
type WrapFetch = (fetch: FetchLike) => FetchLike

export interface TransportOpenerOptions {
  /** Wraps a remote server's guarded fetch, for both remote transports (OAuth: bearer token, refresh, step-up). */
  wrapRemoteFetch?: (config: RemoteServerConfig, fetch: FetchLike) => FetchLike
}

/**
 * stdio servers get MCP Desk's own transport (exit codes, stderr tail, process-group shutdown); remote
 * servers get the SDK's Streamable HTTP transport, or its legacy HTTP+SSE transport when configured as
 * `sse`, behind the URL policy and the no-redirect, size-capped fetch.
 */
export function createTransportOpener(options: TransportOpenerOptions = {}): TransportOpener {
  return (config, values, limits) => {
    if (config.transport === 'stdio') return openStdio(config, values, limits)
    const wrap = options.wrapRemoteFetch
    const wrapFetch: WrapFetch | undefined = wrap ? (fetch) => wrap(config, fetch) : undefined
    return config.transport === 'sse'
      ? openLegacySse(config, values, limits, wrapFetch)
      : openStreamableHttp(config, values, limits, wrapFetch)
  }
}

export const defaultTransportOpener: TransportOpener = createTransportOpener()

function openStdio(
  config: StdioServerConfig,
  values: Record<string, string>,
  limits: McpLimits,
): OpenedTransport {
  const transport = new ObservingStdioTransport({
    command: config.command,
    args: config.args,
    env: values,
    ...(config.cwd ? { cwd: config.cwd } : {}),
    maxMessageBytes: limits.maxMessageBytes,
  })
  let tooLarge: MessageTooLargeError | undefined
  // The transport ends such a server itself, so its exit alone would read as a host-initiated stop.
  let outputClosed: OutputClosedError | undefined
  transport.onerror = (error) => {
    if (error instanceof MessageTooLargeError) tooLarge ??= error
    if (error instanceof OutputClosedError) outputClosed ??= error
  }
  let closed: Promise<void> | undefined
  return {
    transport,
    startup: stdioStartup(transport),
    explainFailure: (error): ServerFailure | undefined => {
      if (tooLarge) return { reason: tooLarge.message, limit: 'maxMessageBytes' }
      if (error instanceof MessageTooLargeError) return { reason: error.message, limit: 'maxMessageBytes' }
      if (outputClosed) return { reason: outputClosed.message }
      const exit = transport.exitInfo
      if (!exit || exit.hostInitiated) return undefined
      return {
        reason: describeExit(exit, transport.stderrTail()),
        exitCode: exit.code,
        signal: exit.signal,
      }
    },
    stderrTail: () => transport.stderrTail(),
    ended: () => (closed ??= transport.close()),
  }
}

/** The stdio transport's first stdout byte and stderr chunks, as the connection's start-up phase needs them. */
function stdioStartup(transport: ObservingStdioTransport): TransportStartup {
  const spoke = new Promise<void>((resolve) => {
    transport.onfirstoutput = resolve
  })
  const listeners = new Set<() => void>()
  transport.onstderr = () => {
    for (const listener of listeners) listener()
  }
  return {
    spoke,
    onStderr: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

function openStreamableHttp(
  config: RemoteServerConfig,
  values: Record<string, string>,
  limits: McpLimits,
  wrapFetch: WrapFetch | undefined,
): OpenedTransport {
  // Throws before any request when the URL or a header is refused; the connection reports that line.
  const transport = createRemoteTransport({
    url: config.url,
    headers: values,
    maxMessageBytes: limits.maxMessageBytes,
    ...(wrapFetch ? { wrapFetch } : {}),
  })
  // An oversized event-stream message surfaces to callers only as "Connection closed": keep the real reason.
  let tooLarge: RemoteMessageTooLargeError | undefined
  transport.onerror = (error) => {
    if (error instanceof RemoteMessageTooLargeError) tooLarge ??= error
  }
  const context = { url: config.url, secretValues: Object.values(values) }
  let closed: Promise<void> | undefined
  return {
    transport,
    explainFailure: (error) =>
      tooLarge
        ? { reason: tooLarge.message, limit: 'maxMessageBytes' }
        : { reason: describeRemoteFailure(error, context) },
    stderrTail: () => '',
    ended: () => (closed ??= endRemoteSession(transport)),
  }
}

function openLegacySse(
  config: RemoteServerConfig,
  values: Record<string, string>,
  limits: McpLimits,
  wrapFetch: WrapFetch | undefined,
): OpenedTransport {
  // Throws before any request when the URL or a header is refused; the connection reports that line.
  const transport = createLegacySseTransport({
    url: config.url,
    headers: values,
    maxMessageBytes: limits.maxMessageBytes,
    endpointTimeoutMs: limits.connectTimeoutMs,
    ...(wrapFetch ? { wrapFetch } : {}),
  })
  let closed: Promise<void> | undefined
  return {
    transport,
    // The transport remembers a stream that ended or broke the size cap: that beats "the connection closed".
    explainFailure: (error) => ({
      reason: transport.describeFailure(error),
      ...(transport.failure instanceof RemoteMessageTooLargeError ? { limit: 'maxMessageBytes' } : {}),
    }),
    stderrTail: () => '',
    // A legacy SSE session ends with its event stream; there is no DELETE to send.
    ended: () => (closed ??= transport.close()),
  }
}

const SESSION_END_GRACE_MS = 2000

/** Tells the server the session is over (HTTP DELETE) when there is one, without letting a hung server stall. */
async function endRemoteSession(transport: ReturnType<typeof createRemoteTransport>): Promise<void> {
  if (transport.sessionId !== undefined) {
    let timer: NodeJS.Timeout | undefined
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SESSION_END_GRACE_MS)
      timer.unref()
    })
    await Promise.race([transport.terminateSession().catch(() => undefined), grace])
    clearTimeout(timer)
  }
  await transport.close()
}
