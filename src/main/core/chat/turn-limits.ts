/** Tool calls one turn may run; the next one is not executed and the turn ends with a note. */
export const MAX_TOOL_CALLS_PER_TURN = 16

/** The note recorded when a turn hits the tool call limit, so the user sees why the model stopped. */
export function toolCallLimitNote(limit: number): string {
  return `turn ended: ${limit} tool calls is the limit`
}
