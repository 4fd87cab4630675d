/**
 * Something that turns texts into vectors for tool search: the bundled model in a worker thread, or the
 * user's OpenAI-compatible embedding model. Every vector is unit length, so a dot product is the cosine.
 */
export interface EmbeddingSource {
  /**
   * The model and its version (and, for a provider, its endpoint): part of every cached vector's key, so
   * vectors of two models never mix.
   */
  readonly id: string
  /** What the window and the CLI call it. */
  readonly label: string
  /**
   * One unit-length vector per text, in order. An `urgent` request (a query) goes ahead of background
   * batches. Rejects with the reason when the source cannot answer.
   */
  embed(texts: readonly string[], options: EmbedOptions): Promise<Float32Array[]>
  /** Stops the worker or cancels what is in flight, freeing the model's memory. */
  dispose(): void
}

export interface EmbedOptions {
  urgent: boolean
  signal?: AbortSignal
}

/** Scales a vector to unit length (a zero vector stays zero). */
export function normalized(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values)
  let sum = 0
  for (const value of vector) sum += value * value
  const length = Math.sqrt(sum)
  if (length > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) / length
  return vector
}

/** What the user is told when their embedding model failed and the bundled one took over. */
export function fallbackNote(error: unknown, label?: string): string {
  const message = (error as Error).message.replace(/\.$/, '')
  // The provider's errors already name it ("Ollama: nomic-embed-text answered HTTP 500 …").
  const what =
    label !== undefined && message.startsWith(label)
      ? message
      : `${label ?? 'Your embedding model'} failed: ${message}`
  return `${what}. Using the built-in model instead.`
}
