import type { z } from 'zod'
import { DEFAULT_CHUNK_TIMEOUT_MS, type ProviderPresetId } from '../../../shared/models/model-schema'
import {
  providerInputSchema,
  type ProviderInput,
  type ProviderPreset,
} from '../../../shared/models/provider-input'
import type { ConfigValueInput } from '../../../shared/mcp/server-input'
import type { ProviderView } from '../../../shared/settings/settings-view'
import {
  collectRows,
  rowIssueField,
  storedRows,
  urlHasHiddenParts,
  type FieldErrors,
  type ValueRow,
} from '../ui/value-rows-model'

/**
 * The add/edit provider form's data and its translation to the `ProviderInput` the host takes. Pure, so
 * the rules (the key kept, replaced or removed; the preset's name and URL followed until the user types
 * their own; seconds to milliseconds) are tested without rendering.
 */
export interface ProviderFormState {
  preset: ProviderPresetId
  name: string
  baseUrl: string
  /** The saved URL as the host shows it when its credentials or query values are hidden (`***`). */
  hiddenUrl: string | null
  /** Editing: the preset the provider was saved with. While it is unchanged, an empty URL keeps the saved one. */
  savedPreset: ProviderPresetId | null
  /** A newly typed key; never filled from what is stored. */
  apiKey: string
  /** Editing a provider that has a key: empty `apiKey` keeps it unless `removeKey`. */
  keyStored: boolean
  removeKey: boolean
  headers: ValueRow[]
  /** Seconds of silence before a streaming answer counts as stalled; 0 turns the check off. */
  chunkTimeoutSeconds: string
}

/** Problems by field: `name`, `baseUrl`, `apiKey`, `chunkTimeout`, `headers.<rowId>.<name|value>`, `form`. */
export type ProviderFieldErrors = FieldErrors

const MAX_TIMEOUT_SECONDS = 86_400

function seconds(ms: number): string {
  return ms <= 0 ? '0' : String(Number((ms / 1000).toFixed(3)))
}

export function emptyProviderForm(preset: ProviderPreset | undefined): ProviderFormState {
  return {
    preset: preset?.id ?? 'custom',
    name: preset?.name ?? '',
    baseUrl: preset?.baseUrl ?? '',
    hiddenUrl: null,
    savedPreset: null,
    apiKey: '',
    keyStored: false,
    removeKey: false,
    headers: [],
    chunkTimeoutSeconds: seconds(DEFAULT_CHUNK_TIMEOUT_MS),
  }
}

export function providerFormFromView(view: ProviderView): ProviderFormState {
  const hidden = urlHasHiddenParts(view.baseUrl)
  return {
    preset: view.preset,
    name: view.name,
    baseUrl: hidden ? '' : view.baseUrl,
    hiddenUrl: hidden ? view.baseUrl : null,
    savedPreset: view.preset,
    apiKey: '',
    keyStored: view.apiKey !== undefined,
    removeKey: false,
    headers: storedRows(view.headers),
    chunkTimeoutSeconds: seconds(view.chunkTimeoutMs),
  }
}

/**
 * Switches the preset. The name and base URL follow the new preset while they still hold the old one's
 * (or nothing): what the user typed is never overwritten.
 */
export function choosePreset(
  form: ProviderFormState,
  next: ProviderPreset,
  previous: ProviderPreset | undefined,
): ProviderFormState {
  const follows = (value: string, previousDefault: string | undefined) =>
    value.trim() === '' || value === previousDefault
  return {
    ...form,
    preset: next.id,
    name: follows(form.name, previous?.name) ? next.name : form.name,
    baseUrl: follows(form.baseUrl, previous?.baseUrl) ? next.baseUrl : form.baseUrl,
  }
}

function timeoutMs(text: string, errors: FieldErrors): number | undefined {
  const trimmed = text.trim()
  const value = trimmed === '' ? Number.NaN : Number(trimmed)
  if (!Number.isFinite(value) || value < 0) {
    errors.chunkTimeout = 'enter a number of seconds, 0 or more (0 turns stall detection off)'
    return undefined
  }
  if (value > MAX_TIMEOUT_SECONDS) {
    errors.chunkTimeout = `at most ${MAX_TIMEOUT_SECONDS} seconds (a day)`
    return undefined
  }
  return Math.round(value * 1000)
}

function apiKeyInput(
  form: ProviderFormState,
  editing: boolean,
  preset: ProviderPreset | undefined,
  errors: FieldErrors,
): ConfigValueInput | null | undefined {
  // Pasted keys often bring a trailing newline or space, which no provider's key contains.
  const typed = form.apiKey.trim()
  let input: ConfigValueInput | null | undefined
  if (typed !== '') input = { value: typed }
  else if (editing && form.removeKey) input = null
  else if (editing && form.keyStored) input = { keep: true }
  if (preset?.needsApiKey && (input === undefined || input === null)) {
    errors.apiKey =
      editing && form.removeKey
        ? `${preset.name} needs an API key: enter a new one, or keep the stored key`
        : `${preset.name} needs an API key`
  }
  return input
}

function issueField(issue: z.core.$ZodIssue, form: ProviderFormState): { field: string; message: string } {
  const inRow = rowIssueField(issue, 'headers', form.headers)
  if (inRow) return inRow
  const [head] = issue.path
  if (head === 'name' || head === 'baseUrl' || head === 'apiKey')
    return { field: head, message: issue.message }
  if (head === 'chunkTimeoutMs') return { field: 'chunkTimeout', message: issue.message }
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
  return { field: 'form', message: `${where}${issue.message}` }
}

/**
 * The input to send, or the problems to show beside their fields. `preset` is the chosen preset's
 * description when the host has sent the list (it says whether a key is needed). Checked with the schema
 * the host uses, so what passes here is only refused for reasons only the host can know.
 */
export function buildProviderInput(
  form: ProviderFormState,
  options: { editing: boolean; preset: ProviderPreset | undefined },
): { ok: true; input: ProviderInput } | { ok: false; errors: ProviderFieldErrors } {
  const errors: FieldErrors = {}
  const name = form.name.trim()
  const baseUrl = form.baseUrl.trim()
  // Left empty, the host keeps the saved URL (same preset) or uses the preset's own address.
  const keepsSavedUrl = form.savedPreset === form.preset
  if (baseUrl === '' && !keepsSavedUrl && form.preset === 'custom') {
    errors.baseUrl = 'a custom provider needs its base URL, e.g. http://127.0.0.1:8000/v1'
  }
  const apiKey = apiKeyInput(form, options.editing, options.preset, errors)
  const chunkTimeoutMs = timeoutMs(form.chunkTimeoutSeconds, errors)
  const input: ProviderInput = {
    preset: form.preset,
    ...(name !== '' ? { name } : {}),
    ...(baseUrl !== '' ? { baseUrl } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    headers: collectRows('headers', form.headers, errors),
    ...(chunkTimeoutMs !== undefined ? { chunkTimeoutMs } : {}),
  }
  const parsed = providerInputSchema.safeParse(input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { field, message } = issueField(issue, form)
      errors[field] ??= message
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input }
}
