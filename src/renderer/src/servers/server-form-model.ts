import type { z } from 'zod'
import { serverInputSchema, type ConfigValueInput, type ServerInput } from '../../../shared/mcp/server-input'
import type { SamplingPolicy, ServerProtocol } from '../../../shared/settings/settings-schema'
import type { ConfigValueView, ServerConfigView } from '../../../shared/settings/settings-view'
import {
  collectRows,
  rowIssueField,
  storedRows,
  urlHasHiddenParts,
  type FieldErrors,
  type ValueRow,
} from '../ui/value-rows-model'

/**
 * The add/edit form's data and its translation to the `ServerInput` the host takes. Pure, so the rules
 * (keep / replace / drop a stored value, one argument per line, where each problem is shown) are tested
 * without rendering.
 */

/**
 * A pre-registered OAuth client's secret, kept like a header value: the saved one never comes back, an
 * empty field keeps it, typing replaces it, Remove drops it.
 */
export interface ClientSecretField {
  /** What is saved, masked; null when nothing is (or it was removed in this edit). */
  stored: ConfigValueView | null
  value: string
}

export interface ServerFormState {
  /** `http` is Streamable HTTP and `sse` the legacy HTTP+SSE transport; both are "Remote" in the form. */
  transport: 'stdio' | 'http' | 'sse'
  name: string
  command: string
  /** One argument per line, taken literally: no quoting or splitting on spaces, empty lines ignored. */
  args: string
  cwd: string
  env: ValueRow[]
  url: string
  /** The saved URL as the host shows it when its credentials or query values are hidden (`***`). */
  hiddenUrl: string | null
  headers: ValueRow[]
  oauthClientId: string
  oauthClientSecret: ClientSecretField
  /** A URL-based client id (Client ID Metadata Document); empty = none of this server's own. */
  oauthClientMetadataUrl: string
  /** Space separated, as OAuth writes a scope list. */
  oauthScopes: string
  sampling: SamplingPolicy
  /** `provider/model` refs (or `provider/*`) sampling may use; empty = any configured model. */
  samplingModels: string[]
  /** Tokens per day as typed; empty = no budget. */
  samplingDailyTokens: string
  /** With tool search on, this server's tools are offered on every request instead of found by search. */
  toolsAlwaysLoaded: boolean
  /** The protocol era to speak (SSE servers always get the 2025 handshake). */
  protocol: ServerProtocol
  enabled: boolean
}

export function emptyServerForm(): ServerFormState {
  return {
    transport: 'stdio',
    name: '',
    command: '',
    args: '',
    cwd: '',
    env: [],
    url: '',
    hiddenUrl: null,
    headers: [],
    oauthClientId: '',
    oauthClientSecret: { stored: null, value: '' },
    oauthClientMetadataUrl: '',
    oauthScopes: '',
    sampling: 'ask',
    samplingModels: [],
    samplingDailyTokens: '',
    toolsAlwaysLoaded: false,
    protocol: 'auto',
    enabled: true,
  }
}

export function serverFormFromConfig(config: ServerConfigView): ServerFormState {
  const base = {
    ...emptyServerForm(),
    name: config.name,
    sampling: config.sampling,
    samplingModels: [...(config.samplingModels ?? [])],
    samplingDailyTokens: config.samplingDailyTokens === undefined ? '' : String(config.samplingDailyTokens),
    toolsAlwaysLoaded: config.toolsAlwaysLoaded === true,
    protocol: config.protocol ?? 'auto',
    enabled: config.enabled,
  }
  if (config.transport === 'stdio') {
    return {
      ...base,
      transport: 'stdio',
      command: config.command,
      args: config.args.join('\n'),
      cwd: config.cwd ?? '',
      env: storedRows(config.env),
    }
  }
  const hidden = urlHasHiddenParts(config.url)
  return {
    ...base,
    transport: config.transport,
    url: hidden ? '' : config.url,
    hiddenUrl: hidden ? config.url : null,
    headers: storedRows(config.headers),
    oauthClientId: config.oauth?.clientId ?? '',
    oauthClientSecret: { stored: config.oauth?.clientSecret ?? null, value: '' },
    oauthClientMetadataUrl: config.oauth?.clientMetadataUrl ?? '',
    oauthScopes: (config.oauth?.scopes ?? []).join(' '),
  }
}

/** Whether the form holds any OAuth setting, so the section starts open when editing one. */
export function hasOAuthSettings(form: ServerFormState): boolean {
  return (
    form.oauthClientId.trim() !== '' ||
    form.oauthClientMetadataUrl.trim() !== '' ||
    form.oauthScopes.trim() !== '' ||
    form.oauthClientSecret.stored !== null ||
    form.oauthClientSecret.value !== ''
  )
}

