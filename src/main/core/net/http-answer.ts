import { z } from 'zod'

/**
 * Reading what an HTTP endpoint answered: bounded bodies for everything MCP Desk fetches (model discovery,
 * the embedding source, OAuth discovery, registries, bundle downloads), the error text an OpenAI-compatible
 * server sends, and the socket error undici hides behind "fetch failed".
 */

/** A body longer than the reader's limit. */
export class BodyTooLargeError extends Error {}

/**
 * The body's bytes, or BodyTooLargeError past `limit` bytes: refused at once when Content-Length already says
 * so, else when the stream passes it. With `signal`, a body that trickles forever ends when the signal
 * aborts, even if the stream ignores it (rejects with the signal's reason). The stream is cancelled on
 * every early exit.
 */
export async function readCappedBytes(
  response: Response,
  limit: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  if (response.body === null) return Buffer.alloc(0)
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limit) {
    await response.body.cancel().catch(() => undefined)
    throw new BodyTooLargeError()
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const aborted =
    signal === undefined
      ? undefined
      : new Promise<never>((_resolve, reject) => {
          const fail = (): void =>
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'))
          if (signal.aborted) fail()
          else signal.addEventListener('abort', fail, { once: true })
        })
  aborted?.catch(() => undefined)
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await (aborted ? Promise.race([reader.read(), aborted]) : reader.read())
      if (done) break
      total += value.byteLength
      if (total > limit) throw new BodyTooLargeError()
      chunks.push(value)
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined)
    throw error
  }
  return Buffer.concat(chunks)
}

/** The body as text, or BodyTooLargeError past `limit` bytes. */
export async function readCapped(response: Response, limit: number): Promise<string> {
  return (await readCappedBytes(response, limit)).toString('utf8')
}

/** What an error answer says: OpenAI's `{error: {message}}` or `{error: "…"}`, else the start of the text. */
export async function errorDetail(response: Response): Promise<string> {
  let text: string
  try {
    text = await readCapped(response, 64 * 1024)
  } catch {
    return ''
  }
  let detail = text
  try {
    const parsed = z
      .looseObject({ error: z.union([z.string(), z.looseObject({ message: z.string() })]) })
      .safeParse(JSON.parse(text))
    if (parsed.success) {
      detail = typeof parsed.data.error === 'string' ? parsed.data.error : parsed.data.error.message
    }
  } catch {
    // Not JSON: the start of the text body is the best explanation there is.
  }
  return oneLine(detail, 200)
}

export function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max)}…` : line
}

/** undici reports "fetch failed" and hides the socket error (with its `code`) in `cause` or `errors`. */
function systemErrorCode(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const code = (link as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return undefined
}

/**
 * Why a request to `base` got no answer, in the user's terms, from the socket error undici hides behind
 * "fetch failed". `request` names what was sent (e.g. `GET http://…/v1/models`).
 */
export function connectionFailure(error: unknown, name: string, base: string, request: string): string {
  const code = systemErrorCode(error)
  switch (code) {
    case 'ECONNREFUSED':
      return `${name} is not reachable at ${base}: connection refused — is the server running?`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `${name} is not reachable at ${base}: its host name could not be resolved`
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return `${name} closed the connection before answering ${request}`
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${name} is not reachable at ${base}: no route or no answer (${code})`
    case 'UND_ERR_BODY_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
      return `${name} did not answer ${request} in time (${code})`
    case undefined:
      return `${name} is not reachable at ${base}: ${oneLine(deepestMessage(error), 200)}`
    default:
      return `${name} is not reachable at ${base}: ${code}`
  }
}

/** A timeout as people read it: `30 s`, or `1500 ms` when it is not whole seconds. */
export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`
}

function deepestMessage(error: unknown): string {
  const messages = [...causeChain(error)].map((link) => (link instanceof Error ? link.message : String(link)))
  return messages.filter((message) => message !== '').at(-1) ?? 'unknown error'
}

function* causeChain(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>()
  const queue = [error]
  while (queue.length > 0) {
    const link = queue.shift()
    if (link === undefined || link === null || seen.has(link)) continue
    seen.add(link)
    yield link
    if (typeof link !== 'object') continue
    queue.push((link as { cause?: unknown }).cause)
    const errors = (link as { errors?: unknown }).errors
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]))
  }
}
