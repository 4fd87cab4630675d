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

/** What a server can ask for inside a result: a completion, a form (or URL), or the roots. */
export const inputKindSchema = z.enum(['sampling', 'elicitation', 'roots'])
export type InputKind = z.infer<typeof inputKindSchema>

/** One input a request's round asked for, as it is being handled (chat's live tool-call card). */
export const inputRoundNoticeSchema = z.object({
  round: z.number().int().positive(),
  asked: inputKindSchema,
})
export type InputRoundNotice = z.infer<typeof inputRoundNoticeSchema>

/** "inside tool “search”, round 2" — what a card says about where its request came from. */
export function describeInputOrigin(origin: InputOrigin): string {
  return `inside ${origin.kind} “${origin.name}”, round ${origin.round}`
}

const askedWords: Record<InputKind, string> = {
  sampling: 'a completion',
  elicitation: 'your input',
  roots: 'the roots',
}

/** "Round 2: asked for a completion and your input" — a running call's rounds in words. */
export function describeInputRound(round: number, asked: readonly InputKind[]): string {
  const words = [...new Set(asked)].map((kind) => askedWords[kind])
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '')
  return `Round ${round}: the server asked for ${list}`
}
