import { describeZodIssues, IpcFailure } from '../../../shared/ipc/ipc-error'
import { parseModelRef } from '../../../shared/models/model-schema'
import {
  conversationTitleSchema,
  type ConversationMeta,
  type TranscriptRecord,
} from '../../../shared/chat/transcript-schema'
import type { TranscriptStore } from './transcript-store'
import { createUlidGenerator } from './ulid'

export const DEFAULT_CONVERSATION_TITLE = 'New conversation'
/** Shown for a transcript whose meta line was lost (e.g. a crash tore the very first write). */
export const UNTITLED_CONVERSATION_TITLE = 'Untitled conversation'

/** A conversation titled from its first message gets at most this many characters of it. */
export const MESSAGE_TITLE_MAX_CHARS = 60

/** The first non-empty line of a message, whitespace collapsed, cut to MESSAGE_TITLE_MAX_CHARS with `…`. */
export function titleFromMessage(message: string): string {
  const line = message.split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? message
  const clean = line.replace(/\s+/g, ' ').trim()
  const characters = [...clean]
  if (characters.length === 0) return UNTITLED_CONVERSATION_TITLE
  if (characters.length <= MESSAGE_TITLE_MAX_CHARS) return clean
  return `${characters.slice(0, MESSAGE_TITLE_MAX_CHARS - 1).join('')}…`
}

export interface ConversationServiceOptions {
  now?: () => Date
  /** Makes a new conversation id; a monotonic ULID generator on `now` by default. */
  newId?: () => string
}

export interface CreateConversationOptions {
  title?: string
  /** `provider/model`. */
  model?: string
}

export interface Conversation {
  meta: ConversationMeta
  records: TranscriptRecord[]
  /** Lines of the transcript that were skipped on load (torn or invalid). */
  warnings: string[]
}

/**
 * Conversations over the transcript store. The metadata lives in the transcript itself: `create` writes a
 * `meta` record first, and `rename`/`setModel` append another one; the last meta record wins. So nothing
 * is ever rewritten, and a transcript file alone is a complete conversation (no index to drift out of
 * step). `list` derives each conversation's metadata from its file and caches it by size and mtime, so an
 * unchanged transcript is read once.
 */
export class ConversationService {
  readonly #store: TranscriptStore
  readonly #now: () => Date
  readonly #newId: () => string
  readonly #summaries = new Map<string, { size: number; mtimeMs: number; meta: ConversationMeta }>()

  constructor(store: TranscriptStore, options: ConversationServiceOptions = {}) {
    this.#store = store
    this.#now = options.now ?? (() => new Date())
    this.#newId = options.newId ?? createUlidGenerator({ now: () => this.#now().getTime() })
  }

  create(options: CreateConversationOptions = {}): ConversationMeta {
    const title = parseTitle(options.title ?? DEFAULT_CONVERSATION_TITLE)
    const model = options.model === undefined ? undefined : parseModel(options.model)
    const id = this.#newId()
    if (this.#store.exists(id)) throw new IpcFailure('conflict', `conversation ${id} already exists`)
    this.#store.append(id, { type: 'meta', title, ...(model === undefined ? {} : { model }) })
    return this.#existing(id)
  }

  /** Appends a meta record with the new title; the transcript is not rewritten. */
  rename(id: string, title: string): ConversationMeta {
    const current = this.#existing(id)
    this.#store.append(id, {
      type: 'meta',
      title: parseTitle(title),
      ...(current.model === undefined ? {} : { model: current.model }),
    })
    return this.#existing(id)
  }

  /**
   * Chooses the model for the conversation's next turns (earlier turns keep what they recorded); null goes
   * back to the default model: the last meta record wins, so one without a model clears it.
   */
  setModel(id: string, model: string | null): ConversationMeta {
    const current = this.#existing(id)
    this.#store.append(id, {
      type: 'meta',
      title: current.title,
      ...(model === null ? {} : { model: parseModel(model) }),
    })
    return this.#existing(id)
  }

  delete(id: string): void {
    if (!this.#store.remove(id)) throw new IpcFailure('not_found', `no conversation ${id}`)
    this.#summaries.delete(id)
  }

  /** Every conversation, most recently updated first (ties: newest id first). */
  list(): ConversationMeta[] {
    const metas: ConversationMeta[] = []
    for (const id of this.#store.ids()) {
      const meta = this.#summaryIfExists(id)
      if (meta) metas.push(meta)
    }
    for (const id of this.#summaries.keys()) {
      if (!metas.some((meta) => meta.id === id)) this.#summaries.delete(id)
    }
    return metas.sort((a, b) => compareDesc(a.updatedAt, b.updatedAt) || compareDesc(a.id, b.id))
  }

  /** The conversation with every readable record; `not_found` when there is no such transcript. */
  get(id: string): Conversation {
    const stat = this.#store.stat(id)
    if (!stat) throw new IpcFailure('not_found', `no conversation ${id}`)
    const { records, warnings } = this.#store.load(id)
    const meta = summarize(id, records, new Date(stat.mtimeMs).toISOString())
    this.#summaries.set(id, { ...stat, meta })
    return { meta, records, warnings }
  }

  #existing(id: string): ConversationMeta {
    const meta = this.#summaryIfExists(id)
    if (!meta) throw new IpcFailure('not_found', `no conversation ${id}`)
    return meta
  }

  #summaryIfExists(id: string): ConversationMeta | undefined {
    const stat = this.#store.stat(id)
    if (!stat) return undefined
    const cached = this.#summaries.get(id)
    if (cached && cached.size === stat.size && cached.mtimeMs === stat.mtimeMs) return cached.meta
    return this.get(id).meta
  }
}

/**
 * Metadata from the records: the last meta record's title and model, the first record's time as created,
 * the last record's time as updated. A transcript with no readable record falls back to its file time.
 */
function summarize(id: string, records: TranscriptRecord[], fileTime: string): ConversationMeta {
  let title = UNTITLED_CONVERSATION_TITLE
  let model: string | undefined
  for (const record of records) {
    if (record.type !== 'meta') continue
    title = record.title
    model = record.model
  }
  return {
    id,
    title,
    ...(model === undefined ? {} : { model }),
    createdAt: records[0]?.at ?? fileTime,
    updatedAt: records.at(-1)?.at ?? fileTime,
  }
}

function parseTitle(title: string): string {
  const parsed = conversationTitleSchema.safeParse(title)
  if (!parsed.success) throw new IpcFailure('validation_failed', describeZodIssues(parsed.error))
  return parsed.data
}

function parseModel(model: string): string {
  if (!parseModelRef(model)) {
    throw new IpcFailure('validation_failed', `model must be "provider/model", got ${JSON.stringify(model)}`)
  }
  return model
}

function compareDesc(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0
}
