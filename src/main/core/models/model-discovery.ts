import { z } from 'zod'
import { IpcFailure } from '../../../shared/ipc/ipc-error'
import type { ProviderConfig } from '../../../shared/models/model-schema'
import type { DiscoveredModel } from '../../../shared/models/provider-input'
import {
  BodyTooLargeError,
  connectionFailure,
  errorDetail,
  formatSeconds,
  oneLine,
  readCapped,
} from '../net/http-answer'
import { redactForLog, redactUrl } from '../mcp/redact'
import { baseUrlProblem } from './language-model-factory'
import { isChatModelId } from './provider-presets'
import { statedFactsOf } from './stated-facts'

/** Long enough for a slow local server loading its model list, short enough that the panel does not hang. */
export const DISCOVERY_TIMEOUT_MS = 10_000
/** OpenRouter's list with all its metadata is a few MiB; anything far beyond is not a model list. */
const MAX_MODEL_LIST_BYTES = 16 * 1024 * 1024

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+/g

export interface DiscoveryTarget {
  provider: Pick<ProviderConfig, 'name' | 'baseUrl' | 'models'>
  /** Resolved from the secret store; sent only as `Authorization: Bearer …`. */
  apiKey?: string
  /** The provider's extra headers, resolved. */
  headers: Record<string, string>
}

export interface DiscoveryOptions {
  fetch?: typeof fetch
  signal?: AbortSignal
  timeoutMs?: number
}

/** A listed model; `chat` is false for ids that are plainly embeddings, speech, images or moderation. */
export interface DiscoveredModelEntry extends DiscoveredModel {
  chat: boolean
}

/**
 * One entry of a model list. OpenAI, vLLM, LM Studio, Groq, Mistral and Ollama's `/v1/models` send
 * `{ data: [{ id }] }`; Together sends a bare array; Ollama's native list sends `{ models: [{ name }] }`.
 */
const modelEntrySchema = z.union([
  z.string(),
  z.looseObject({ id: z.string().optional(), model: z.string().optional(), name: z.string().optional() }),
])
const modelListSchema = z.union([
  z.array(modelEntrySchema),
  z.looseObject({ data: z.array(modelEntrySchema) }).transform((list) => list.data),
  z.looseObject({ models: z.array(modelEntrySchema) }).transform((list) => list.models),
])

/**
 * `GET {baseUrl}/models`, as the provider's SDK would send it. Every failure is an IpcFailure (`unavailable`)
 * whose message names the provider and what went wrong; neither the key nor any header value can appear in
 * it, even when a server echoes them back.
 */
