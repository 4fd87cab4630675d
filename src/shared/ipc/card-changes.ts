import { z } from 'zod'

/**
 * What changed in a list of cards (elicitation questions, sampling approvals), sent instead of the whole
 * list, so a server with many cards on show cannot make every change cost the size of all of them. `seq`
 * counts changes from 1 without gaps; a list answer carries the `seq` it is current at, so a renderer that
 * sees a gap (a lost event, a reconnect) knows to ask for the whole list again.
 */
export function cardChangesSchema<C extends z.ZodType>(card: C) {
  return z.object({
    seq: z.number().int().positive(),
    /** Cards added or replaced (matched by id); new ones go last, in order. */
    upsert: z.array(card),
    /** Ids of cards taken off. */
    remove: z.array(z.string()),
  })
}

export interface CardChanges<C> {
  seq: number
  upsert: C[]
  remove: string[]
}
