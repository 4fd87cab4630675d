/** Messages between BundledEmbeddingSource and embedding-worker.ts (types only: the worker imports nothing relative). */

export interface EmbedRequest {
  type: 'embed'
  id: number
  texts: string[]
}

export type WorkerReply =
  /** The model loaded; requests are answered from now on. */
  | { type: 'ready' }
  /** One unit-length vector per text of request `id`, in order. */
  | { type: 'vectors'; id: number; vectors: Float32Array[] }
  | { type: 'error'; id: number; message: string }
  /** The model could not be loaded: the worker answers nothing and should be stopped. */
  | { type: 'failed'; message: string }
