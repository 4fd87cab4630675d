import { createHash } from 'node:crypto'
import { IpcFailure } from '../../../../shared/ipc/ipc-error'
import { redactForLog, redactUrl } from '../../mcp/redact'
import { baseUrlProblem, type ProviderCredentials } from '../../models/language-model-factory'
import type { ProviderService } from '../../models/provider-service'
import { providerLabel } from '../../models/provider-settings'
import { normalized, type EmbeddingSource, type EmbedOptions } from './embedding-source'
import { BodyTooLargeError, connectionFailure, formatSeconds, readCapped } from '../../net/http-answer'
import { describeStatus, MAX_ANSWER_BYTES, parseEmbeddingsAnswer } from './embeddings-answer'

/** Texts per request: small enough for local servers and any provider's limit, large enough to be quick. */
export const EMBEDDING_BATCH_SIZE = 64
/** Per request: a local server loading its model takes seconds, a dead one should not hold the layer. */
export const EMBEDDING_TIMEOUT_MS = 30_000

export interface ProviderEmbeddingSourceOptions {
  providers: Pick<ProviderService, 'get' | 'connection'>
  providerId: string
  /** The provider's embedding model id, e.g. `nomic-embed-text` or `text-embedding-3-small`. */
  model: string
  fetch?: typeof fetch
  /** Per request; 30 s by default. */
  timeoutMs?: number
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+/g

/**
 * `provider:<providerId>:<model>:<12 hex of sha256(base URL)>`: vectors from another model or another
 * server (the same model name on a different machine may be a different model) get other cache keys.
 */
export function providerEmbeddingSourceId(providerId: string, model: string, baseUrl: string): string {
  const digest = createHash('sha256').update(withoutTrailingSlash(baseUrl)).digest('hex').slice(0, 12)
  return `provider:${providerId}:${model}:${digest}`
}

/**
 * The user's OpenAI-compatible embedding model (`POST {baseUrl}/embeddings`) as a vector source. Throws
 * an IpcFailure (`not_found`) when the provider does not exist. Each embed() resolves the key and headers
 * just before it sends, posts the texts in batches of 64 one after another (background batches of all
 * calls in one line, urgent ones beside it), and checks every answer; there are no retries. A failure
 * rejects with an IpcFailure whose message names the provider and model and says what happened, never
 * containing a key or header value; a cancellation (the caller's signal, or dispose()) rejects with an
 * error named `AbortError`.
 *
 * A plain fetch rather than the AI SDK's embedding model and embedMany: those retry twice by default
 * (tripling a timeout), follow redirects with the credentials, read a body of any size, and take the vectors in
 * array order without looking at `index`.
 */
export function createProviderEmbeddingSource(options: ProviderEmbeddingSourceOptions): EmbeddingSource {
  const { providers, providerId, model } = options
  const provider = providers.get(providerId)
  if (!provider) throw missingProvider(providerId, model)
  const baseUrl = provider.baseUrl
  const label = `${providerLabel(provider)}: ${model}`
  const timeoutMs = options.timeoutMs ?? EMBEDDING_TIMEOUT_MS
  const lifetime = new AbortController()
  // Vectors of one source must stay comparable: a server that swaps the model under the same name is caught.
  let dimensions: number | undefined
  const backgroundLane = createLane()

  const embed = async (texts: readonly string[], embedOptions: EmbedOptions): Promise<Float32Array[]> => {
    const signal = embedOptions.signal
      ? AbortSignal.any([embedOptions.signal, lifetime.signal])
      : lifetime.signal
    signal.throwIfAborted()
    if (texts.length === 0) return []
    const target = connect(providers, providerId, model, baseUrl, label, timeoutMs)
    const vectors: Float32Array[] = []
    for (let start = 0; start < texts.length; start += EMBEDDING_BATCH_SIZE) {
      signal.throwIfAborted()
      const post = (): Promise<number[][]> =>
        postBatch(target, texts.slice(start, start + EMBEDDING_BATCH_SIZE), signal, {
          fetch: options.fetch ?? fetch,
        })
      const batch = embedOptions.urgent ? await post() : await backgroundLane(post, signal)
      const length = batch[0]?.length ?? 0
      dimensions ??= length
      if (length !== dimensions) {
        throw target.fail(`${label} answered vectors of ${length} dimensions, earlier ones had ${dimensions}`)
      }
      for (const vector of batch) vectors.push(normalized(vector))
    }
    return vectors
  }

  return {
    id: providerEmbeddingSourceId(providerId, model, baseUrl),
    label,
    embed,
    dispose() {
      if (!lifetime.signal.aborted) {
        lifetime.abort(new DOMException(`${label}: the embedding source was stopped`, 'AbortError'))
      }
    },
  }
}

/**
 * One background request at a time across embed() calls, so a catalog's batches do not pile up on a local
 * server; urgent requests (queries) do not queue here and reach the server ahead of the waiting batches.
 */
function createLane(): <T>(work: () => Promise<T>, signal: AbortSignal) => Promise<T> {
  let tail: Promise<void> = Promise.resolve()
  return async (work, signal) => {
    const previous = tail
    let release!: () => void
    tail = new Promise<void>((resolve) => (release = resolve))
    try {
      await turnOf(previous, signal)
      return await work()
    } finally {
      // A caller that gave up while waiting must not let the next one run beside the current one.
      void previous.then(release)
    }
  }
}

async function turnOf(previous: Promise<void>, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted()
  let onAbort: (() => void) | undefined
  try {
    await Promise.race([
      previous,
      new Promise<never>((_, reject) => {
        onAbort = () => reject(signal.reason as Error)
        signal.addEventListener('abort', onAbort, { once: true })
      }),
    ])
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort)
  }
}

