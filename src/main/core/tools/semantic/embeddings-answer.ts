import { z } from 'zod'
import { errorDetail, oneLine } from '../../net/http-answer'
import { redactUrl } from '../../mcp/redact'

/**
 * Reading an OpenAI-compatible `POST /embeddings` answer: its vectors, checked, or what was wrong with it.
 * Every problem is a phrase that follows the source's label ("Ollama: nomic-embed-text answered …").
 */

/** text-embedding-3-large has 3072 dimensions; nothing that is an embedding model has more than this. */
export const MAX_EMBEDDING_DIMENSIONS = 8192
/** 64 vectors of 8192 numbers written as JSON are ~12 MiB; a body far beyond is not an embeddings answer. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024

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
