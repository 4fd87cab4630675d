import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge'
import type { ViewDocument } from '../../../shared/apps/view-schema'
import { startViewSession, type ViewInput, type ViewSession, type ViewSessionHost } from './view-session'

/**
 * Runs the bridge for one opened view while its frame is mounted, under an instance id of its own: each
 * run of the effect is a new instance to the host (React's development double mount closes the first
 * one, and an id the host was told is closed is never used again). The host's callbacks are read through
 * a ref, so a re-render never reconnects. On unmount the view is asked to tear down (if it got as far as
 * initializing), the channel is closed and the host told the instance is gone.
 */
/** Frames a session already ran in. */
const hosted = new WeakSet<HTMLIFrameElement>()

export function useViewSession({
  frameRef,
  opened,
  input,
  context,
  host,
  closed,
}: {
  frameRef: RefObject<HTMLIFrameElement | null>
  opened: ViewDocument | null
  input: ViewInput
  context: McpUiHostContext
  /** The host's side for the instance with this id. */
  host: (instanceId: string) => ViewSessionHost
  closed: (instanceId: string) => void
}): { failure: string | null; instanceId: string | null } {
  const hostRef = useRef(host)
  const closedRef = useRef(closed)
  const contextRef = useRef(context)
  const inputRef = useRef(input)
  // The latest callbacks and context, for a session that lives across renders (set before effects run).
  useLayoutEffect(() => {
    hostRef.current = host
    closedRef.current = closed
    contextRef.current = context
    inputRef.current = input
  })
  const sessionRef = useRef<ViewSession | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [instanceId, setInstanceId] = useState<string | null>(null)

  // A layout effect, not an effect: the proxy says "ready" once, when it loads, and its message is a task
  // of its own, so a bridge started in the same task as the frame's insertion is always listening by then
  // (an effect may run after it; the view then stayed blank for good).
  useLayoutEffect(() => {
    const element = frameRef.current
    const frame = element?.contentWindow
    if (!opened || !element || !frame) return
    // A second session on a frame whose proxy already said "ready" (and took its HTML): load it again.
    if (hosted.has(element)) element.setAttribute('src', element.getAttribute('src') ?? '')
    hosted.add(element)
    const id = crypto.randomUUID()
    const relay: ViewSessionHost = {
      callTool: (name, args) => hostRef.current(id).callTool(name, args),
      readResource: (uri) => hostRef.current(id).readResource(uri),
      sendMessage: (text) => hostRef.current(id).sendMessage(text),
      updateModelContext: (update) => hostRef.current(id).updateModelContext(update),
      confirmLink: (url) => hostRef.current(id).confirmLink(url),
      requestDisplayMode: (mode) => hostRef.current(id).requestDisplayMode(mode),
      sizeChanged: (height) => hostRef.current(id).sizeChanged(height),
      log: (entry) => hostRef.current(id).log(entry),
      initialized: () => hostRef.current(id).initialized(),
      requestTeardown: () => hostRef.current(id).requestTeardown(),
    }
    let gone = false
    const starting = startViewSession({
      frame,
      document: opened,
      input: inputRef.current,
      context: contextRef.current,
      host: relay,
    }).then(
      (session) => {
        if (!gone) {
          sessionRef.current = session
          setInstanceId(id)
        }
        return session
      },
      (error: unknown) => {
        if (!gone) setFailure(error instanceof Error ? error.message : String(error))
        return null
      },
    )
    return () => {
      gone = true
      sessionRef.current = null
      void starting
        .then((session) => session?.close())
        .catch(() => undefined)
        .finally(() => closedRef.current(id))
    }
  }, [opened, frameRef])

  useEffect(() => {
    sessionRef.current?.setHostContext(context)
  }, [context])

  return { failure, instanceId }
}
