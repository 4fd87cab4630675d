import type { RequestOptions } from '@modelcontextprotocol/client'
import { z } from 'zod'
import { COMPLETION_VALUES_LIMIT, type Completion } from '../../../../shared/mcp/prompts'
import { serverRequestFailure, type ConnectedServer } from './connected-server'

export type CompletionReference = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string }

/**
 * The SDK's own result schema refuses a server that sends more than 100 values; a form only needs the
 * first ones, so the result is read leniently and cut to the limit instead.
 */
const lenientCompleteResultSchema = z.object({
  completion: z.object({
    values: z.array(z.string()),
    total: z.number().optional(),
    hasMore: z.boolean().optional(),
  }),
})

const NO_COMPLETION: Completion = { values: [], hasMore: false }

/**
 * Asks a server for values of one argument (`completion/complete`). A server that does not declare
 * `completions` is not asked: it simply has no suggestions.
 */
export async function requestCompletion(
  server: ConnectedServer,
  ref: CompletionReference,
  argument: { name: string; value: string },
  context: Record<string, string> | undefined,
  options: RequestOptions,
): Promise<Completion> {
  if (server.capabilities.completions === undefined) return NO_COMPLETION
  const params = {
    ref,
    argument,
    ...(context && Object.keys(context).length > 0 ? { context: { arguments: context } } : {}),
  }
  let result: z.infer<typeof lenientCompleteResultSchema>
  try {
    result = await server.client.request(
      { method: 'completion/complete', params },
      lenientCompleteResultSchema,
      options,
    )
  } catch (error) {
    throw serverRequestFailure(server, `complete "${argument.name}"`, error)
  }
  const { values, total, hasMore } = result.completion
  const distinct = [...new Set(values)]
  const kept = distinct.slice(0, COMPLETION_VALUES_LIMIT)
  const shownTotal = total !== undefined && Number.isInteger(total) && total >= 0 ? total : undefined
  return {
    values: kept,
    ...(shownTotal === undefined ? {} : { total: shownTotal }),
    hasMore: hasMore === true || kept.length < distinct.length,
  }
}
