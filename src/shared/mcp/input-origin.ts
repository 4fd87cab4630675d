import { z } from 'zod'

/**
 * The request whose result asked for this input (2026-07-28 MRTR): a tool call, a prompt or a resource
 * read, by name (the resource's URI), and the round (1 = the first answer asked for input).
 */
export const inputOriginSchema = z.object({
  kind: z.enum(['tool', 'prompt', 'resource']),
  name: z.string().max(2048),
  round: z.number().int().positive(),
})
export type InputOrigin = z.infer<typeof inputOriginSchema>

/** "inside tool “search”, round 2" — what a card says about where its request came from. */
export function describeInputOrigin(origin: InputOrigin): string {
  return `inside ${origin.kind} “${origin.name}”, round ${origin.round}`
}
