import { z } from 'zod'
import { redactUrl } from '../../mcp/redact'

/**
 * Reading an OpenAI-compatible `POST /embeddings` answer: its vectors, checked, or what was wrong with it.
 * Every problem is a phrase that follows the source's label ("Ollama: nomic-embed-text answered …").
 */

/** text-embedding-3-large has 3072 dimensions; nothing that is an embedding model has more than this. */
export const MAX_EMBEDDING_DIMENSIONS = 8192
/** 64 vectors of 8192 numbers written as JSON are ~12 MiB; a body far beyond is not an embeddings answer. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024

export class AnswerTooLargeError extends Error {}

const answerSchema = z.looseObject({
  data: z.array(z.looseObject({ embedding: z.array(z.unknown()), index: z.unknown().optional() })),
})

export type ParsedAnswer = { vectors: number[][] } | { problem: string }

/** The vectors in the order of the texts sent (by each entry's `index` when all entries have one). */
export function parseEmbeddingsAnswer(body: string, texts: number): ParsedAnswer {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    const start = oneLine(body, 60)
    return {
      problem: `answered with something that is not JSON${start === '' ? ' (an empty body)' : ` ("${start}")`}`,
    }
  }
  const parsed = answerSchema.safeParse(json)
  if (!parsed.success) {
    return {
      problem:
        'answered JSON that is not a list of embeddings ' +
        '(expected { "data": [{ "embedding": [numbers…] }] })',
    }
  }
  const entries = parsed.data.data
  if (entries.length === 0) return { problem: 'is not an embedding model (answered no vectors)' }
  if (entries.length !== texts) {
    return { problem: `answered ${entries.length} vectors for ${texts} texts` }
  }
  const ordered = inIndexOrder(entries)
  if (!ordered) return { problem: 'answered vectors whose indexes are not 0 to n-1, each once' }
  return checkedVectors(ordered)
}

function inIndexOrder<T extends { index?: unknown }>(entries: readonly T[]): T[] | undefined {
  // Servers that leave `index` out answer in input order.
  if (entries.every((entry) => entry.index === undefined)) return [...entries]
  const ordered: T[] = []
  for (const entry of entries) {
    const index = entry.index
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= entries.length) {
      return undefined
    }
    if (ordered[index] !== undefined) return undefined
    ordered[index] = entry
  }
  return ordered
}

function checkedVectors(entries: ReadonlyArray<{ embedding: unknown[] }>): ParsedAnswer {
  const dimensions = entries[0]?.embedding.length ?? 0
  if (dimensions < 1 || dimensions > MAX_EMBEDDING_DIMENSIONS) {
    return {
      problem: `answered vectors of ${dimensions} dimensions (expected 1 to ${MAX_EMBEDDING_DIMENSIONS})`,
    }
  }
  const vectors: number[][] = []
  for (const { embedding } of entries) {
    if (embedding.length !== dimensions) {
      return {
        problem: `answered vectors of different lengths (${dimensions} and ${embedding.length} dimensions)`,
      }
    }
    // JSON has no NaN, but 1e999 parses to Infinity, and a server may send strings or nulls.
    if (!embedding.every((value) => typeof value === 'number' && Number.isFinite(value))) {
      return { problem: 'answered a vector with a value that is not a finite number' }
    }
    vectors.push(embedding as number[])
  }
  return { vectors }
}

export interface StatusContext {
  /** The endpoint as it may be shown (redacted). */
  shown: string
  endpoint: string
  hasKey: boolean
  hasHeaders: boolean
}

/** Why a non-2xx answer failed, as a phrase after the label. */
export async function describeStatus(response: Response, context: StatusContext): Promise<string> {
  const status = response.status
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location')
    const where = location ? ` to ${redactUrl(new URL(location, context.endpoint).toString())}` : ''
    return `was redirected from ${context.shown}${where} (HTTP ${status}); set the base URL to where it points`
  }
  // The body of an auth failure is never shown: OpenAI echoes part of the rejected key in it.
  if (status === 401 || status === 403) {
    if (context.hasKey) return `was refused: the provider rejected the API key (HTTP ${status})`
    if (context.hasHeaders) {
      return `was refused: the provider rejected the credentials in its headers (HTTP ${status})`
    }
    return `was refused: the provider needs an API key (HTTP ${status}), and none is configured`
  }
  const detail = await errorDetail(response)
  return `answered HTTP ${status}${detail ? `: ${detail}` : ''}`
}

/** The server's own explanation (OpenAI's `{ error: { message } }`, or the start of the body), one line. */
async function errorDetail(response: Response): Promise<string> {
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

/** The body as text, or AnswerTooLargeError past `limit` bytes (leaving the loop cancels the stream). */
export async function readCapped(response: Response, limit = MAX_ANSWER_BYTES): Promise<string> {
  if (!response.body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength
    if (size > limit) throw new AnswerTooLargeError()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max)}…` : line
}