/** The form fields OAuth problems are shown beside. */
export const OAUTH_FIELDS = [
  'oauthClientId',
  'oauthClientSecret',
  'oauthClientMetadataUrl',
  'oauthScopes',
] as const

/**
 * The `oauth` block of the input, left out when every field is empty. An edit replaces the whole saved
 * block with this one, so every field the settings can hold must have its form field here, or saving
 * drops it (server-form-model.test.ts checks the list against the settings schema).
 */
function oauthInput(
  form: ServerFormState,
  errors: FieldErrors,
): Extract<ServerInput, { url: string }>['oauth'] {
  const clientId = form.oauthClientId.trim()
  const clientMetadataUrl = form.oauthClientMetadataUrl.trim()
  const scopes = form.oauthScopes.split(/\s+/).filter((scope) => scope !== '')
  const secret = form.oauthClientSecret
  const clientSecret: ConfigValueInput | undefined =
    secret.value !== '' ? { value: secret.value } : secret.stored ? { keep: true } : undefined
  if (clientSecret && clientId === '') errors.oauthClientId = 'enter the client id this secret belongs to'
  if (clientId === '' && clientMetadataUrl === '' && scopes.length === 0 && !clientSecret) return undefined
  return {
    ...(clientId === '' ? {} : { clientId }),
    ...(clientSecret ? { clientSecret } : {}),
    ...(clientMetadataUrl === '' ? {} : { clientMetadataUrl }),
    ...(scopes.length > 0 ? { scopes } : {}),
  }
}

export function parseArgs(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '')
}

function issueField(issue: z.core.$ZodIssue, form: ServerFormState): { field: string; message: string } {
  const inRow = rowIssueField(issue, 'env', form.env) ?? rowIssueField(issue, 'headers', form.headers)
  if (inRow) return inRow
  const [head, part] = issue.path
  if (head === 'oauth') {
    if (part === 'clientSecret') return { field: 'oauthClientSecret', message: issue.message }
    if (part === 'clientMetadataUrl') return { field: 'oauthClientMetadataUrl', message: issue.message }
    return { field: part === 'scopes' ? 'oauthScopes' : 'oauthClientId', message: issue.message }
  }
  if (
    head === 'name' ||
    head === 'command' ||
    head === 'cwd' ||
    head === 'url' ||
    head === 'args' ||
    head === 'samplingModels' ||
    head === 'samplingDailyTokens'
  ) {
    return { field: head, message: issue.message }
  }
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
  return { field: 'form', message: `${where}${issue.message}` }
}

/**
 * The input to send, or the problems to show beside their fields. Checked with the same schema the host
 * uses, so what passes here is only refused by the host for reasons it alone can know.
 */
export function buildServerInput(
  form: ServerFormState,
): { ok: true; input: ServerInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const budgetText = form.samplingDailyTokens.trim()
  const budget = budgetText === '' ? undefined : Number(budgetText)
  if (budget !== undefined && Number.isNaN(budget)) {
    errors.samplingDailyTokens = 'enter a number of tokens, or leave it empty for no budget'
  }
  const common = {
    name: form.name,
    enabled: form.enabled,
    sampling: form.sampling,
    // None checked means any model: the key is left out rather than sent as an empty list.
    ...(form.samplingModels.length > 0 ? { samplingModels: [...form.samplingModels] } : {}),
    ...(budget !== undefined && !Number.isNaN(budget) ? { samplingDailyTokens: budget } : {}),
    // Always sent, like `enabled`: an edit replaces the whole config, so unchecking must say false.
    toolsAlwaysLoaded: form.toolsAlwaysLoaded,
    protocol: form.transport === 'sse' ? 'auto' : form.protocol,
  }
  const input: ServerInput =
    form.transport === 'stdio'
      ? {
          ...common,
          transport: 'stdio',
          command: form.command,
          args: parseArgs(form.args),
          env: collectRows('env', form.env, errors, true),
          ...(form.cwd.trim() !== '' ? { cwd: form.cwd.trim() } : {}),
        }
      : remoteInput(form, common, errors)
  if (form.transport !== 'stdio' && form.url.trim() === '' && form.hiddenUrl) {
    errors.url = 'enter the full URL again: its hidden parts cannot be kept'
  }
  const parsed = serverInputSchema.safeParse(input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { field, message } = issueField(issue, form)
      errors[field] ??= message
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input }
}

function remoteInput(
  form: ServerFormState,
  common: Omit<ServerInput, 'transport' | 'url' | 'headers' | 'command'>,
  errors: FieldErrors,
): ServerInput {
  const oauth = oauthInput(form, errors)
  return {
    ...common,
    transport: form.transport === 'sse' ? 'sse' : 'http',
    url: form.url.trim(),
    headers: collectRows('headers', form.headers, errors, true),
    ...(oauth ? { oauth } : {}),
  }
}
