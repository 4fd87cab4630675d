import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { ServerConfigView } from '../../../shared/settings/settings-view'
import {
  buildServerInput,
  emptyServerForm,
  serverFormFromConfig,
  type FieldErrors,
  type ServerFormState,
  type ValueRow,
} from '../state/server-form-model'
import { useAppState } from '../state/store-context'
import { SamplingPolicyField } from './sampling-policy-field'
import { TextField } from './text-field'
import { ValueRowsField } from './value-rows-field'

/** Error keys made stale by setting `key` to `value`: the field itself, or the rows that changed. */
function staleErrorKeys(form: ServerFormState, key: keyof ServerFormState, value: unknown): string[] {
  if (key !== 'env' && key !== 'headers') return [key]
  const before = new Set<ValueRow>(form[key])
  return (value as ValueRow[])
    .filter((row) => !before.has(row))
    .flatMap((row) => [`${key}.${row.rowId}.name`, `${key}.${row.rowId}.value`])
}

/**
 * Adds a server, or edits one (`config` given). It lives in the drawer, not in a modal, so the
 * conversation stays readable. Problems are shown beside their fields before anything is sent; what
 * the host refuses is shown above the buttons. Stored values are never filled back in: an empty value
 * field on a saved row means "keep it".
 */
export function ServerForm({
  config,
  onDone,
  onCancel,
}: {
  config?: ServerConfigView
  onDone: (id: string) => void
  onCancel: () => void
}) {
  const addServer = useAppState((state) => state.addServer)
  const updateServer = useAppState((state) => state.updateServer)
  const dismissError = useAppState((state) => state.dismissError)
  const [form, setForm] = useState<ServerFormState>(() =>
    config ? serverFormFromConfig(config) : emptyServerForm(),
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const [hostProblem, setHostProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Bumped when a check fails, so the first field with a problem gets focus after it is rendered.
  const [checks, setChecks] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const mounted = useRef(true)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const id = useId()
  const editing = config !== undefined
  const title = editing ? `Edit ${config.name}` : 'Add a server'

  useEffect(() => {
    mounted.current = true
    headingRef.current?.focus()
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    if (checks > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [checks])

  /** An edited field's problem goes away at once; the rest stay until the next Save. */
  const change = <K extends keyof ServerFormState>(key: K, value: ServerFormState[K]) => {
    const stale = staleErrorKeys(form, key, value)
    if (stale.length > 0) {
      setErrors((previous) =>
        Object.fromEntries(Object.entries(previous).filter(([field]) => !stale.includes(field))),
      )
    }
    setForm((previous) => ({ ...previous, [key]: value }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const built = buildServerInput(form)
    if (!built.ok) {
      setErrors(built.errors)
      setHostProblem(null)
      // Take the user to the first problem, not just paint it red somewhere below.
      setChecks((count) => count + 1)
      return
    }
    setErrors({})
    setHostProblem(null)
    setBusy(true)
    const result = editing ? await updateServer(config.id, built.input) : await addServer(built.input)
    if (!mounted.current) return
    setBusy(false)
    if (result.ok) return onDone(result.id)
    setHostProblem(result.message)
    // Shown here, where the user is looking; the copy in the window's error list would only repeat it.
    dismissError(result.errorId)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Escape leaves the form, not the whole drawer.
      event.stopPropagation()
      onCancel()
    }
  }

  return (
    <form
      className="server-form"
      aria-label={title}
      ref={formRef}
      data-testid="server-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={onKeyDown}
    >
      <h3 className="server-form-title" tabIndex={-1} ref={headingRef}>
        {title}
      </h3>
      <fieldset className="plain-fieldset field">
        <legend className="field-label">Connection</legend>
        <div className="radio-row">
          <label className="radio">
            <input
              type="radio"
              name={`${id}-transport`}
              checked={form.transport === 'stdio'}
              onChange={() => change('transport', 'stdio')}
            />
            Local command (stdio)
          </label>
          <label className="radio">
            <input
              type="radio"
              name={`${id}-transport`}
              checked={form.transport === 'http'}
              onChange={() => change('transport', 'http')}
            />
            Remote (HTTP)
          </label>
        </div>
      </fieldset>
      <TextField
        id={`${id}-name`}
        label="Name"
        value={form.name}
        error={errors.name}
        onChange={(v) => change('name', v)}
      />
      {form.transport === 'stdio' ? (
        <>
          <TextField
            id={`${id}-command`}
            label="Command"
            value={form.command}
            error={errors.command}
            placeholder="npx"
            hint="Run directly, without a shell."
            onChange={(v) => change('command', v)}
          />
          <TextField
            id={`${id}-args`}
            label="Arguments"
            multiline
            value={form.args}
            error={errors.args}
            placeholder={'-y\n@modelcontextprotocol/server-memory'}
            hint="One argument per line, exactly as written: no quotes needed. Empty lines are ignored."
            onChange={(v) => change('args', v)}
          />
          <TextField
            id={`${id}-cwd`}
            label="Working folder (optional)"
            value={form.cwd}
            error={errors.cwd}
            onChange={(v) => change('cwd', v)}
          />
          <ValueRowsField
            list="env"
            serverId={config?.id}
            rows={form.env}
            errors={errors}
            onChange={(rows) => change('env', rows)}
          />
        </>
      ) : (
        <>
          <TextField
            id={`${id}-url`}
            label="URL"
            type="url"
            value={form.url}
            error={errors.url}
            placeholder="https://example.com/mcp"
            hint={
              form.hiddenUrl ? (
                <>
                  Saved as <code className="selectable">{form.hiddenUrl}</code>; its hidden parts cannot be
                  kept, so enter the full URL again. Put keys in a header where you can.
                </>
              ) : (
                'https:// is required, except for localhost.'
              )
            }
            onChange={(v) => change('url', v)}
          />
          <ValueRowsField
            list="headers"
            serverId={config?.id}
            rows={form.headers}
            errors={errors}
            onChange={(rows) => change('headers', rows)}
          />
        </>
      )}
      <SamplingPolicyField id={id} value={form.sampling} onChange={(v) => change('sampling', v)} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(event) => change('enabled', event.target.checked)}
        />
        Enabled (connect to this server)
      </label>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      {hostProblem && (
        <p className="callout callout--danger selectable" role="alert" data-testid="server-form-host-problem">
          <strong>{editing ? 'Not saved' : 'Not added'}:</strong> {hostProblem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : editing ? 'Save' : 'Add server'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
