// The bytes of the two stream faults the mock's player has no script for, as the pieces to write.
import { buildChunk, contentDeltas, newCompletionIdentity } from '../../fixtures/mock-openai/chunk-builder'

export interface SseFault {
  /** Written in order; the player may pause between pieces. */
  pieces: string[]
}

/**
 * A whole, valid completion stream (the text in one delta, the finish chunk, [DONE]) cut into single
 * characters (bytes, for ASCII text): at one per interval no event is complete for a long time, though the
 * socket never goes quiet.
 */
export function byteDripStream(text: string, model: string): SseFault {
  const identity = newCompletionIdentity(model)
  const options = { includeUsage: false }
  const [delta = {}] = contentDeltas([text])
  const events = [buildChunk(identity, delta, null, options), buildChunk(identity, {}, 'stop', options)]
  const stream = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('') + 'data: [DONE]\n\n'
  return { pieces: [...stream] }
}

/** `data:` lines carrying the payloads as they are, e.g. half a JSON object, then the end of the stream. */
export function malformedSseStream(payloads: readonly string[]): SseFault {
  return { pieces: payloads.map((payload) => `data: ${payload}\n\n`) }
}
