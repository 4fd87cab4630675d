import { useId } from 'react'
import type { ServerConfigView } from '../../../shared/settings/settings-view'
import {
  buildServerInput,
  emptyServerForm,
  serverFormFromConfig,
  type ServerFormState,
} from './server-form-model'
import { staleRowErrorKeys, type ValueRow } from '../ui/value-rows-model'
import { serverSecretPrefix } from './server-labels'
import { useAppState } from '../app/store-context'
import { SamplingLimitsField } from '../sampling/sampling-limits-field'
import { SamplingPolicyField } from '../sampling/sampling-policy-field'
import { ServerOAuthFields } from './server-oauth-fields'
import { TextField } from '../ui/text-field'
import { useDrawerForm } from '../ui/use-drawer-form'
import { ValueRowsField } from '../ui/value-rows-field'
import { DrawerFormFooter } from '../ui/drawer-form-footer'
import { ServerProtocolField } from './server-protocol-field'

/** Error keys made stale by setting `key` to `value`: the field itself, or the rows that changed. */
function staleErrorKeys(form: ServerFormState, key: keyof ServerFormState, value: unknown): string[] {
  if (key !== 'env' && key !== 'headers') return [key]
  return staleRowErrorKeys(key, form[key], value as ValueRow[])
}

/**
 * Adds a server, or edits one (`config` given). It lives in the drawer, not in a modal, so the
 * conversation stays readable (useDrawerForm has the checking, focus and Escape rules). Stored values
 * are never filled back in: an empty value field on a saved row means "keep it".
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
  const { form, errors, hostProblem, busy, formRef, headingRef, change, submit, onKeyDown } = useDrawerForm({
    initial: () => (config ? serverFormFromConfig(config) : emptyServerForm()),
    staleKeys: staleErrorKeys,
    onCancel,
  })
  const id = useId()
  const editing = config !== undefined
  const title = editing ? `Edit ${config.name}` : 'Add a server'

  return (
    <form
      className="server-form"
      aria-label={title}
      ref={formRef}
      data-testid="server-form"
      noValidate
      onSubmit={(event) =>
        void submit(
          event,
          () => buildServerInput(form),
          (input) => (editing ? updateServer(config.id, input) : addServer(input)),
          onDone,
        )
      }
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
              checked={form.transport !== 'stdio'}
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
            ownedPrefix={config ? serverSecretPrefix(config.id) : undefined}
            choosable
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
          <fieldset className="plain-fieldset field" aria-describedby={`${id}-remote-transport-hint`}>
            <legend className="field-label">Transport</legend>
            <div className="radio-row">
              <label className="radio">
                <input
                  type="radio"
                  name={`${id}-remote-transport`}
                  checked={form.transport === 'http'}
                  onChange={() => change('transport', 'http')}
                />
                Streamable HTTP
              </label>
              <label className="radio">
                <input
                  type="radio"
                  name={`${id}-remote-transport`}
                  checked={form.transport === 'sse'}
                  onChange={() => change('transport', 'sse')}
                />
                SSE (legacy)
              </label>
            </div>
            <p id={`${id}-remote-transport-hint`} className="field-hint">
              SSE is the older remote transport: choose it only when the server says so (its URL often ends in
              /sse).
            </p>
          </fieldset>
          <ValueRowsField
            list="headers"
            ownedPrefix={config ? serverSecretPrefix(config.id) : undefined}
            choosable
            rows={form.headers}
            errors={errors}
            onChange={(rows) => change('headers', rows)}
          />
          <ServerOAuthFields
            id={id}
            form={form}
            errors={errors}
            ownedPrefix={config ? serverSecretPrefix(config.id) : undefined}
            change={change}
          />
        </>
      )}
      <SamplingPolicyField id={id} value={form.sampling} onChange={(v) => change('sampling', v)} />
      {form.sampling !== 'deny' && (
        <SamplingLimitsField
          id={id}
          selected={form.samplingModels}
          budget={form.samplingDailyTokens}
          modelsError={errors.samplingModels}
          budgetError={errors.samplingDailyTokens}
          onModelsChange={(refs) => change('samplingModels', refs)}
          onBudgetChange={(text) => change('samplingDailyTokens', text)}
        />
      )}
      {form.transport !== 'sse' && (
        <ServerProtocolField id={id} value={form.protocol} onChange={(value) => change('protocol', value)} />
      )}
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.toolsAlwaysLoaded}
            aria-describedby={`${id}-tools-always-loaded`}
            onChange={(event) => change('toolsAlwaysLoaded', event.target.checked)}
          />
          {"Always offer this server's tools (skip tool search)"}
        </label>
        <p id={`${id}-tools-always-loaded`} className="field-hint">
          While tool search is on, the model sees the tools of other servers only once it has searched for
          them.
        </p>
      </div>
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
      <DrawerFormFooter
        testId="server-form"
        editing={editing}
        addLabel="Add server"
        busy={busy}
        hostProblem={hostProblem}
        onCancel={onCancel}
      />
    </form>
  )
}
