/**
 * Words of free text and of identifiers, lower-cased: `ebay_get_offer`, `API-patch-block-children`,
 * `getDCFValuation` and `getForex1HourData` all read as the words a person would type. Tool names are
 * the strongest signal of what a tool does, but servers glue their words together in every convention.
 */

/** Runs of letters and digits; everything else (space, `_`, `-`, `.`, `/`, punctuation) separates. */
const ALNUM_RUN = /[\p{L}\p{N}]+/gu

/**
 * Boundaries inside one run: lower→Upper (`getOffer`), the last capital of an acronym before a
 * capitalised word (`DCFValuation` → `DCF`, `Valuation`), and letter↔digit (`Forex1Hour`, `SP500`).
 */
const CAMEL_BOUNDARY =
  /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u

/** The parts of one identifier-like run, lower-cased, in order. */
export function splitIdentifier(run: string): string[] {
  return run
    .split(CAMEL_BOUNDARY)
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase())
}

export interface WordsOptions {
  /** Also split camelCase and letter/digit runs (snake and kebab case always split). */
  splitCamel?: boolean
}

/** Apostrophes inside words: `client's` and `aren't` stay one word (`clients`, `arent`). */
const APOSTROPHE = /(?<=\p{L})['\u2019](?=\p{L})/gu

/** Lower-cased words of `text` in order, duplicates kept (term frequency matters to BM25). */
export function words(text: string, options: WordsOptions = {}): string[] {
  const splitCamel = options.splitCamel ?? true
  const out: string[] = []
  for (const match of text.replace(APOSTROPHE, '').matchAll(ALNUM_RUN)) {
    const run = match[0]
    if (!splitCamel) {
      out.push(run.toLowerCase())
      continue
    }
    out.push(...splitIdentifier(run))
  }
  return out
}
