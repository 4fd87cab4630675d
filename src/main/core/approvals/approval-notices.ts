import type { ToolCallCard } from '../../../shared/chat/tool-call-card'
import { isElicitationWaiting, type ElicitationCard } from '../../../shared/elicitation/elicitation-card'
import type { SamplingCard } from '../../../shared/sampling/sampling-card'
import { APP_NAME } from '../app-identity'
import type { PendingCard } from './pending-approvals'

/**
 * What the tray and the desktop notifications say about the pending approval cards: sampling requests,
 * tool calls and servers' questions alike. Pure, so the wording, the count and the "is this new?" rule are tested here and the
 * Electron glue only copies them onto native objects.
 */

export interface TrayItem {
  /** The card a click opens. */
  id: string
  label: string
}

export interface TrayState {
  /** Cards waiting for the user: the same number the bell shows. */
  count: number
  tooltip: string
  /** The oldest waiting cards first, at most {@link TRAY_ITEM_LIMIT}. */
  items: TrayItem[]
  /** `and N more` when more cards wait than the menu lists. */
  more: string | undefined
}

export interface Notice {
  /** The card a click on the notification opens. */
  cardId: string
  /** {@link waitingKey}s of the cards it tells about: once none of them waits any more, it is stale. */
  about: string[]
  title: string
  body: string
}

/** A tray menu taller than this is hard to use; the window's approvals drawer has the rest. */
export const TRAY_ITEM_LIMIT = 10
/** More new cards than this at once (a server firing a batch) get one summary notice instead of a flood. */
export const NOTICE_BURST_LIMIT = 3
export const NOTICE_TEXT_LIMIT = 120
/** Server names are chosen by whoever configured the server; keep a menu line readable. */
const SERVER_NAME_LIMIT = 40
/** Tool names and titles are chosen by the server; the same bound keeps a menu line readable. */
const TOOL_NAME_LIMIT = 40

/**
 * A sampling card waits for the user while it asks for approval or for a review; streaming cards do not. A
 * tool-call card is only pending until it is decided, so it always waits. A server's question waits until
 * answered; a link the user already opened only waits for the server, not for the user.
 */
export function isWaiting(card: PendingCard): boolean {
  switch (card.kind) {
    case 'tool-call':
      return true
    case 'elicitation':
      return isElicitationWaiting(card)
    case 'sampling':
      return card.phase === 'approval' || card.phase === 'review'
  }
}

export function trayState(cards: PendingCard[], now: Date): TrayState {
  const waiting = cards.filter(isWaiting)
  const count = waiting.length
  const tooltip =
    count === 0
      ? `${APP_NAME} — no pending approvals`
      : `${APP_NAME} — ${count} pending approval${count === 1 ? '' : 's'}`
  const items = waiting.slice(0, TRAY_ITEM_LIMIT).map((card) => ({
    id: card.id,
    label: `${whatItWants(card)} · ${waitedFor(card.createdAt, now)}`,
  }))
  const hidden = count - items.length
  return { count, tooltip, items, more: hidden > 0 ? `and ${hidden} more` : undefined }
}

/** One card in one waiting phase: a notice about its approval is stale once it streams or is reviewed. */
export function waitingKey(card: PendingCard): string {
  return `${card.id}:${waitingPhase(card)}`
}

/** A tool-call card and a server's question have one waiting phase each: pending until answered. */
function waitingPhase(card: PendingCard): string {
  return card.kind === 'sampling' ? card.phase : card.kind
}

/**
 * `Notes wants to run a model`, in the review phase `Notes wants you to review a completion`, for a tool
 * call `Notes wants to call Search notes` (the tool's title, else its name), and for a server's question
 * `Notes asks for information` or `Notes asks you to open a link`.
 */
export function whatItWants(card: PendingCard): string {
  const server = serverLabel(card)
  if (card.kind === 'tool-call') {
    const tool = oneLine(card.toolTitle ?? '') || oneLine(card.toolName)
    return `${server} wants to call ${shorten(tool, TOOL_NAME_LIMIT)}`
  }
  if (card.kind === 'elicitation') {
    return card.mode === 'form' ? `${server} asks for information` : `${server} asks you to open a link`
  }
  return card.phase === 'review'
    ? `${server} wants you to review a completion`
    : `${server} wants to run a model`
}

