// The mock OpenAI provider's scripts (test/fixtures/mock-openai: stalls, drips, HTTP errors, cut
// connections) plus the two faults its player cannot express: a stream whose bytes arrive too slowly for
// any event to complete, and SSE whose data is not a chunk. It also counts the completions in flight, so
// the sampling flood can check the concurrency limit from the provider's side, and can answer every
// request with one fallback script instead of a queue.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { EventLog } from '../../fixtures/mock-openai/event-log'
import { playScript, type ExchangeProgress } from '../../fixtures/mock-openai/script-player'
import { noScriptError } from '../../fixtures/mock-openai/openai-error'
import type { FaultScript } from './provider-fault-scripts'
import { byteDripStream, malformedSseStream, type SseFault } from './provider-sse-faults'

export interface FaultRequest {
  /** 1-based, in arrival order. */
  index: number
  path: string
  /** Header names lowercased. */
  headers: Record<string, string>
  rawBody: string
  /** Bytes of the response body written so far (the byte drip reports its progress here). */
  bytesSent: number
}

export interface FaultProvider {
  /** Base URL including `/v1`. */
  readonly url: string
  readonly requests: readonly FaultRequest[]
  /** Chat completions being answered right now, and the most there ever were at once. */
  readonly inFlight: number
  readonly maxInFlight: number
  enqueue(...scripts: FaultScript[]): void
  /** Answers every request the queue has no script for (the flood's provider). */
  setFallback(script: FaultScript | undefined): void
  waitForRequest(count?: number): Promise<FaultRequest>
  /** Resolves once no completion is in flight: every connection the client opened has been closed. */
  idle(): Promise<void>
  close(): Promise<void>
}

export async function startFaultProvider(): Promise<FaultProvider> {
  const requestLog = new EventLog<FaultRequest>('fault provider requests')
  const scripts: FaultScript[] = []
  const timers = new Set<NodeJS.Timeout>()
  let fallback: FaultScript | undefined
  let idleWaiters: Array<() => void> = []
  let inFlight = 0
  let maxInFlight = 0
  let closing = false

  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (closing) return resolve()
      const timer = setTimeout(() => {
        timers.delete(timer)
        resolve()
      }, ms)
      timers.add(timer)
    })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req)
    const recorded: FaultRequest = {
      index: requestLog.entries.length + 1,
      path: new URL(req.url ?? '/', 'http://127.0.0.1').pathname,
      headers: flatHeaders(req),
      rawBody,
      bytesSent: 0,
    }
    requestLog.push(recorded)
    const script = scripts.shift() ?? fallback
    if (recorded.path !== '/v1/chat/completions' || script === undefined) {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify(noScriptError(recorded.index)))
      return
    }
    const body = JSON.parse(rawBody) as { stream?: boolean; model?: string }
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    res.once('close', () => {
      inFlight -= 1
      if (inFlight > 0) return
      for (const resolve of idleWaiters) resolve()
      idleWaiters = []
    })
    if (script.kind === 'byte_drip' || script.kind === 'malformed_sse') {
      const fault: SseFault =
        script.kind === 'byte_drip'
          ? byteDripStream(script.text, body.model ?? 'mock-model')
          : malformedSseStream(script.payloads)
      await playSseFault(res, fault, script.kind === 'byte_drip' ? script.intervalMs : 0, recorded, pause)
      return
    }
    const progress: ExchangeProgress = { chunksSent: 0, destroyedByMock: false }
    await playScript(script, {
      response: res,
      stream: body.stream === true,
      includeUsage: true,
      model: body.model ?? 'mock-model',
      progress,
      pause,
    })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requestLog.entries
    },
    get inFlight() {
      return inFlight
    },
    get maxInFlight() {
      return maxInFlight
    },
    enqueue: (...added) => scripts.push(...added),
    setFallback: (script) => {
      fallback = script
    },
    waitForRequest: (count) => requestLog.waitFor(count),
    idle: () =>
      inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)),
    async close() {
      if (closing) return
      closing = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      requestLog.close()
      for (const resolve of idleWaiters) resolve()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Sends the fault's bytes in its pieces, intervalMs apart, stopping as soon as the client leaves. */
async function playSseFault(
  res: ServerResponse,
  fault: SseFault,
  intervalMs: number,
  recorded: FaultRequest,
  pause: (ms: number) => Promise<void>,
): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  res.flushHeaders()
  for (const [i, piece] of fault.pieces.entries()) {
    if (i > 0 && intervalMs > 0) await pause(intervalMs)
    if (res.destroyed || res.writableEnded) return
    res.write(piece)
    recorded.bytesSent += Buffer.byteLength(piece)
  }
  if (!res.destroyed) res.end()
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    req.on('data', (part: Buffer) => parts.push(part))
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
    req.on('error', reject)
  })
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}
