import {
  AppBridge,
  PostMessageTransport,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge'
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client'
import type { ViewDocument } from '../../../shared/apps/view-schema'
import { InFlightLimit, MAX_OUTSTANDING_TOOL_CALLS, RateLimit } from './view-limits'
import type { ViewDisplayMode } from './view-host-context'

/** How long a view gets to save its state when it is taken down before the frame goes anyway. */
export const TEARDOWN_TIMEOUT_MS = 500

/** What the view is shown when it starts: the call's arguments and its result, or why there is none. */
export type ViewInput =
  | { arguments: Record<string, unknown>; result: Record<string, unknown> }
  | { arguments: Record<string, unknown>; cancelled: string }

export interface ViewLogEntry {
  level: string
  text: string
}

/** What the host does for a view; every request is already bounded here before it reaches these. */
export interface ViewSessionHost {
  callTool(toolName: string, args: Record<string, unknown> | undefined): Promise<Record<string, unknown>>
  readResource(uri: string): Promise<Record<string, unknown>>
  /** `ui/message`: posts the text in the view's conversation; throws when there is none. */
  sendMessage(text: string): Promise<void>
  updateModelContext(update: {
    content?: Array<Record<string, unknown>>
    structuredContent?: Record<string, unknown>
  }): Promise<void>
  /** Asks the user; true only when they chose to open it. */
  confirmLink(url: string): Promise<boolean>
  requestDisplayMode(mode: string): ViewDisplayMode
  sizeChanged(height: number | undefined): void
  log(entry: ViewLogEntry): void
  initialized(): void
  /** `ui/request-teardown`: the view asks to be closed; the host takes it down (and may show it again). */
  requestTeardown(): void
}

export interface ViewSession {
  setHostContext(context: McpUiHostContext): void
  /** Asks the view to tear down (briefly), then closes the channel. */
  close(): Promise<void>
}

const HOST_INFO = { name: 'MCP Desk', version: '1' }

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return ''
  return content
    .flatMap((block: unknown) =>
      typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'text'
        ? [typeof (block as { text?: unknown }).text === 'string' ? (block as { text: string }).text : '']
        : [],
    )
    .join('\n')
    .trim()
}

function logText(data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data)
  return (text ?? '').slice(0, 2000)
}

/**
 * Connects one view, through the sandbox proxy in `frame`, to the host: the proxy's "ready" is answered with
 * the approved HTML and its declarations; once the view says it is initialized it gets the tool's input and
 * result. Handlers are set before the channel opens, so no early request finds none. The transport only
 * accepts messages whose source is the frame's window.
 */
export async function startViewSession({
  frame,
  document: view,
  input,
  context,
  host,
}: {
  frame: Window
  document: ViewDocument
  input: ViewInput
  context: McpUiHostContext
  host: ViewSessionHost
}): Promise<ViewSession> {
  const bridge = new AppBridge(
    null,
    HOST_INFO,
    {
      openLinks: {},
      serverTools: {},
      serverResources: {},
      logging: {},
      updateModelContext: { text: {}, structuredContent: {} },
      message: { text: {} },
      sandbox: { csp: view.csp, permissions: view.permissions },
    },
    { hostContext: context },
  )
  const calls = new InFlightLimit(MAX_OUTSTANDING_TOOL_CALLS)
  const messages = new RateLimit(3, 60_000)
  const contextUpdates = new RateLimit(20, 10_000)
  let linkOpen = false

  bridge.onsandboxready = () => {
    void bridge.sendSandboxResourceReady({ html: view.html, csp: view.csp, permissions: view.permissions })
  }
  let initialized = false
  bridge.oninitialized = () => {
    initialized = true
    host.initialized()
    void bridge
      .sendToolInput({ arguments: input.arguments })
      .then(() =>
        'result' in input
          ? bridge.sendToolResult(input.result as CallToolResult)
          : bridge.sendToolCancelled({ reason: input.cancelled }),
      )
  }
  bridge.oncalltool = (params) =>
    calls.run(
      async () => (await host.callTool(params.name, params.arguments)) as CallToolResult,
      () =>
        new Error(
          `Too many tool calls at once: a view may have at most ${MAX_OUTSTANDING_TOOL_CALLS} waiting.`,
        ),
    )
  bridge.onreadresource = async (params) => (await host.readResource(params.uri)) as ReadResourceResult
  bridge.onmessage = async (params) => {
    const text = textOf(params.content)
    if (!text) throw new Error('Only text messages are accepted.')
    if (!messages.take()) throw new Error('Too many messages: wait a minute before sending another.')
    await host.sendMessage(text)
    return {}
  }
  bridge.onupdatemodelcontext = async (params) => {
    if (!contextUpdates.take()) throw new Error('Too many context updates: slow down.')
    await host.updateModelContext({
      ...(params.content ? { content: params.content } : {}),
      ...(params.structuredContent ? { structuredContent: params.structuredContent } : {}),
    })
    return {}
  }
  bridge.onopenlink = async (params) => {
    // One question at a time: a view cannot stack dialogs on the user.
    if (linkOpen) return { isError: true }
    linkOpen = true
    try {
      return (await host.confirmLink(params.url)) ? {} : { isError: true }
    } finally {
      linkOpen = false
    }
  }
  bridge.onrequestteardown = () => host.requestTeardown()
  bridge.onrequestdisplaymode = (params) => Promise.resolve({ mode: host.requestDisplayMode(params.mode) })
  bridge.onsizechange = (params) => host.sizeChanged(params.height)
  bridge.onloggingmessage = (params) => host.log({ level: params.level, text: logText(params.data) })
  bridge.ondownloadfile = () => Promise.reject(new Error('MCP Desk does not let views download files.'))

  await bridge.connect(new PostMessageTransport(frame, frame))

  return {
    setHostContext(next) {
      bridge.setHostContext(next)
    },
    async close() {
      // A view that never initialized has nothing to save (and the proxy may not even have loaded).
      if (initialized) {
        try {
          await bridge.teardownResource({}, { timeout: TEARDOWN_TIMEOUT_MS })
        } catch {
          // A view that does not answer in time is closed anyway: it had its chance to save.
        }
      }
      await bridge.close()
    },
  }
}
