import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge'
import type { ViewDocument } from '../../../shared/apps/view-schema'
import { startViewSession, type ViewInput, type ViewSession, type ViewSessionHost } from './view-session'

/**
 * Runs the bridge for one opened view while its frame is mounted. Starts once per opening (the host's
 * callbacks are read through a ref, so a re-render never reconnects); on unmount the view is asked to tear
 * down, the channel closed and the host told the instance is gone.
 */
export function useViewSession({
  frameRef,
  opened,
  input,
  context,
  host,
  closed,
}: {
  frameRef: RefObject<HTMLIFrameElement | null>
  opened: { document: ViewDocument; instanceId: string } | null
  input: ViewInput
  context: McpUiHostContext
  host: ViewSessionHost
  closed: (instanceId: string) => void
}): { failure: string | null } {
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

  useEffect(() => {
    const frame = frameRef.current?.contentWindow
    if (!opened || !frame) return
    const relay: ViewSessionHost = {
      callTool: (name, args) => hostRef.current.callTool(name, args),
      readResource: (uri) => hostRef.current.readResource(uri),
      sendMessage: (text) => hostRef.current.sendMessage(text),
      updateModelContext: (update) => hostRef.current.updateModelContext(update),
      confirmLink: (url) => hostRef.current.confirmLink(url),
      requestDisplayMode: (mode) => hostRef.current.requestDisplayMode(mode),
      sizeChanged: (height) => hostRef.current.sizeChanged(height),
      log: (entry) => hostRef.current.log(entry),
      initialized: () => hostRef.current.initialized(),
    }
    let gone = false
    const starting = startViewSession({
      frame,
      document: opened.document,
      input: inputRef.current,
      context: contextRef.current,
      host: relay,
    }).then(
      (session) => {
        if (!gone) sessionRef.current = session
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
      const instanceId = opened.instanceId
      void starting
        .then((session) => session?.close())
        .catch(() => undefined)
        .finally(() => closedRef.current(instanceId))
    }
  }, [opened, frameRef])

  useEffect(() => {
    sessionRef.current?.setHostContext(context)
  }, [context])

  return { failure }
}
