import { z } from 'zod'
import { embeddingSourceSchema } from '../settings/settings-schema'

/**
 * The semantic layer of tool search as the window and the CLI show it (issue 23).
 * - off: the setting is off (lexical ranking only, no model in memory);
 * - starting: the model is loading;
 * - embedding: vectors are being computed for `total - ready` tools (search fuses what exists);
 * - ready: every searchable tool has its vector;
 * - failed: no vector source works (search is lexical; `note` says why).
 */
export const semanticStateSchema = z.enum(['off', 'starting', 'embedding', 'ready', 'failed'])
export type SemanticState = z.infer<typeof semanticStateSchema>

export const semanticStatusSchema = z.object({
  state: semanticStateSchema,
  /** The source the settings ask for. */
  requested: embeddingSourceSchema,
  /** What produces the vectors now (the bundled model when the user's failed), e.g. "Built-in model …". */
  sourceLabel: z.string(),
  /** Searchable tools with a vector, of `total`. */
  ready: z.number().int().min(0),
  total: z.number().int().min(0),
  /** A fallback or failure the user should know about. */
  note: z.string().optional(),
})
export type SemanticStatus = z.infer<typeof semanticStatusSchema>

/** Which ranking answered a search: fused (every tool had a vector), partial (some did), lexical. */
export const searchRankingSchema = z.enum(['fused', 'partial', 'lexical'])
export type SearchRanking = z.infer<typeof searchRankingSchema>
