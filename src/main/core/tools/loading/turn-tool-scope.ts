/** At most this many tools found by search are loaded in one turn (seed 000). */
export const MAX_LOADED_TOOLS = 32

/** What the model is told when it calls an MCP tool that is not loaded: recoverable, nothing was sent. */
export function notLoadedMessage(name: string, searchToolName: string): string {
  return (
    `${name} is not loaded, so nothing was sent. Call ${searchToolName} to find it first; ` +
    'the tools it finds can be called in your next step.'
  )
}

export interface LoadResult {
  loaded: string[]
  /** Found tools that were not loaded, with why. */
  skipped: Array<{ name: string; reason: string }>
  /** Set when the whole result was ignored (a search of a catalog that has since changed). */
  ignored?: string
}

/**
 * Which tools the model sees in each step of one user turn while tool search is on: the host's own tools,
 * the tools of servers marked "always loaded", and whatever completed searches of this turn found (at most
 * 32). A new user message starts a new scope, so loaded tools are hidden again. Calls to MCP tools that are
 * not loaded are refused before anything is sent.
 */
export class TurnToolScope {
  readonly #alwaysActive: ReadonlySet<string>
  readonly #searchable: ReadonlySet<string>
  readonly #fingerprint: string
  readonly #searchToolName: string
  readonly #loaded = new Set<string>()

  constructor(options: {
    /** Local tools (search included) and always-loaded MCP tools. */
    alwaysActive: Iterable<string>
    /** The MCP tools reachable only through search: the catalog's tools. */
    searchable: Iterable<string>
    /** The catalog fingerprint the model was shown this turn. */
    fingerprint: string
    searchToolName: string
  }) {
    this.#alwaysActive = new Set(options.alwaysActive)
    this.#searchable = new Set(options.searchable)
    this.#fingerprint = options.fingerprint
    this.#searchToolName = options.searchToolName
  }

  get fingerprint(): string {
    return this.#fingerprint
  }

  get loaded(): readonly string[] {
    return [...this.#loaded]
  }

  /** The names to offer in the next step, in the order of `allNames` (which is the turn's stable order). */
  activeNames(allNames: readonly string[]): string[] {
    return allNames.filter((name) => this.#alwaysActive.has(name) || this.#loaded.has(name))
  }

  /** Why this call may not run now, or undefined when it may. */
  refusal(name: string): string | undefined {
    if (this.#searchable.has(name) && !this.#loaded.has(name))
      return notLoadedMessage(name, this.#searchToolName)
    return undefined
  }

  /**
   * Loads the tools a completed search found, if the search saw the catalog this turn was built from: a
   * result from a catalog that changed since (a server re-listed its tools) may name tools that are gone or
   * different, so it is ignored as a whole.
   */
  load(found: readonly string[], searchedFingerprint: string): LoadResult {
    if (searchedFingerprint !== this.#fingerprint) {
      return {
        loaded: [],
        skipped: [],
        ignored: 'the tool catalog changed since this turn began; search again after the next message',
      }
    }
    const result: LoadResult = { loaded: [], skipped: [] }
    for (const name of found) {
      if (this.#alwaysActive.has(name)) continue
      if (!this.#searchable.has(name)) {
        result.skipped.push({ name, reason: 'not a tool of this conversation' })
      } else if (this.#loaded.has(name)) {
        result.loaded.push(name)
      } else if (this.#loaded.size >= MAX_LOADED_TOOLS) {
        result.skipped.push({ name, reason: `${MAX_LOADED_TOOLS} tools are loaded already this turn` })
      } else {
        this.#loaded.add(name)
        result.loaded.push(name)
      }
    }
    return result
  }
}
