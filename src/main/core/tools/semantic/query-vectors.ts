import type { EmbeddingSource } from './embedding-source'

/**
 * The vectors of recent queries (a model often searches the same words again within a turn), at most
 * `max`, the oldest dropped first. A query not embedded within `timeoutMs` is refused, so its search is
 * answered by words instead of waiting on a busy model.
 */
export class QueryVectors {
  readonly #vectors = new Map<string, Float32Array>()

  constructor(private readonly max = 64) {}

  async get(source: EmbeddingSource, text: string, timeoutMs: number): Promise<Float32Array> {
    const known = this.#vectors.get(text)
    if (known) return known
    const [vector] = await source.embed([text], { urgent: true, signal: AbortSignal.timeout(timeoutMs) })
    if (!vector) throw new Error('no vector came back')
    if (this.#vectors.size >= this.max) {
      const oldest = this.#vectors.keys().next().value
      if (oldest !== undefined) this.#vectors.delete(oldest)
    }
    this.#vectors.set(text, vector)
    return vector
  }

  clear(): void {
    this.#vectors.clear()
  }
}

/** The dot product: the cosine of two unit-length vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0)
  return sum
}
