import { useEffect, useRef, useState } from 'react'
import type { ServerState, SignInStart } from '../../../shared/mcp/server-state'
import { splitUrl } from '../elicitation/elicitation-form-model'
import type { HostAnswer } from '../app/host-answer'
import { firstLine } from './server-labels'
import { isLinkExpired, signInHost } from './sign-in-labels'
import { useAppState } from '../app/store-context'

/** Only on a click: the desktop window's open handler sends it to the system browser, web mode opens a tab. */
function openInBrowser(url: string): void {
  window.open(url, '_blank', 'noopener')
}

/** The whole authorization link, for copying when no browser opened, with its host emphasised. */
function ShownLink({ link }: { link: SignInStart }) {
  const parts = splitUrl(link.authorizationUrl, link.host)
  return (
    <details className="disclosure">
      <summary>Show the link</summary>
      <p className="elicitation-url server-sign-in-link selectable" data-testid="sign-in-link">
        <span className="elicitation-url-part">{parts.start}</span>
        <strong className="elicitation-url-host">{parts.host}</strong>
        <span className="elicitation-url-part">{parts.rest}</span>
      </p>
    </details>
  )
}

/**
 * A remote server that needs OAuth: Sign in asks the host for an authorization link and opens it on the
 * same click; then the card waits for the browser, naming the host the user should see, until the
 * redirect arrives or the user cancels. Open again shows the same link (after a reload, or once the link
 * expired, it starts a fresh flow instead, since there is no link to show). A failed sign-in says why in
 * one line, with Sign in right below it.
 */
export function ServerSignIn({ state }: { state: ServerState }) {
  const link = useAppState((s) => s.signInLinks[state.id])
  const signIn = useAppState((s) => s.signIn)
  const cancelSignIn = useAppState((s) => s.cancelSignIn)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const waiting = state.auth?.state === 'waiting-for-browser'
  const host = signInHost(waiting ? link : undefined, state.auth)
  const signInRef = useRef<HTMLButtonElement>(null)
  const openAgainRef = useRef<HTMLButtonElement>(null)
  // The button clicked disappears when the card switches; keep the keyboard where the user is.
  const clicked = useRef(false)
  useEffect(() => {
    if (!clicked.current || busy) return
    clicked.current = false
    ;(waiting ? openAgainRef : signInRef).current?.focus()
  }, [waiting, busy])

  /** `switches`: a successful answer changes what the card shows, taking away the button clicked. */
  const ask = async <T,>(request: () => Promise<HostAnswer<T>>, switches: boolean): Promise<T | null> => {
    setBusy(true)
    setProblem(null)
    // Set before asking: the host's servers:changed may switch the card before its answer arrives.
    clicked.current = switches
    const answer = await request()
    setBusy(false)
    if (answer.ok) return answer.value
    clicked.current = false
    setProblem(answer.message)
    return null
  }

  const start = async () => {
    const started = await ask(() => signIn(state.id), !waiting)
    if (started) openInBrowser(started.authorizationUrl)
  }

  const openAgain = () => {
    if (link && !isLinkExpired(link)) openInBrowser(link.authorizationUrl)
    else void start()
  }

  const problemLine = problem && (
    <p className="field-error server-sign-in-problem selectable" role="alert" data-testid="sign-in-problem">
      {firstLine(problem)}
    </p>
  )

  if (waiting) {
    return (
      <div className="server-sign-in server-sign-in--waiting" data-testid="sign-in-waiting">
        <p role="status">
          <span className="server-sign-in-title">Waiting for the browser…</span>{' '}
          {host ? (
            <>
              Finish signing in on{' '}
              <strong className="server-sign-in-host" data-testid="sign-in-host">
                {host}
              </strong>
              .
            </>
          ) : (
            'Finish signing in there.'
          )}
        </p>
        {link && <ShownLink link={link} />}
        <div className="server-sign-in-actions" role="group" aria-label={`Signing in to ${state.name}`}>
          <button
            type="button"
            className="button"
            ref={openAgainRef}
            disabled={busy}
            aria-label={`Open again: sign-in page for ${state.name}`}
            onClick={openAgain}
          >
            Open again
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-label={`Cancel signing in to ${state.name}`}
            onClick={() => void ask(() => cancelSignIn(state.id), true)}
          >
            Cancel
          </button>
        </div>
        {problemLine}
      </div>
    )
  }

  return (
    <div className="server-sign-in" data-testid="sign-in">
      {state.auth?.error && (
        <p className="server-sign-in-error selectable" role="alert" data-testid="sign-in-error">
          Sign-in failed: {firstLine(state.auth.error)}
        </p>
      )}
      {state.auth?.requestedScopes ? (
        <p className="hint" data-testid="sign-in-step-up">
          {state.name} asks for more access to finish a request:{' '}
          <strong>{state.auth.requestedScopes.join(' ')}</strong>. The request waits until you sign in again
          {host ? (
            <>
              {' '}
              on <strong className="server-sign-in-host">{host}</strong>
            </>
          ) : null}
          .
        </p>
      ) : (
        <p className="hint">
          {state.name} asks you to sign in
          {host ? (
            <>
              {' '}
              on <strong className="server-sign-in-host">{host}</strong>
            </>
          ) : null}{' '}
          before MCP Desk can use it. The sign-in page opens in your browser.
        </p>
      )}
      <div className="server-sign-in-actions">
        <button
          type="button"
          className="button button--primary"
          ref={signInRef}
          disabled={busy}
          aria-label={`Sign in to ${state.name}`}
          onClick={() => void start()}
        >
          {busy ? 'Opening…' : 'Sign in'}
        </button>
      </div>
      {problemLine}
    </div>
  )
}