export async function discoverModels(
  target: DiscoveryTarget,
  options: DiscoveryOptions = {},
): Promise<DiscoveredModelEntry[]> {
  const context = describeTarget(target, options.timeoutMs ?? DISCOVERY_TIMEOUT_MS)
  const urlProblem = baseUrlProblem(target.provider.baseUrl)
  if (urlProblem !== undefined) throw context.fail(`${context.name}: ${urlProblem}`)
  const timeout = AbortSignal.timeout(context.timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  let body: string
  try {
    const response = await (options.fetch ?? fetch)(context.endpoint, {
      method: 'GET',
      headers: requestHeaders(target),
      signal,
      // A redirect would carry the extra headers to wherever it points: report it instead of following.
      redirect: 'manual',
    })
    if (!response.ok) throw context.fail(await describeStatus(response, context))
    body = await readCapped(response, MAX_MODEL_LIST_BYTES)
  } catch (error) {
    if (error instanceof IpcFailure) throw error
    throw context.fail(describeFetchError(error, context, timeout.aborted))
  }
  const entries = parseModelEntries(body, context)
  const configured = new Set(target.provider.models.map((model) => model.id))
  return entries.map(({ id, stated }) => ({
    id,
    configured: configured.has(id),
    chat: isChatModelId(id),
    ...(stated ? { stated } : {}),
  }))
}

interface TargetContext {
  name: string
  /** The provider's base URL as it may be shown: no credentials, query or fragment. */
  base: string
  endpoint: string
  /** The endpoint as it may be shown. */
  shown: string
  hasKey: boolean
  hasHeaders: boolean
  timeoutMs: number
  fail(message: string): IpcFailure
}

function describeTarget(target: DiscoveryTarget, timeoutMs: number): TargetContext {
  const url = new URL(target.provider.baseUrl)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/models`
  const secretValues = [target.apiKey, ...Object.values(target.headers)].filter(
    (value): value is string => value !== undefined && value !== '',
  )
  return {
    name: target.provider.name,
    base: redactUrl(target.provider.baseUrl).replace(/\/+$/, ''),
    endpoint: url.toString(),
    shown: redactUrl(url.toString()),
    hasKey: target.apiKey !== undefined && target.apiKey !== '',
    hasHeaders: Object.keys(target.headers).length > 0,
    timeoutMs,
    // URLs in messages (ours and ones quoted from errors) lose credentials and query, which may hold keys.
    fail: (message) =>
      new IpcFailure('unavailable', redactForLog(message.replace(URL_IN_TEXT, redactUrl), secretValues)),
  }
}

function requestHeaders(target: DiscoveryTarget): Record<string, string> {
  return {
    accept: 'application/json',
    ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
    // Extra headers go last, as the AI SDK adds them: a custom Authorization replaces the Bearer key.
    ...target.headers,
  }
}

async function describeStatus(response: Response, context: TargetContext): Promise<string> {
  const { name, shown } = context
  const status = response.status
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location')
    const where = location ? ` to ${redactUrl(new URL(location, context.endpoint).toString())}` : ''
    return `${name} redirected GET ${shown}${where} (HTTP ${status}); set the base URL to where it points`
  }
  // The body of an auth failure is never shown: OpenAI echoes part of the rejected key in it.
  if (status === 401 || status === 403) {
    if (context.hasKey) return `${name} rejected the API key (HTTP ${status})`
    if (context.hasHeaders) return `${name} rejected the credentials in its headers (HTTP ${status})`
    return `${name} needs an API key (HTTP ${status}), and none is configured`
  }
  if (status === 404) {
    const advice = 'check the base URL, which usually ends in /v1'
    return `${name} has no /models endpoint at ${shown} (HTTP 404); ${advice}`
  }
  const detail = await errorDetail(response)
  return `${name} answered HTTP ${status} to GET ${shown}${detail ? `: ${detail}` : ''}`
}

function describeFetchError(error: unknown, context: TargetContext, timedOut: boolean): string {
  const { name, base } = context
  if (timedOut)
    return `${name} did not answer GET ${context.shown} within ${formatSeconds(context.timeoutMs)}`
  if (error instanceof Error && error.name === 'AbortError') return `discovering ${name} models was cancelled`
  if (error instanceof BodyTooLargeError) return `${name} sent more than 16 MiB for GET ${context.shown}`
  return connectionFailure(error, name, base, `GET ${context.shown}`)
}

/** Each listed model's id and what the entry states about it; the first entry of an id wins. */
function parseModelEntries(
  body: string,
  context: TargetContext,
): Array<Pick<DiscoveredModel, 'id' | 'stated'>> {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    const start = oneLine(body, 60)
    const quoted = start === '' ? ' (an empty body)' : ` ("${start}")`
    throw context.fail(
      `${context.name} answered GET ${context.shown} with something that is not JSON${quoted}`,
    )
  }
  const parsed = modelListSchema.safeParse(json)
  if (!parsed.success) {
    throw context.fail(
      `${context.name} answered GET ${context.shown} with JSON that is not a model list ` +
        '(expected { "data": [{ "id": … }] })',
    )
  }
  const byId = new Map<string, Pick<DiscoveredModel, 'id' | 'stated'>>()
  for (const entry of parsed.data) {
    const raw = typeof entry === 'string' ? entry : (entry.id ?? entry.model ?? entry.name)
    const id = raw?.trim()
    if (id === undefined || id === '' || byId.has(id)) continue
    const stated = typeof entry === 'string' ? undefined : statedFactsOf(entry)
    byId.set(id, stated ? { id, stated } : { id })
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}
