import { withDefaults } from '../../../src/shared/elicitation/field-defaults'
import { validateContent } from '../../../src/shared/elicitation/validate-content'
import type { ElicitationAnswer, ElicitationCard } from '../../../src/shared/elicitation/elicitation-card'
import type { IpcResult } from '../../../src/shared/ipc/ipc-error'

/**
 * Servers' questions as the fake host holds them, answered like ElicitationService: a form answer gets its
 * defaults and is checked before it counts (a bad one is refused naming the field, the card stays); an
 * accepted URL card stays, opened, until the test completes it or the user dismisses it.
 */
export class FakeElicitations {
  cards: ElicitationCard[] = []
  readonly answers: ElicitationAnswer[] = []
  readonly #changed: (cards: ElicitationCard[]) => void

  constructor(changed: (cards: ElicitationCard[]) => void) {
    this.#changed = changed
  }

  /** A server asks (the host emits `elicitation:changed`). */
  ask(card: ElicitationCard): void {
    this.cards = [...this.cards, card]
    this.#changed(this.cards)
  }

  /**
   * The seq of the last delta announced, as `elicitation:list` answers carry (set by whoever turns changes
   * into deltas; `listed` tells it what the window got from a list).
   */
  seq = 0
  listed: (cards: ElicitationCard[]) => void = () => undefined

  list(): Promise<IpcResult<{ elicitations: ElicitationCard[]; seq: number }>> {
    this.listed(this.cards)
    return ok({ elicitations: this.cards, seq: this.seq })
  }

  answer(answer: ElicitationAnswer): Promise<IpcResult<{ sent: true }>> {
    const card = this.cards.find((candidate) => candidate.id === answer.id)
    if (!card) return failure(`no pending elicitation with id "${answer.id}"`, 'not_found')
    if (card.mode === 'form' && answer.action === 'accept') {
      const checked = validateContent(card.fields, withDefaults(card.fields, answer.content ?? {}))
      if (!checked.ok) {
        return failure(checked.issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '))
      }
      this.answers.push({ ...answer, content: checked.content })
    } else {
      this.answers.push(answer)
    }
    this.cards =
      card.mode === 'url' && answer.action === 'accept'
        ? this.cards.map((c) => (c.id === card.id ? { ...card, opened: true } : c))
        : this.cards.filter((c) => c.id !== card.id)
    this.#changed(this.cards)
    return ok({ sent: true as const })
  }

  dismiss(id: string): Promise<IpcResult<{ dismissed: true }>> {
    this.cards = this.cards.filter((card) => card.id !== id)
    this.#changed(this.cards)
    return ok({ dismissed: true as const })
  }
}

function ok<T>(value: T): Promise<IpcResult<T>> {
  return Promise.resolve({ ok: true, value })
}

function failure(message: string, code: 'validation_failed' | 'not_found' = 'validation_failed') {
  return Promise.resolve({ ok: false as const, error: { code, message } })
}
