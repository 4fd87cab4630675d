import type { EventChannel, EventOf, RequestOf, ResponseOf } from '../../../src/shared/ipc/contract'
import type { IpcResult } from '../../../src/shared/ipc/ipc-error'
import type { AuditEntry, SamplingCard } from '../../../src/shared/sampling/sampling-card'
import { samplingSettingsSchema, type SamplingSettings } from '../../../src/shared/settings/settings-schema'
import { CardDeltas } from './card-deltas'

export interface FakeApprovalsHooks {
  emit: <E extends EventChannel>(event: E, payload: EventOf<E>) => void
  sampling: () => SamplingSettings
  setSampling: (sampling: SamplingSettings) => void
}

type Result<C extends 'approvals:decide' | 'sampling:stop' | 'sampling:update-settings'> = Promise<
  IpcResult<ResponseOf<C>>
>

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}

/**
 * The sampling half of the fake host, behaving like ApprovalQueue + SamplingService behind IPC: a decision
 * on a waiting card is recorded and moves it on (approve → streaming, approve in review or deny → gone),
 * `stream` sends deltas with running counts, Stop ends a streaming card, and every change is announced with
 * `approvals:changed` as the host does.
 */
export class FakeApprovals {
  cards: SamplingCard[] = []
  readonly #deltas = new CardDeltas<SamplingCard>()
  entries: AuditEntry[] = []
  readonly decisions: Array<RequestOf<'approvals:decide'>> = []
  readonly #hooks: FakeApprovalsHooks
  readonly #counts = new Map<string, { chunks: number; chars: number }>()

  constructor(hooks: FakeApprovalsHooks) {
    this.#hooks = hooks
  }

  /** Adds or replaces a card (by id) and announces the new list. */
  show(card: SamplingCard): void {
    const known = this.cards.some((existing) => existing.id === card.id)
    this.cards = known
      ? this.cards.map((existing) => (existing.id === card.id ? card : existing))
      : [...this.cards, card]
    this.#changed()
  }

  update(id: string, patch: Partial<SamplingCard>): void {
    const card = this.cards.find((existing) => existing.id === id)
    if (card) this.show({ ...card, ...patch })
  }

  remove(id: string): void {
    this.cards = this.cards.filter((card) => card.id !== id)
    this.#changed()
  }

  /** One streamed delta for a card, with the host's running chunk and character counts. */
  stream(id: string, delta: string): void {
    const previous = this.#counts.get(id) ?? { chunks: 0, chars: 0 }
    const counts = { chunks: previous.chunks + 1, chars: previous.chars + delta.length }
    this.#counts.set(id, counts)
    this.#hooks.emit('sampling:stream', { id, delta, ...counts })
  }

  record(entry: AuditEntry): void {
    this.entries = [entry, ...this.entries]
    this.#hooks.emit('sampling:activity', { entry })
  }

  list(): Promise<IpcResult<ResponseOf<'approvals:list'>>> {
    return ok({ approvals: this.cards, seq: this.#deltas.listed(this.cards) })
  }

  decide(request: RequestOf<'approvals:decide'>): Result<'approvals:decide'> {
    const card = this.cards.find((existing) => existing.id === request.id)
    if (!card || card.phase === 'streaming') {
      return Promise.resolve({
        ok: false,
        error: { code: 'not_found', message: `no pending approval with id "${request.id}"` },
      })
    }
    this.decisions.push(request)
    if (request.decision.kind !== 'deny' && card.phase === 'approval') {
      this.update(card.id, { phase: 'streaming' })
    } else {
      this.remove(card.id)
    }
    return ok({ accepted: true as const })
  }

  stop({ id }: RequestOf<'sampling:stop'>): Result<'sampling:stop'> {
    const card = this.cards.find((existing) => existing.id === id)
    if (!card || card.phase !== 'streaming') return ok({ stopped: false })
    this.remove(id)
    return ok({ stopped: true })
  }

  activity({
    limit = 200,
  }: RequestOf<'sampling:activity'>): Promise<IpcResult<ResponseOf<'sampling:activity'>>> {
    return ok({ entries: this.entries.slice(0, limit) })
  }

  updateSettings(patch: RequestOf<'sampling:update-settings'>): Result<'sampling:update-settings'> {
    const parsed = samplingSettingsSchema.partial().strict().safeParse(patch)
    if (!parsed.success) {
      return Promise.resolve({
        ok: false,
        error: {
          code: 'validation_failed',
          message: `invalid sampling settings: ${parsed.error.issues[0]?.message}`,
        },
      })
    }
    // Only the keys sent change: zod's partial() fills in defaults for the others, which must not reset them.
    const given = Object.keys(patch) as Array<keyof SamplingSettings>
    const sampling = { ...this.#hooks.sampling() }
    for (const key of given) Object.assign(sampling, { [key]: parsed.data[key] })
    this.#hooks.setSampling(sampling)
    return ok(sampling)
  }

  #changed(): void {
    const changes = this.#deltas.next(this.cards)
    if (changes) this.#hooks.emit('approvals:changed', changes)
  }
}
