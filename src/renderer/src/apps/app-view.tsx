import { buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { viewProxyUrl, type ViewDocument } from '../../../shared/apps/view-schema'
import { useAppState } from '../app/store-context'
import { linkDestination, type LinkDestination } from '../ui/link-destination'
import { OpenLinkDialog } from '../ui/external-link'
import { clampViewHeight, type ViewDisplayMode } from './view-host-context'
import { rememberedViewHeight, rememberViewHeight } from './view-heights'
import { MAX_VIEW_LOG_ENTRIES } from './view-limits'
import type { ViewInput, ViewLogEntry, ViewSessionHost } from './view-session'
import { useViewSession } from './use-view-session'
import { useHostContext } from './use-host-context'
import { useFullscreenFocus } from './use-fullscreen-focus'
import { ViewCards } from './view-cards'
import { ViewLog } from './view-log'

type Opening =
  { kind: 'opening' } | { kind: 'failed'; message: string } | { kind: 'opened'; document: ViewDocument }

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * One tool's view (MCP Apps): the approved HTML runs in the sandbox proxy, on an origin that is not the
 * window's, and reaches the host only through the bridge (view-session.ts). When it cannot be shown the
 * reason is said in one line; the caller keeps the tool's text result visible, so nothing is ever blank.
 */
export function AppView({
  serverId,
  toolName,
  conversationId,
  input,
  displayMode,
  onDisplayMode,
  fullscreenOnly = false,
  onProblem,
  heightKey,
}: {
  serverId: string
  toolName: string
  /** Absent for a view opened from the servers panel: it cannot post messages. */
  conversationId?: string | undefined
  input: ViewInput
  displayMode: ViewDisplayMode
  onDisplayMode: (mode: ViewDisplayMode) => void
  /** The servers panel's view: always full screen; leaving full screen closes it. */
  fullscreenOnly?: boolean
  /** Told whether the view cannot be shown, so the caller can unfold the text result instead. */
  onProblem?: (problem: boolean) => void
  /** Names this view's place (a transcript's call), so it comes back at the height it had (view-heights.ts). */
  heightKey?: string
}) {
  // By its origin, not the object: app info read again must not open the view again.
  const sandboxOrigin = useAppState((state) => state.info?.viewSandbox?.origin)
  const sandbox = useMemo(
    () => (sandboxOrigin === undefined ? undefined : { origin: sandboxOrigin }),
    [sandboxOrigin],
  )
  const serverName =
    useAppState((state) => state.servers.find((server) => server.id === serverId)?.name) ?? serverId
  const viewRequest = useAppState((state) => state.viewRequest)
  const sendFromView = useAppState((state) => state.sendFromView)
  const [opening, setOpening] = useState<Opening>({ kind: 'opening' })
  const [closedByView, setClosedByView] = useState(false)
  const [height, setHeight] = useState(() => rememberedViewHeight(heightKey))
  const [log, setLog] = useState<ViewLogEntry[]>([])
  const [link, setLink] = useState<{ destination: LinkDestination; answer: (open: boolean) => void } | null>(
    null,
  )
  const frameRef = useRef<HTMLIFrameElement>(null)
  const overlayRef = useRef<HTMLDivElement>(null)
  const exitRef = useRef<HTMLButtonElement>(null)
  const fullscreen = displayMode === 'fullscreen'

  useEffect(() => {
    if (sandboxOrigin === undefined) return
    let gone = false
    viewRequest('views:open', { serverId, toolName }).then(
      (document) => !gone && setOpening({ kind: 'opened', document }),
      (error: unknown) => !gone && setOpening({ kind: 'failed', message: message(error) }),
    )
    return () => {
      gone = true
    }
  }, [sandboxOrigin, serverId, toolName, viewRequest])

  const opened = opening.kind === 'opened' ? opening.document : null
  const context = useHostContext({ serverId, toolName, displayMode })

  const host = (instanceId: string): ViewSessionHost => {
    const origin = { instanceId, serverId, toolName, ...(conversationId ? { conversationId } : {}) }
    return {
      async callTool(name, args) {
        const { result } = await viewRequest('views:call-tool', {
          view: origin,
          toolName: name,
          ...(args ? { arguments: args as Record<string, never> } : {}),
        })
        return result
      },
      async readResource(uri) {
        return (await viewRequest('views:read-resource', { view: origin, uri })).result
      },
      async sendMessage(text) {
        if (!conversationId) {
          throw new Error('This view is not in a conversation: it was opened from the servers panel.')
        }
        await sendFromView(conversationId, text, { serverId, toolName })
      },
      async updateModelContext(update) {
        if (!conversationId) {
          throw new Error('This view is not in a conversation: there is no model to tell.')
        }
        await viewRequest('views:update-model-context', {
          view: { ...origin, conversationId },
          ...(update as {
            content?: Array<Record<string, never>>
            structuredContent?: Record<string, never>
          }),
        })
      },
      confirmLink(url) {
        const destination = linkDestination(url)
        if (!destination) return Promise.resolve(false)
        return new Promise((answer) => setLink({ destination, answer }))
      },
      requestDisplayMode(mode) {
        if (fullscreenOnly) return 'fullscreen'
        if (mode === 'inline' || mode === 'fullscreen') {
          onDisplayMode(mode)
          return mode
        }
        return displayMode
      },
      sizeChanged(next) {
        if (next === undefined || fullscreen) return
        const clamped = clampViewHeight(next)
        rememberViewHeight(heightKey, clamped)
        setHeight(clamped)
      },
      log(entry) {
        setLog((entries) => [...entries, entry].slice(-MAX_VIEW_LOG_ENTRIES))
      },
      initialized() {},
      requestTeardown() {
        // Unmounting the frame runs the usual teardown (ui/resource-teardown, then views:closed).
        if (fullscreenOnly || fullscreen) onDisplayMode('inline')
        if (!fullscreenOnly) setClosedByView(true)
      },
    }
  }

  const closed = useCallback(
    (instanceId: string) => void viewRequest('views:closed', { instanceId }).catch(() => undefined),
    [viewRequest],
  )
  const { failure, instanceId } = useViewSession({
    frameRef,
    // A view that closed itself has no frame: its session ends, and a new one starts if it is shown again.
    opened: closedByView ? null : opened,
    input,
    context,
    host,
    closed,
  })
  const exit = useCallback(() => onDisplayMode('inline'), [onDisplayMode])
  useFullscreenFocus(fullscreen, overlayRef, exitRef, exit)

  const answerLink = (open: boolean) => {
    if (!link) return
    if (open) window.open(link.destination.url, '_blank', 'noopener,noreferrer')
    link.answer(open)
    setLink(null)
  }

  const problem = !sandbox
    ? 'This window cannot show tool views (it has no sandbox for them).'
    : opening.kind === 'failed'
      ? `The view cannot be shown: ${opening.message}`
      : failure
        ? `The view stopped: ${failure}`
        : null
  useEffect(() => onProblem?.(problem !== null), [onProblem, problem])
  if (problem) {
    return (
      <p className="app-view-problem" data-testid="app-view-problem" role="status">
        {problem}
      </p>
    )
  }
  const label = `View of ${toolName} · ${serverName}`
  if (closedByView) {
    return (
      <p className="app-view-problem" data-testid="app-view-closed" role="status">
        The view closed itself.{' '}
        <button type="button" className="button button--small" onClick={() => setClosedByView(false)}>
          Show the view again
        </button>
      </p>
    )
  }
  return (
    <>
      {/* Holds the row's height while the view is lifted out of it, so the transcript does not jump. */}
      {fullscreen && !fullscreenOnly && <div aria-hidden="true" style={{ height }} />}
      <div
        ref={overlayRef}
        className={fullscreen ? 'app-view app-view--fullscreen' : 'app-view'}
        data-testid="app-view"
        data-display-mode={displayMode}
        {...(fullscreen ? { role: 'dialog', 'aria-modal': true, 'aria-label': label } : {})}
      >
        {fullscreen && (
          <div className="app-view-bar">
            <span className="app-view-bar-title">{label}</span>
            <button type="button" ref={exitRef} className="button" onClick={exit}>
              {fullscreenOnly ? 'Close view' : 'Exit full screen'}
            </button>
          </div>
        )}
        {opened && sandbox ? (
          <iframe
            ref={frameRef}
            className="app-view-frame"
            data-testid="app-view-frame"
            title={`View of the tool ${toolName} from the server ${serverName}`}
            src={viewProxyUrl(sandbox, opened)}
            sandbox="allow-scripts allow-same-origin"
            {...(buildAllowAttribute(opened.permissions)
              ? { allow: buildAllowAttribute(opened.permissions) }
              : {})}
            style={fullscreen ? undefined : { height, width: '100%' }}
          />
        ) : (
          <p className="hint" role="status" style={fullscreen ? undefined : { height }}>
            Opening the view…
          </p>
        )}
        {instanceId && <ViewCards instanceId={instanceId} />}
        <ViewLog entries={log} />
        {link && (
          <OpenLinkDialog
            destination={link.destination}
            text={undefined}
            onOpen={() => answerLink(true)}
            onCancel={() => answerLink(false)}
          />
        )}
      </div>
    </>
  )
}
