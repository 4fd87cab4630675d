import {
  Children,
  isValidElement,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { createPortal } from 'react-dom'
import { textIsDestination, type LinkDestination } from './link-destination'
import { RevealedText } from './revealed-text'
import { UrlWithHost } from './url-with-host'

/** The visible text of a link's children (they may hold emphasis or code). */
function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => {
      if (typeof child === 'string' || typeof child === 'number') return String(child)
      if (isValidElement<{ children?: ReactNode }>(child)) return textOf(child.props.children)
      return ''
    })
    .join('')
}

/**
 * Asks before a link leaves the app, naming the whole destination with its host emphasised (as the URL
 * elicitation card does) and, when it differs, what the link's text claimed. Cancel has focus, so Enter
 * or Escape opens nothing.
 */
export function OpenLinkDialog({
  destination,
  text,
  onOpen,
  onCancel,
}: {
  destination: LinkDestination
  /** The link's text when it is not the destination itself. */
  text: string | undefined
  onOpen: () => void
  onCancel: () => void
}) {
  const titleId = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  useEffect(() => cancelRef.current?.focus(), [])
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.stopPropagation()
    onCancel()
  }
  return (
    <div className="modal-backdrop" data-testid="open-link-backdrop">
      <div
        className="modal open-link-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="open-link-dialog"
        onKeyDown={onKeyDown}
      >
        {/* A div, not <header>: outside a section a header is a second banner landmark beside the title bar. */}
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            Open this link outside MCP Desk?
          </h2>
        </div>
        <div className="modal-body">
          {text !== undefined && (
            <p>
              The link’s text says{' '}
              <q className="selectable" data-testid="link-text">
                <RevealedText text={text} />
              </q>
              , but it goes to:
            </p>
          )}
          <UrlWithHost url={destination.url} host={destination.host} testId="link-url" />
          <p className="hint">
            Opens on <strong className="elicitation-url-host">{destination.host}</strong> in your browser. Go
            on only if you expected to go there.
          </p>
          <div className="approval-actions" role="group" aria-label="Open the link?">
            <button type="button" className="button button--primary" onClick={onOpen}>
              Open in browser
            </button>
            <button type="button" className="button" ref={cancelRef} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </div>
      </div>
    </div>
  )
}

/**
 * A link in the model's text. Its text can say anything, so when that is not the destination itself the
 * host it really goes to is shown beside it, and the full URL is its tooltip. Clicking (also a middle
 * click) never opens it directly: an in-app dialog asks first. The open itself goes through window.open,
 * which the desktop window hands to the link policy (core/security/external-link-policy.ts) and web mode
 * opens as a new tab.
 */
export function ExternalLink({
  href,
  destination,
  children,
}: {
  href: string
  destination: LinkDestination
  children: ReactNode
}) {
  const [confirming, setConfirming] = useState(false)
  const linkRef = useRef<HTMLAnchorElement>(null)
  const text = textOf(children)
  const differs = !textIsDestination(text, destination, href)

  const ask = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    setConfirming(true)
  }
  const close = () => {
    setConfirming(false)
    linkRef.current?.focus()
  }
  const open = () => {
    window.open(destination.url, '_blank', 'noopener')
    close()
  }

  return (
    <>
      <a
        ref={linkRef}
        href={destination.url}
        target="_blank"
        rel="noopener noreferrer"
        title={`Goes to ${destination.url}`}
        onClick={ask}
        onAuxClick={ask}
      >
        {children}
      </a>
      {differs && destination.host !== '' && (
        <span className="markdown-link-host">
          {' ('}
          {destination.host}
          {')'}
        </span>
      )}
      {confirming &&
        createPortal(
          <OpenLinkDialog
            destination={destination}
            text={differs ? text : undefined}
            onOpen={open}
            onCancel={close}
          />,
          document.body,
        )}
    </>
  )
}
