import type { CardContent, SamplingCard } from '../../shared/sampling/sampling-card'
import { askedInsideLine, revealedFirstLine, revealedTerminalText, truncate } from './terminal-text'

/** How much of the system prompt and of each text item the terminal summary shows. */
export const SYSTEM_PROMPT_PREVIEW_CHARS = 200
export const MESSAGE_TEXT_PREVIEW_CHARS = 500
/** Ineligible models named before "and N more": the reasons matter, a long list buries the question. */
const INELIGIBLE_SHOWN = 5

/**
 * The approval card of a sampling request as terminal lines, for `mcp-desk call`'s prompt: who asks, which
 * model would run, and what would be sent. Everything a server wrote (names, prompts, hints) is untrusted
 * and shown through revealedTerminalText, so escape sequences and invisible characters cannot fake or hide part
 * of the summary.
 */
export function samplingCardLines(card: SamplingCard): string[] {
  const lines = [
    `${revealedFirstLine(card.serverName)} (${revealedFirstLine(card.transportLabel)}) wants to run a model`,
  ]
  if (card.askedInside) lines.push(askedInsideLine(card.askedInside))
  const alternatives = card.model.eligible.filter((choice) => choice.ref !== card.model.chosen)
  lines.push(
    `  Model: ${revealedFirstLine(card.model.chosen)}` +
      (alternatives.length > 0
        ? ` -- also eligible: ${alternatives.map((choice) => revealedFirstLine(choice.ref)).join(', ')}`
        : ''),
  )
  // Nobody stated that the chosen model can take this request: the user should know before approving.
  const unknowns = card.model.eligible.find((choice) => choice.ref === card.model.chosen)?.unknowns ?? []
  if (unknowns.length > 0) lines.push(`    may not work: ${unknowns.map(revealedFirstLine).join('; ')}`)
  for (const rejected of card.model.ineligible.slice(0, INELIGIBLE_SHOWN)) {
    lines.push(
      `    not eligible: ${revealedFirstLine(rejected.ref)} (${rejected.reasons.map(revealedFirstLine).join('; ')})`,
    )
  }
  if (card.model.ineligible.length > INELIGIBLE_SHOWN) {
    lines.push(`    and ${card.model.ineligible.length - INELIGIBLE_SHOWN} more not eligible`)
  }
  if (card.hints.length > 0) lines.push(`  Hints: ${card.hints.map(revealedFirstLine).join(', ')}`)
  const priorities = priorityText(card.priorities)
  if (priorities) lines.push(`  Priorities: ${priorities}`)
  lines.push(`  ${limitsText(card)}`)
  if (card.systemPrompt !== undefined) {
    lines.push(`  System prompt (${card.systemPrompt.length} chars):`)
    lines.push(...indented(truncate(card.systemPrompt, SYSTEM_PROMPT_PREVIEW_CHARS), '    '))
  }
  card.messages.forEach((message, index) => {
    lines.push(`  Message ${index + 1} (${message.role}):`)
    for (const item of message.content) lines.push(...contentLines(item))
  })
  lines.push(`  ${estimateText(card)}`)
  const usage = card.usageToday
  if (usage.requests > 0) {
    lines.push(
      `  This server today: ${plural(usage.requests, 'request')}, ` +
        `${usage.inputTokens} tokens in, ${usage.outputTokens} out`,
    )
  }
  return lines
}

/** The review phase: the completion the model wrote, all of it, since it is what the server would get. */
export function completionLines(card: SamplingCard): string[] {
  const completion = card.completion ?? ''
  return [
    `${revealedFirstLine(card.serverName)} (${revealedFirstLine(card.transportLabel)}): ` +
      `${revealedFirstLine(card.model.chosen)} answered (${completion.length} chars):`,
    ...indented(completion, '    '),
    ...(card.completionCutOff
      ? [
          `  Cut off: the model stopped at this request's limit of ${card.maxTokens} tokens; the answer is incomplete.`,
        ]
      : []),
  ]
}

/** One content item: text up to 500 characters, media as a bracketed line with type, size and length. */
export function contentLines(item: CardContent): string[] {
  switch (item.type) {
    case 'text':
      return indented(truncate(item.text, MESSAGE_TEXT_PREVIEW_CHARS), '    ')
    case 'image': {
      const dimensions = item.width && item.height ? ` ${item.width}×${item.height}` : ''
      return [`    [image ${revealedFirstLine(item.mimeType)}${dimensions}, ${formatBytes(item.bytes)}]`]
    }
    case 'audio': {
      const duration = item.durationMs !== undefined ? `, ${(item.durationMs / 1000).toFixed(1)} s` : ''
      return [`    [audio ${revealedFirstLine(item.mimeType)}, ${formatBytes(item.bytes)}${duration}]`]
    }
    case 'other':
      return [`    [${revealedFirstLine(item.summary)}]`]
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${roundTo(bytes / 1024)} KiB`
  return `${roundTo(bytes / (1024 * 1024))} MiB`
}

/** US dollars with enough digits that a fraction of a cent is still visible. */
export function formatUsd(amount: number): string {
  if (amount === 0) return '$0'
  if (amount >= 0.01) return `$${amount.toFixed(2)}`
  const fixed = amount.toFixed(6).replace(/0+$/, '')
  return fixed === '0.' ? '< $0.000001' : `$${fixed}`
}

function limitsText(card: SamplingCard): string {
  const parts = [`Max tokens: ${card.maxTokens}`]
  if (card.temperature !== undefined) parts.push(`temperature: ${card.temperature}`)
  if (card.stopSequences.length > 0) {
    parts.push(
      `stop: ${card.stopSequences
        .map((stop) => JSON.stringify(stop))
        .map(revealedTerminalText)
        .join(', ')}`,
    )
  }
  return parts.join(', ')
}

function estimateText(card: SamplingCard): string {
  const chosen = card.model.eligible.find((choice) => choice.ref === card.model.chosen)
  const cost = chosen?.estimatedInputCost
  return (
    `Estimated input: ~${card.estimatedInputTokens} tokens` +
    (cost !== undefined ? `, ~${formatUsd(cost)} with ${revealedFirstLine(card.model.chosen)}` : '')
  )
}

function priorityText(priorities: SamplingCard['priorities']): string {
  const named = [
    ['cost', priorities.cost],
    ['speed', priorities.speed],
    ['intelligence', priorities.intelligence],
  ] as const
  return named.flatMap(([name, value]) => (value === undefined ? [] : [`${name} ${value}`])).join(', ')
}

/** Multi-line text, made safe, each line indented so it reads as part of the summary, not as new output. */
function indented(text: string, prefix: string): string[] {
  return revealedTerminalText(text)
    .split('\n')
    .map((line) => `${prefix}${line}`)
}

function roundTo(value: number): string {
  return value >= 10 ? String(Math.round(value)) : String(Math.round(value * 10) / 10)
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
