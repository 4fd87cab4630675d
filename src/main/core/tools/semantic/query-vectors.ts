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

/** The dot product: the cosine of two unit-length vectors (four sums at a time: 10,000 tools a search). */
export function dot(a: Float32Array, b: Float32Array): number {
  const length = Math.min(a.length, b.length)
  const whole = length - (length % 4)
  let s0 = 0
  let s1 = 0
  let s2 = 0
  let s3 = 0
  for (let i = 0; i < whole; i += 4) {
    s0 += (a[i] as number) * (b[i] as number)
    s1 += (a[i + 1] as number) * (b[i + 1] as number)
    s2 += (a[i + 2] as number) * (b[i + 2] as number)
    s3 += (a[i + 3] as number) * (b[i + 3] as number)
  }
  for (let i = whole; i < length; i++) s0 += (a[i] as number) * (b[i] as number)
  return s0 + s1 + s2 + s3
}