interface Target {
  label: string
  model: string
  endpoint: string
  /** The endpoint as it may be shown: no credentials, query or fragment. */
  shown: string
  base: string
  headers: Record<string, string>
  hasKey: boolean
  hasHeaders: boolean
  timeoutMs: number
  fail(message: string): IpcFailure
}

/** The provider as it is configured now, with its credentials resolved from the secret store. */
function connect(
  providers: ProviderEmbeddingSourceOptions['providers'],
  providerId: string,
  model: string,
  baseUrl: string,
  label: string,
  timeoutMs: number,
): Target {
  if (!providers.get(providerId)) throw missingProvider(providerId, model)
  let connection: ReturnType<typeof providers.connection>
  try {
    connection = providers.connection(providerId)
  } catch (error) {
    // A key or header whose secret is missing: the store's message names the secret, never a value.
    if (error instanceof IpcFailure) throw new IpcFailure(error.code, `${label}: ${error.message}`)
    throw error
  }
  const { provider, credentials } = connection
  // The source's id names the server its vectors came from; a moved provider needs a new source (and id).
  if (withoutTrailingSlash(provider.baseUrl) !== withoutTrailingSlash(baseUrl)) {
    throw new IpcFailure(
      'unavailable',
      `${label}: the provider's base URL changed since this embedding source was made; make a new one`,
    )
  }
  const problem = baseUrlProblem(baseUrl)
  if (problem !== undefined) throw new IpcFailure('validation_failed', `${label}: ${problem}`)
  const url = new URL(baseUrl)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/embeddings`
  const secrets = secretValuesOf(credentials)
  return {
    label,
    model,
    endpoint: url.toString(),
    shown: redactUrl(url.toString()),
    base: redactUrl(baseUrl).replace(/\/+$/, ''),
    headers: requestHeaders(credentials),
    hasKey: credentials.apiKey !== undefined && credentials.apiKey !== '',
    hasHeaders: Object.keys(credentials.headers).length > 0,
    timeoutMs,
    // URLs in messages (ours and ones quoted from servers) lose credentials and query, which may hold keys.
    fail: (message) =>
      new IpcFailure('unavailable', redactForLog(message.replace(URL_IN_TEXT, redactUrl), secrets)),
  }
}

async function postBatch(
  target: Target,
  texts: string[],
  signal: AbortSignal,
  io: { fetch: typeof fetch },
): Promise<number[][]> {
  const timeout = AbortSignal.timeout(target.timeoutMs)
  let body: string
  try {
    const response = await io.fetch(target.endpoint, {
      method: 'POST',
      headers: target.headers,
      // What the AI SDK's OpenAI-compatible embedding model sends.
      body: JSON.stringify({ model: target.model, input: texts, encoding_format: 'float' }),
      signal: AbortSignal.any([signal, timeout]),
      // A redirect would carry the credentials to wherever it points: report it instead of following.
      redirect: 'manual',
    })
    if (!response.ok) throw target.fail(`${target.label} ${await describeStatus(response, target)}`)
    body = await readCapped(response, MAX_ANSWER_BYTES)
  } catch (error) {
    if (error instanceof IpcFailure) throw error
    // The caller's cancellation wins over a timeout that fired at the same moment.
    signal.throwIfAborted()
    throw target.fail(describeFetchError(error, target, timeout.aborted))
  }
  const parsed = parseEmbeddingsAnswer(body, texts.length)
  if ('problem' in parsed) throw target.fail(`${target.label} ${parsed.problem}`)
  return parsed.vectors
}

function requestHeaders(credentials: ProviderCredentials): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json',
    ...(credentials.apiKey ? { authorization: `Bearer ${credentials.apiKey}` } : {}),
    // Extra headers go last, as the AI SDK adds them: a custom Authorization replaces the Bearer key.
    ...credentials.headers,
  }
}

function secretValuesOf(credentials: ProviderCredentials): string[] {
  return [credentials.apiKey, ...Object.values(credentials.headers)].filter(
    (value): value is string => value !== undefined && value !== '',
  )
}

function missingProvider(providerId: string, model: string): IpcFailure {
  return new IpcFailure(
    'not_found',
    `no provider with id "${providerId}" for the embedding model "${model}"; ` +
      'choose a configured provider or the bundled model',
  )
}

function describeFetchError(error: unknown, target: Target, timedOut: boolean): string {
  const { label, base } = target
  if (timedOut) return `${label} did not answer within ${formatSeconds(target.timeoutMs)}`
  if (error instanceof BodyTooLargeError) {
    return `${label} sent more than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB in one answer`
  }
  return connectionFailure(error, label, base, `POST ${target.shown}`)
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
