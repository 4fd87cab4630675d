import type { ServerAuthState } from '../../../shared/mcp/server-state'
import { firstLine } from './server-labels'
import { issuerHost, localTime, scopesText } from './sign-in-labels'

/**
 * Whom the server's token came from, what it allows and when it runs out (in local time). The token itself
 * never reaches the window. Sign out sits with the server's other actions.
 */
export function ServerSignedIn({ auth, serverName }: { auth: ServerAuthState; serverName: string }) {
  return (
    <div className="server-signed-in" data-testid="signed-in">
      <h4 className="server-card-subtitle">Signed in</h4>
      <dl className="key-values" aria-label={`Sign-in of ${serverName}`}>
        {auth.issuer && (
          <div className="key-value">
            <dt>Signed in on</dt>
            <dd className="selectable" data-testid="signed-in-issuer">
              {issuerHost(auth.issuer)}
            </dd>
          </div>
        )}
        <div className="key-value">
          <dt>Scopes</dt>
          <dd className="selectable" data-testid="signed-in-scopes">
            {scopesText(auth.scopes)}
          </dd>
        </div>
        {auth.expiresAt && (
          <div className="key-value">
            <dt>Token expires</dt>
            <dd
              className="selectable"
              data-testid="signed-in-expires"
              title="MCP Desk refreshes the token before it runs out"
            >
              <time dateTime={auth.expiresAt}>{localTime(auth.expiresAt)}</time>
            </dd>
          </div>
        )}
      </dl>
      {auth.error && (
        <p className="server-sign-in-error selectable" role="alert" data-testid="sign-in-error">
          {firstLine(auth.error)}
        </p>
      )}
    </div>
  )
}
