/**
 * Warnings about the tool set (a local tool and a server's tool clashing on a name) hold for as long as
 * the servers' tools do, but the tool set is built for every turn, twice when tool search is on: logged
 * each time, one clash wrote the same line on every message the user sent. A warning is logged when it
 * appears, and again only after a turn whose tool set did not have it, so a clash that comes back is seen.
 * The lines name the server and tool, so this is once per server and tool while the clash lasts.
 */
export class TurnWarnings {
  readonly #log: (line: string) => void
  #lastTurn = new Set<string>()

  constructor(log: (line: string) => void) {
    this.#log = log
  }

  /** Builds one turn's tool set with a log that passes on only warnings the last turn did not have. */
  during<T>(build: (log: (line: string) => void) => T): T {
    const thisTurn = new Set<string>()
    try {
      return build((line) => {
        if (!this.#lastTurn.has(line) && !thisTurn.has(line)) this.#log(line)
        thisTurn.add(line)
      })
    } finally {
      this.#lastTurn = thisTurn
    }
  }
}
