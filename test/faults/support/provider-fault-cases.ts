// Each provider fault with the error it must end in, as documented: ARCHITECTURE.md "Sampling" step 6-7
// (-32001 with { chunks, chars } for a stall, -32603 with the HTTP status and the provider's message for a
// provider failure; `maxRetries: 1`, so a retryable status is tried twice) and "Chat" (the turn ends
// `error` with the same words as the sampling error's message, never retried; the provider form's promise
// that a stream silent for the chunk timeout "counts as stalled and is stopped" holds for chat too).
// Plain data (type-only imports), so the renderer's tests show these same errors.
import type { AuditEntry } from '../../../src/shared/sampling/sampling-card'
import type { FaultScript } from './provider-fault-scripts'

/** The fault host's one provider and model. */
export const MODEL_REF = 'faulty/mock-model'

/** Short, so the stall cases take seconds; the drip's one byte per second is slower than this. */
export const STALL_TIMEOUT_MS = 1500
/**
 * For the other faults: longer than the `ai` SDK's 2 s wait before its retry, which the stall watchdog
 * would otherwise count as silence (a 5xx retried under a 1.5 s chunk timeout ends as a stall).
 */
export const QUIET_TIMEOUT_MS = 10_000

export interface ProviderFaultCase {
  name: string
  /** What the provider does on every attempt. */
  script: FaultScript
  /** The provider's chunk timeout for this case. */
  chunkTimeoutMs: number
  sampling: {
    code: number
    message: string
    data?: Record<string, unknown>
    /** Requests the provider sees for one createMessage: 2 when the documented single retry applies. */
    attempts: number
    outcome: AuditEntry['outcome']
  }
}

const stalled = `the model ${MODEL_REF} produced nothing for 1.5 s (stalled)`
/** Both stall cases end alike: nothing was generated before the watchdog stopped the request. */
const stalledSampling: ProviderFaultCase['sampling'] = {
  code: -32001,
  message: stalled,
  data: { chunks: 0, chars: 0 },
  attempts: 1,
  outcome: 'stalled',
}

export const PROVIDER_FAULTS: ProviderFaultCase[] = [
  {
    name: 'headers then silence',
    script: { kind: 'stall', afterChunks: [] },
    chunkTimeoutMs: STALL_TIMEOUT_MS,
    sampling: stalledSampling,
  },
  {
    name: 'a 1 byte/s drip',
    script: { kind: 'byte_drip', text: 'Hello', intervalMs: 1000 },
    chunkTimeoutMs: STALL_TIMEOUT_MS,
    sampling: stalledSampling,
  },
  {
    name: 'HTTP 500',
    script: { kind: 'http_error', status: 500 },
    chunkTimeoutMs: QUIET_TIMEOUT_MS,
    sampling: {
      code: -32603,
      message: `the provider of ${MODEL_REF} failed (HTTP 500): The server had an error while processing your request.`,
      attempts: 2,
      outcome: 'error',
    },
  },
  {
    name: 'HTTP 429',
    // The `ai` SDK waits as long as retry-after-ms says before its one retry; short keeps the suite quick.
    script: { kind: 'http_error', status: 429, headers: { 'retry-after-ms': '50' } },
    chunkTimeoutMs: QUIET_TIMEOUT_MS,
    sampling: {
      code: -32603,
      message: `the provider of ${MODEL_REF} failed (HTTP 429): Rate limit reached for requests.`,
      attempts: 2,
      outcome: 'error',
    },
  },
  {
    name: 'malformed SSE',
    script: { kind: 'malformed_sse', payloads: ['{"choices": [', '[DONE]'] },
    chunkTimeoutMs: QUIET_TIMEOUT_MS,
    sampling: {
      code: -32603,
      message:
        `the model call to ${MODEL_REF} failed: JSON parsing failed: Text: {"choices": [.\n` +
        'Error message: SyntaxError: Unexpected end of JSON input',
      attempts: 1,
      outcome: 'error',
    },
  },
  {
    name: 'connection reset mid-stream',
    script: { kind: 'disconnect', afterChunks: ['Hel'] },
    chunkTimeoutMs: QUIET_TIMEOUT_MS,
    sampling: {
      code: -32603,
      message: `the provider of ${MODEL_REF} failed (HTTP 200): Failed to process successful response (terminated)`,
      attempts: 1,
      outcome: 'error',
    },
  },
]
