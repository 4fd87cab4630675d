// What the fault provider can be told to do: the mock OpenAI provider's scripts plus two stream faults its
// player cannot express. Types only, with no Node imports, so the renderer's tests can share the cases.
import type { MockScript } from '../../fixtures/mock-openai/script-types'

/** Writes a complete, valid completion stream one character (byte, for ASCII) at a time, intervalMs apart. */
export interface ByteDripScript {
  kind: 'byte_drip'
  text: string
  intervalMs: number
}

/** Streams `data:` lines whose payloads are given raw (not JSON, or JSON that is no chunk), then ends. */
export interface MalformedSseScript {
  kind: 'malformed_sse'
  payloads: string[]
}

export type FaultScript = MockScript | ByteDripScript | MalformedSseScript
