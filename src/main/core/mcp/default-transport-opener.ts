import type { ServerFailure } from '../../../shared/mcp/server-state'
import type { TransportOpener } from './transport-opener'
import { MessageTooLargeError as RemoteMessageTooLargeError } from './http/guarded-fetch'
import { createRemoteTransport, describeRemoteFailure } from './http/remote-transport'
import { describeExit, MessageTooLargeError, ObservingStdioTransport } from './stdio/stdio-transport'

/**
 * stdio servers get MCP Desk's own transport (exit codes, stderr tail, process-group shutdown); remote
 * servers get the SDK's Streamable HTTP transport behind the URL policy and the no-redirect, size-capped
 * fetch.
 */
export const defaultTransportOpener: TransportOpener = (config, values, limits) => {
  if (config.transport === 'stdio') {
    const transport = new ObservingStdioTransport({
      command: config.command,
      args: config.args,
      env: values,
      ...(config.cwd ? { cwd: config.cwd } : {}),
      maxMessageBytes: limits.maxMessageBytes,
    })
    let tooLarge: MessageTooLargeError | undefined
    transport.onerror = (error) => {
      if (error instanceof MessageTooLargeError) tooLarge ??= error
    }
    let closed: Promise<void> | undefined
    return {
      transport,
      explainFailure: (error): ServerFailure | undefined => {
        if (tooLarge) return { reason: tooLarge.message, limit: 'maxMessageBytes' }
        if (error instanceof MessageTooLargeError) return { reason: error.message, limit: 'maxMessageBytes' }
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
  // Throws before any request when the URL or a header is refused; the connection reports that line.
  const transport = createRemoteTransport({
    url: config.url,
    headers: values,
    maxMessageBytes: limits.maxMessageBytes,
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
