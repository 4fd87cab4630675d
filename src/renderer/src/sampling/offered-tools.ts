import type { SamplingCard } from '../../../shared/sampling/sampling-card'

/**
 * The tools a sampling request offers the model (SEP-1577), as the approval card shows them and as the
 * user trims them. Pure, so the rules are tested without rendering.
 */

export type OfferedTool = SamplingCard['tools'][number]
export type ToolChoiceMode = NonNullable<SamplingCard['toolChoice']>

/** A request that names no mode lets the model decide, as the SEP's default `{ mode: "auto" }` does. */
export function toolChoiceMode(card: SamplingCard): ToolChoiceMode {
  return card.toolChoice ?? 'auto'
}

export const toolChoiceTexts: Record<ToolChoiceMode, string> = {
  auto: 'the model may call these tools',
  required: 'the model must call one of these tools',
  none: 'listed, but the model may not call them',
}

/** The unchecked tools that are still on the card, in the card's order (a stale name is not sent). */
export function removedToolNames(card: SamplingCard, removed: ReadonlySet<string>): string[] {
  return card.tools.filter((tool) => removed.has(tool.name)).map((tool) => tool.name)
}

/**
 * Why the offer cannot be approved as it stands, or undefined. Only one case: the server requires a tool
 * call and the user took every tool out, which the host refuses, so approving would only fail later.
 */
export function toolOfferProblem(card: SamplingCard, removed: ReadonlySet<string>): string | undefined {
  if (card.tools.length === 0 || toolChoiceMode(card) !== 'required') return undefined
  if (removedToolNames(card, removed).length < card.tools.length) return undefined
  return (
    'The server requires the model to call a tool, but every tool is unchecked: the model would be asked ' +
    'to call a tool with none offered, and the host will refuse the request. Check at least one tool, or deny.'
  )
}

/** Past this size a schema starts collapsed, so one large definition does not push the buttons away. */
export const LONG_SCHEMA_BYTES = 2 * 1024

export function schemaJson(schema: OfferedTool['inputSchema']): string {
  return JSON.stringify(schema, null, 2)
}

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length
}
