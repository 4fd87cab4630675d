/**
 * What the terminal prompters (sampling approvals, elicitation) share: they follow a list of cards and ask
 * about each one at a time, in arrival order, because there is only one keyboard. `keyOf` says which cards
 * need a question (undefined: none) and tells a card asked again in a new phase from a repeated list update.
 */
export class TerminalQuestions<Card extends { id: string }> {
  readonly #source: { subscribe(listener: (cards: Card[]) => void): () => void }
  readonly #keyOf: (card: Card) => string | undefined
  readonly #ask: (card: Card) => Promise<void>
  /** Key → card id of every card already queued for a question, so repeated updates ask once. */
  readonly #seen = new Map<string, string>()
  #turn: Promise<void> = Promise.resolve()
  #unsubscribe: (() => void) | undefined
  #stopped = false

  constructor(
    source: { subscribe(listener: (cards: Card[]) => void): () => void },
    keyOf: (card: Card) => string | undefined,
    ask: (card: Card) => Promise<void>,
  ) {
    this.#source = source
    this.#keyOf = keyOf
    this.#ask = ask
  }

  get stopped(): boolean {
    return this.#stopped
  }

  start(): void {
    this.#unsubscribe ??= this.#source.subscribe((cards) => this.#onCards(cards))
  }

  /** No further questions; an answer still being typed is dropped by the prompter checking `stopped`. */
  stop(): void {
    this.#stopped = true
    this.#unsubscribe?.()
    this.#unsubscribe = undefined
  }

  /** Resolves once every question asked so far has been answered or skipped. */
  settled(): Promise<void> {
    return this.#turn
  }

  #onCards(cards: Card[]): void {
    for (const card of cards) {
      const key = this.#keyOf(card)
      if (key === undefined || this.#seen.has(key)) continue
      this.#seen.set(key, card.id)
      this.#turn = this.#turn.then(() => this.#ask(card))
    }
    // Forget cards that are gone so the set does not grow for the life of a long session.
    const live = new Set(cards.map((card) => card.id))
    for (const [key, id] of this.#seen) if (!live.has(id)) this.#seen.delete(key)
  }
}
