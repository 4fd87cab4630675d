import { useRef, useState } from 'react'
import { hasOAuthSettings, OAUTH_FIELDS, type ServerFormState } from './server-form-model'
import type { FieldErrors } from '../ui/value-rows-model'
import { StoredValue } from '../ui/stored-value'
import { TextField } from '../ui/text-field'

type Change = <K extends keyof ServerFormState>(key: K, value: ServerFormState[K]) => void

/**
 * A remote server's OAuth client, behind a disclosure because most servers need none: MCP Desk discovers
 * the authorization server and registers itself. It opens by itself when a saved server has settings in it
 * or when one of its fields has a problem, so focus can reach that field.
 */
export function ServerOAuthFields({
  id,
  form,
  errors,
  ownedPrefix,
  change,
}: {
  id: string
  form: ServerFormState
  errors: FieldErrors
  /** What the host names this server's own secrets (undefined while adding). */
  ownedPrefix: string | undefined
  change: Change
}) {
  const [open, setOpen] = useState(() => hasOAuthSettings(form))
  const hasProblem = OAUTH_FIELDS.some((field) => errors[field] !== undefined)
  return (
    <details
      className="disclosure server-form-oauth"
      data-testid="server-form-oauth"
      open={open || hasProblem}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>OAuth (optional)</summary>
      <div className="disclosure-body">
        <p className="field-hint">
          Leave these empty unless the server’s provider gave you a client: MCP Desk finds the sign-in page
          and registers itself when the server asks for a sign-in.
        </p>
        <TextField
          id={`${id}-oauth-client-id`}
          label="Client ID"
          value={form.oauthClientId}
          error={errors.oauthClientId}
          onChange={(v) => change('oauthClientId', v)}
        />
        <ClientSecretField
          id={`${id}-oauth-client-secret`}
          form={form}
          error={errors.oauthClientSecret}
          ownedPrefix={ownedPrefix}
          change={change}
        />
        <TextField
          id={`${id}-oauth-client-metadata-url`}
          label="Client ID metadata URL"
          type="url"
          value={form.oauthClientMetadataUrl}
          error={errors.oauthClientMetadataUrl}
          placeholder="https://example.com/oauth/mcp-desk.json"
          hint="Used as the OAuth client id when the authorization server supports Client ID Metadata Documents; otherwise MCP Desk registers itself. A Client ID above takes precedence."
          onChange={(v) => change('oauthClientMetadataUrl', v)}
        />
        <TextField
          id={`${id}-oauth-scopes`}
          label="Scopes"
          value={form.oauthScopes}
          error={errors.oauthScopes}
          placeholder="read write"
          hint="Space separated. Empty: the scopes the server asks for."
          onChange={(v) => change('oauthScopes', v)}
        />
      </div>
    </details>
  )
}

/** Like a header value: a saved secret shows only that it is stored; empty keeps it, typing replaces it. */
function ClientSecretField({
  id,
  form,
  error,
  ownedPrefix,
  change,
}: {
  id: string
  form: ServerFormState
  error: string | undefined
  ownedPrefix: string | undefined
  change: Change
}) {
  const inputRef = useRef<HTMLInputElement>(null)
  const secret = form.oauthClientSecret
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Client secret
      </label>
      {secret.stored && (
        <div className="oauth-secret-stored">
          <StoredValue ownedPrefix={ownedPrefix} value={secret.stored} />
          <button
            type="button"
            className="button button--small"
            aria-label="Remove the stored client secret"
            onClick={() => {
              change('oauthClientSecret', { stored: null, value: '' })
              // The button disappears with the stored value; the field is where the user goes next.
              inputRef.current?.focus()
            }}
          >
            Remove
          </button>
        </div>
      )}
      <input
        id={id}
        ref={inputRef}
        className="text-input"
        type="password"
        value={secret.value}
        placeholder={secret.stored ? 'keep stored value' : ''}
        autoComplete="new-password"
        spellCheck={false}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => change('oauthClientSecret', { ...secret, value: event.target.value })}
      />
      <p id={hintId} className="field-hint">
        Only for a confidential client. Kept in the secret store, never shown again.
      </p>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
