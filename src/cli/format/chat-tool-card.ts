import type { ToolCallCard } from '../../shared/chat/tool-call-card'
import type { ToolAnnotations, ToolChange, ToolInfo } from '../../shared/mcp/server-state'
import { revealedFirstLine, revealedTerminalText } from './terminal-text'

export const TOOL_CALL_QUESTION = 'Approve? [y/N/c(onversation)] '

/** Line diffs beyond this many compared line pairs show both sides whole instead (a schema is small). */
const MAX_DIFF_CELLS = 250_000

const HINT_NAMES: Array<keyof Omit<ToolAnnotations, 'title'>> = [
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
]

const FIELD_LABELS: Record<ToolChange['fields'][number], string> = {
  title: 'title',
  description: 'description',
  inputSchema: 'input schema',
  annotations: 'hints',
  ui: 'view (MCP App)',
}

/**
 * The approval card of one MCP tool call as terminal lines, for `mcp-desk chat`: the same facts the window's
 * card shows (server, destination, tool, arguments, the note, the server's hints, and what changed when the
 * tool's definition moved under its name). Everything a server or model wrote is made terminal-safe, so an
 * escape sequence in a description or an argument cannot repaint or hide part of the card.
 */
export function toolCallCardLines(card: ToolCallCard): string[] {
  const title = card.toolTitle !== undefined ? ` "${revealedFirstLine(card.toolTitle)}"` : ''
  const lines = [
    `Server: ${revealedFirstLine(card.serverName)} (${revealedFirstLine(card.serverId)})`,
    `Destination: ${revealedFirstLine(card.destination)}`,
    `Tool: ${revealedFirstLine(card.toolName)}${title} (${revealedFirstLine(card.exposedName)})`,
  ]
  const hints = hintText(card.annotations)
  if (hints) lines.push(`Hints from the server (they never skip approval): ${hints}`)
  lines.push('Arguments:', revealedTerminalText(card.arguments))
  // Once per server in a conversation, as in the window: repeated on every call it stops being read.
  if (!card.noteShownBefore) lines.push(card.note)
  if (card.changed) lines.push(...changeLines(card.changed))
  return lines
}

function hintText(annotations: ToolAnnotations | undefined): string {
  if (!annotations) return ''
  return HINT_NAMES.flatMap((name) =>
    annotations[name] === undefined ? [] : [`${name}=${String(annotations[name])}`],
  ).join(', ')
}

/** The rug-pull guard's warning: which parts of the definition changed, each before and after. */
export function changeLines(change: ToolChange): string[] {
  if (change.kind !== 'changed') {
    const what = change.kind === 'added' ? 'appeared' : 'was removed'
    return [`WARNING: this tool ${what} since you approved the server's tools; review it before approving.`]
  }
  const fields = change.fields.map((field) => FIELD_LABELS[field]).join(', ')
  const lines = [
    `WARNING: this tool's definition changed since you approved it (${fields}); review it before approving.`,
  ]
  const { before, after } = change
  for (const field of change.fields) {
    if (field === 'inputSchema') {
      lines.push('Input schema (- before, + after):')
      lines.push(...lineDiff(schemaLines(before), schemaLines(after)).map((line) => `  ${line}`))
      continue
    }
    const label = capitalized(FIELD_LABELS[field])
    lines.push(`${label} before:`, ...indented(fieldText(before, field)))
    lines.push(`${label} after:`, ...indented(fieldText(after, field)))
  }
  return lines
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function fieldText(
  tool: ToolInfo | undefined,
  field: 'title' | 'description' | 'annotations' | 'ui',
): string {
  if (!tool) return '(none)'
  if (field === 'annotations') return hintText(tool.annotations) || '(none)'
  if (field === 'ui') return viewText(tool)
  const value = field === 'title' ? (tool.title ?? tool.annotations?.title) : tool.description
  return value === undefined || value === '' ? '(none)' : value
}

/** A tool's view as the terminal shows a change of it: resource, who may call, the HTML's fingerprint. */
function viewText(tool: ToolInfo): string {
  const ui = tool.ui
  if (!ui) return '(none)'
  const parts = [
    ui.resourceUri ? `resource ${ui.resourceUri}` : 'no view',
    `callable by ${(ui.visibility ?? ['model', 'app']).join(' and ')}`,
  ]
  if (ui.view) parts.push(`HTML ${ui.view.bytes} bytes, sha256 ${ui.view.fingerprint.slice(0, 16)}…`)
  if (ui.view?.csp) parts.push(`may reach ${JSON.stringify(ui.view.csp)}`)
  return parts.join('; ')
}

function schemaLines(tool: ToolInfo | undefined): string[] {
  return tool ? revealedTerminalText(JSON.stringify(tool.inputSchema, null, 2)).split('\n') : []
}

function indented(text: string): string[] {
  return revealedTerminalText(text)
    .split('\n')
    .map((line) => `  ${line}`)
}

/**
 * A line diff by longest common subsequence: unchanged lines start with two spaces, removed ones with
 * "- ", added ones with "+ ". Too large to compare cheaply → every old line removed, every new one added.
 */
export function lineDiff(before: string[], after: string[]): string[] {
  if (before.length * after.length > MAX_DIFF_CELLS) {
    return [...before.map((line) => `- ${line}`), ...after.map((line) => `+ ${line}`)]
  }
  // common[i][j]: length of the longest common subsequence of before[i..] and after[j..].
  const common = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0))
  for (let i = before.length - 1; i >= 0; i -= 1) {
    for (let j = after.length - 1; j >= 0; j -= 1) {
      const row = common[i] as number[]
      const next = common[i + 1] as number[]
      row[j] = before[i] === after[j] ? (next[j + 1] ?? 0) + 1 : Math.max(next[j] ?? 0, row[j + 1] ?? 0)
    }
  }
  const lines: string[] = []
  let i = 0
  let j = 0
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      lines.push(`  ${before[i]}`)
      i += 1
      j += 1
    } else if (i < before.length && (j >= after.length || cell(common, i + 1, j) >= cell(common, i, j + 1))) {
      // Removals before additions, as unified diffs read.
      lines.push(`- ${before[i]}`)
      i += 1
    } else {
      lines.push(`+ ${after[j]}`)
      j += 1
    }
  }
  return lines
}

function cell(table: number[][], i: number, j: number): number {
  return table[i]?.[j] ?? 0
}