/** How long a card has waited, coarse enough that a menu refreshed once a minute stays right. */
export function waitedFor(createdAt: string, now: Date): string {
  const since = Date.parse(createdAt)
  // A clock step backwards or an unreadable time is not worth a confusing "-3 min".
  const minutes = Number.isNaN(since) ? 0 : Math.floor((now.getTime() - since) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h`
  return `${Math.floor(hours / 24)} d`
}

/**
 * The notifications for cards that just started waiting: one each, or a single summary for a burst. A
 * sampling body names the model and quotes the start of the first user text; images and audio are never
 * described beyond that, so nothing large or binary reaches the OS notification centre. A tool-call body
 * names the tool and where the call goes, never its arguments: the model may have put private data in
 * them, and the notification centre keeps what it was shown. A question's body quotes the start of the
 * server's message (a link's names its host first); never a field's default or anything typed.
 */
export function noticesFor(fresh: PendingCard[]): Notice[] {
  const [first] = fresh
  if (!first) return []
  if (fresh.length > NOTICE_BURST_LIMIT) {
    const servers = [...new Set(fresh.map(serverLabel))]
    return [
      {
        cardId: first.id,
        about: fresh.map(waitingKey),
        title: `${fresh.length} requests need your approval`,
        body: shorten(`From ${servers.join(', ')}`, NOTICE_TEXT_LIMIT),
      },
    ]
  }
  return fresh.map((card) => ({
    cardId: card.id,
    about: [waitingKey(card)],
    title: whatItWants(card),
    body: noticeBody(card),
  }))
}

function noticeBody(card: PendingCard): string {
  switch (card.kind) {
    case 'tool-call':
      return toolCallBody(card)
    case 'elicitation':
      return elicitationBody(card)
    case 'sampling':
      return samplingBody(card)
  }
}

function elicitationBody(card: ElicitationCard): string {
  const message = shorten(oneLine(card.message), NOTICE_TEXT_LIMIT)
  if (card.mode === 'form') return message
  const link = shorten(`Link to ${oneLine(card.host)}`, NOTICE_TEXT_LIMIT)
  return message ? `${link}\n${message}` : link
}

function toolCallBody(card: ToolCallCard): string {
  return [
    shorten(`Tool: ${oneLine(card.toolName)}`, NOTICE_TEXT_LIMIT),
    shorten(`Destination: ${oneLine(card.destination)}`, NOTICE_TEXT_LIMIT),
  ].join('\n')
}

function samplingBody(card: SamplingCard): string {
  const chosen = card.model.eligible.find((choice) => choice.ref === card.model.chosen)
  const lines = [`Model: ${chosen?.displayName ?? card.model.chosen}`]
  // Newlines and runs of spaces would waste the few lines a notification shows.
  const text = card.firstUserText?.replace(/\s+/g, ' ').trim()
  if (text) lines.push(shorten(text, NOTICE_TEXT_LIMIT))
  return lines.join('\n')
}

function serverLabel(card: PendingCard): string {
  return shorten(oneLine(card.serverName), SERVER_NAME_LIMIT)
}

/**
 * Text a server or a config chose, made fit for one line of a menu or a notification: a line break would
 * fake an extra line (a tool title ending in `\nDestination: somewhere-safe`), and invisible format
 * characters (bidi overrides, zero-width spaces) would make it read as something it is not.
 */
export function oneLine(text: string): string {
  return text
    .replace(/\p{Cf}/gu, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
}

/** At most `limit` characters (code points, so an emoji is never cut in half), ending in `…` when cut. */
export function shorten(text: string, limit: number): string {
  const chars = Array.from(text)
  if (chars.length <= limit) return text
  return `${chars.slice(0, limit - 1).join('')}…`
}

/**
 * Tells which cards newly started waiting since the previous call, so each card notifies once, and again
 * only when it enters another waiting phase (a sampling approval, later the review of its completion).
 */
export class NewApprovalDetector {
  /** `id` → the waiting phases already reported; dropped when the card leaves the queue. */
  readonly #reported = new Map<string, Set<string>>()

  next<Card extends PendingCard>(cards: Card[]): Card[] {
    const fresh: Card[] = []
    const present = new Set<string>()
    for (const card of cards) {
      present.add(card.id)
      if (!isWaiting(card)) continue
      let phases = this.#reported.get(card.id)
      if (!phases) this.#reported.set(card.id, (phases = new Set()))
      const phase = waitingPhase(card)
      if (phases.has(phase)) continue
      phases.add(phase)
      fresh.push(card)
    }
    for (const id of this.#reported.keys()) if (!present.has(id)) this.#reported.delete(id)
    return fresh
  }
}
